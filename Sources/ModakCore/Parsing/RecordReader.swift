import Foundation

/// Reads typed fields out of a `RawRecord`, logging every problem instead of stopping at the first.
struct RecordReader {
    let record: RawRecord
    let knownKeys: [String]
    /// What the record is called in messages ("saying", "gift", …).
    let noun: String

    init(_ record: RawRecord, noun: String, knownKeys: [String], log: inout DiagnosticLog) {
        self.record = record
        self.noun = noun
        self.knownKeys = knownKeys
        // JSON allows a key twice and the first would silently win; front matter already rejects this.
        // Only known keys are checked (an unknown one is an error anyway): a few comparisons per
        // field, where a dictionary of all keys cost more than reading the values.
        for known in knownKeys {
            var firstLine: Int?
            for (key, field) in record.fields where key == known {
                if let firstLine {
                    log.error(
                        location(line: field.line), "`\(key)` is set twice (first on line \(firstLine)): keep one")
                } else {
                    firstLine = field.line
                }
            }
        }
        for (key, field) in record.fields where !knownKeys.contains(key) {
            var message = "unknown key `\(key)` in a \(noun)"
            if let suggestion = KeySuggestion.nearest(to: key, among: knownKeys) {
                message += ": did you mean `\(suggestion)`?"
            } else {
                message += "; known keys: \(knownKeys.map { "`\($0)`" }.joined(separator: ", "))"
            }
            log.error(location(line: field.line), message)
        }
    }

    func location(line: Int) -> SourceLocation { SourceLocation(path: record.path, line: line) }

    func location(of key: String) -> SourceLocation {
        location(line: record[key]?.line ?? record.line)
    }

    /// A text field, NFC-normalised. `nil` when missing (logged if `required`) or of the wrong type (logged).
    func string(_ key: String, required: Bool = false, log: inout DiagnosticLog) -> String? {
        guard let field = record[key] else {
            if required { log.error(record.location, "the \(noun) has no `\(key)`: add `\(key)`") }
            return nil
        }
        switch field.value {
        case .string(let text):
            let cleaned = TextCleaning.clean(text.nfc)
            if cleaned.firstLine != nil {
                log.warning(
                    location(line: field.line), "`\(key)` holds invisible control characters, which were removed")
            }
            return cleaned.text
        case .number(let text): return text
        case .null where !required: return nil
        default:
            log.error(location(line: field.line), "`\(key)` must be a string, not \(field.value.kindName)")
            return nil
        }
    }

    /// A required text that holds more than blanks: an empty one is an error like a missing one.
    func nonBlankString(_ key: String, log: inout DiagnosticLog) -> String? {
        guard let text = string(key, required: true, log: &log) else { return nil }
        guard !text.allSatisfy(\.isWhitespace) else {
            log.error(location(of: key), "the \(noun)'s `\(key)` is empty: fill in `\(key)`")
            return nil
        }
        return text
    }

    func stringList(_ key: String, log: inout DiagnosticLog) -> [String] {
        guard let field = record[key] else { return [] }
        switch field.value {
        case .list(let items): return items.map(\.nfc)
        case .null: return []
        default:
            log.error(location(line: field.line), "`\(key)` must be a list like `[a, b]`, not \(field.value.kindName)")
            return []
        }
    }

    /// A whole number; front matter gives it as text, JSON as a number.
    func integer(_ key: String, required: Bool = false, in range: ClosedRange<Int>, log: inout DiagnosticLog) -> Int? {
        guard let field = record[key] else {
            if required { log.error(record.location, "the \(noun) has no `\(key)`: add `\(key)`") }
            return nil
        }
        let text: String
        switch field.value {
        case .number(let value), .string(let value): text = value
        default:
            log.error(location(line: field.line), "`\(key)` must be a whole number, not \(field.value.kindName)")
            return nil
        }
        guard let value = Int(text) else {
            log.error(location(line: field.line), "`\(key)` must be a whole number, not `\(text.prefix(30))`")
            return nil
        }
        guard range.contains(value) else {
            log.error(
                location(line: field.line), "`\(key)` is \(value), outside \(range.lowerBound)…\(range.upperBound)")
            return nil
        }
        return value
    }

    func bool(_ key: String, log: inout DiagnosticLog) -> Bool? {
        guard let field = record[key] else { return nil }
        switch field.value {
        case .bool(let flag): return flag
        case .string("true"): return true
        case .string("false"): return false
        default:
            log.error(location(line: field.line), "`\(key)` must be true or false")
            return nil
        }
    }

    func time(_ key: String, required: Bool, in timeZone: TimeZone, log: inout DiagnosticLog) -> Date? {
        guard let text = string(key, required: required, log: &log) else { return nil }
        do {
            return try TimeParser.read(text, in: timeZone)
        } catch {
            log.error(location(of: key), "`\(key)` is `\(text.prefix(40))`, not a time: \(error)")
            return nil
        }
    }

    /// An id or slug safe to use as one path component.
    func identifier(_ key: String, log: inout DiagnosticLog) -> String? {
        guard let id = string(key, required: true, log: &log) else { return nil }
        guard Identifier.isValid(id) else {
            log.error(location(of: key), "`\(key)` `\(id.prefix(70))` must be 1 to 64 letters, digits, `_` or `-`")
            return nil
        }
        return id
    }
}

public enum Identifier {
    /// `[A-Za-z0-9_-]{1,64}`: ids and slugs become folder names, so nothing else may pass.
    public static func isValid(_ text: String) -> Bool {
        let utf8 = text.utf8
        return (1...64).contains(utf8.count)
            && utf8.allSatisfy { byte in
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                    || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_")
                    || byte == UInt8(ascii: "-")
            }
    }
}

public enum KeySuggestion {
    /// The known key closest to a misspelt one, when it is close enough to be a likely typo.
    public static func nearest(to key: String, among candidates: [String]) -> String? {
        let lowered = key.lowercased()
        let scored = candidates.map { ($0, distance(Array(lowered), Array($0.lowercased()))) }
        guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
        // At most half the letters may differ: `tmie` → `time`, but `foo` is no typo of `kor`.
        return best.1 * 2 <= max(lowered.count, best.0.count) ? best.0 : nil
    }

    /// Levenshtein edit distance.
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1]
            for (j, y) in b.enumerated() {
                current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }
}
