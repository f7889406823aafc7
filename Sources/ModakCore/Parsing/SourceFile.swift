/// A content file as read from disk: the only thing the core knows about files.
public struct SourceFile: Sendable, Equatable {
    /// Path relative to the content folder, with `/` separators (e.g. `sayings/42.md`).
    public var relativePath: String
    /// Path shown in diagnostics (e.g. `content/sayings/42.md`).
    public var displayPath: String
    public var bytes: [UInt8]

    public init(relativePath: String, displayPath: String? = nil, bytes: [UInt8]) {
        self.relativePath = relativePath
        self.displayPath = displayPath ?? relativePath
        self.bytes = bytes
    }

    /// Whether the file is valid UTF-8, checked in place; when it is not, logs the line of its first
    /// invalid byte. A content file is read as UTF-8 or not at all.
    func isValidUTF8(log: inout DiagnosticLog) -> Bool {
        let isValid: Bool
        if #available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *) {
            isValid = (try? UTF8Span(validating: bytes.span)) != nil
        } else {
            isValid = String(validating: bytes, as: UTF8.self) != nil
        }
        if !isValid {
            log.error(
                SourceLocation(path: displayPath, line: firstInvalidUTF8Line),
                "the file is not valid UTF-8: save it as UTF-8")
        }
        return isValid
    }

    /// `body` over the bytes of the file's text: all of them but a leading byte-order mark.
    func withTextBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        bytes.withUnsafeBufferPointer { bytes in
            let byteOrderMark = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
            return body(UnsafeBufferPointer(rebasing: bytes[(byteOrderMark ? 3 : 0)...]))
        }
    }

    /// The 1-based line of the first invalid UTF-8 byte, for the error message.
    public var firstInvalidUTF8Line: Int {
        var line = 1
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let length = UTF8Validation.sequenceLength(bytes, at: index)
            if length == 0 { return line }
            if bytes[index] == UInt8(ascii: "\n") { line += 1 }
            index += length
        }
        return line
    }
}

enum UTF8Validation {
    /// Length of the valid UTF-8 sequence starting at `index`, or 0 when it is invalid.
    static func sequenceLength(_ bytes: [UInt8], at index: Int) -> Int {
        let lead = bytes[index]
        let length: Int
        switch lead {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return 0
        }
        guard index + length <= bytes.count else { return 0 }
        return String(validating: bytes[index..<index + length], as: UTF8.self) == nil ? 0 : length
    }
}
