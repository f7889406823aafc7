import UTF8Bytes

/// A text's UTF-8 bytes, read by offset, with what the front-matter grammar asks of them.
///
/// The grammar is defined over characters, but every sign of it (`---`, `:`, blanks, quotes,
/// brackets, `#`) is ASCII, and an ASCII byte never occurs inside a longer sequence. The two
/// readings differ only where a sign is joined into one character with the scalar next to it — a
/// combining mark (or another extender) after it, or a prepended mark (U+0600 and the like) before
/// it — and that is asked of the standard library at exactly those places (`standsAlone`). Walking
/// `Substring` indices instead cost about five times as much (bench/README.md#decision-text-read-as-utf-8-bytes).
struct FrontMatterBytes {
    let buffer: UnsafeBufferPointer<UInt8>

    subscript(offset: Int) -> UInt8 { buffer[offset] }

    static func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
    }

    func string(_ range: Range<Int>) -> String {
        String(copyingValidUTF8: UnsafeBufferPointer(rebasing: buffer[range]))
    }

    /// The character that starts at `offset` in the text `range`, for messages.
    func character(at offset: Int, in range: Range<Int>) -> Character {
        string(offset..<range.upperBound).first!
    }

    /// Whether the ASCII byte at `offset` is a character of its own in the text `range`. An ASCII
    /// byte can join only the scalars right before and after it, so those decide.
    func standsAlone(_ offset: Int, in range: Range<Int>) -> Bool {
        let next = offset + 1
        if next < range.upperBound && buffer[next] >= 0x80 {
            let lead = buffer[next]
            let scalarLength = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
            if string(offset..<min(range.upperBound, next + scalarLength)).count != 2 { return false }
        }
        if offset > range.lowerBound && buffer[offset - 1] >= 0x80 {
            var previous = offset - 1
            while previous > range.lowerBound && buffer[previous] & 0xC0 == 0x80 { previous -= 1 }
            if string(previous..<offset + 1).count != 2 { return false }
        }
        return true
    }

    /// Whether the character at `offset` in the text `range` is `character` (ASCII) alone.
    func isCharacter(_ character: Unicode.Scalar, at offset: Int, in range: Range<Int>) -> Bool {
        buffer[offset] == UInt8(ascii: character) && standsAlone(offset, in: range)
    }

    /// Whether the text `range` starts with the character `character` (ASCII) alone.
    func startsWithCharacter(_ character: Unicode.Scalar, _ range: Range<Int>) -> Bool {
        guard let first = range.first else { return false }
        return isCharacter(character, at: first, in: range)
    }

    /// Whether the text `range` starts with a space or a tab that is a character of its own.
    func startsWithBlank(_ range: Range<Int>) -> Bool {
        guard let first = range.first else { return false }
        return Self.isBlank(buffer[first]) && standsAlone(first, in: range)
    }

    /// The offset of the first character `character` (ASCII) in the text `range`.
    func firstCharacter(_ character: Unicode.Scalar, in range: Range<Int>) -> Int? {
        range.first { isCharacter(character, at: $0, in: range) }
    }

    /// `range` up to where a `#` after a blank (or at the start) begins a comment, as in YAML,
    /// without the blanks before it.
    func withoutComment(_ range: Range<Int>) -> Range<Int> {
        var from = range.lowerBound
        while let hash = buffer.firstOffset(of: UInt8(ascii: "#"), in: from..<range.upperBound) {
            if standsAlone(hash, in: range)
                && (hash == range.lowerBound || Self.isBlank(buffer[hash - 1]) && standsAlone(hash - 1, in: range))
            {
                return trimmingBlanks(range.lowerBound..<hash)
            }
            from = hash + 1
        }
        return range
    }

    /// `range` without the spaces and tabs around it. The same as going by characters but in two
    /// cases: a leading blank joined to a combining mark after it is no blank character and stays,
    /// and a trailing blank goes even when a prepended mark before it (U+0600 and the like) joins it.
    func trimmingBlanks(_ range: Range<Int>) -> Range<Int> {
        var start = range.lowerBound
        while start < range.upperBound && Self.isBlank(buffer[start]) { start += 1 }
        if start > range.lowerBound && !standsAlone(start - 1, in: range) { start -= 1 }
        return start..<trailingBlanksTrimmed(start..<range.upperBound)
    }

    /// The end of `range` without its trailing spaces and tabs, taken by bytes (see `trimmingBlanks`).
    func trailingBlanksTrimmed(_ range: Range<Int>) -> Int {
        var end = range.upperBound
        while end > range.lowerBound && Self.isBlank(buffer[end - 1]) { end -= 1 }
        return end
    }

    /// Whether `range` starts with `-` alone, followed by a blank or nothing: a YAML block list's item.
    func isBlockListItem(_ range: Range<Int>) -> Bool {
        guard startsWithCharacter("-", range) else { return false }
        let dash = range.lowerBound
        return dash + 1 == range.upperBound || Self.isBlank(buffer[dash + 1])
    }

    /// Whether the line can belong to a YAML block opened above it: blank, indented, or a block list's item.
    func continuesYAMLBlock(_ line: Range<Int>) -> Bool {
        line.isEmpty || Self.isBlank(buffer[line.lowerBound]) || isBlockListItem(line)
    }

    /// Whether the line is `---`, perhaps with trailing blanks.
    func isDelimiter(_ line: Range<Int>) -> Bool {
        let end = trailingBlanksTrimmed(line)
        return end - line.lowerBound == 3 && buffer[line.lowerBound..<end].allSatisfy { $0 == UInt8(ascii: "-") }
    }
}

extension Unicode.Scalar {
    var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
}
