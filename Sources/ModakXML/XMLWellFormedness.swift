import CLibXML2

/// Whether bytes are a well-formed XML document, by libxml2's XML parser (no network, no
/// external DTD or entity loading), and where the first problem is when they are not.
public enum XMLWellFormedness {
    public struct Problem: Sendable, Equatable {
        public var line: Int
        public var message: String
    }

    /// nil when well-formed.
    public static func problem(in bytes: [UInt8]) -> Problem? {
        guard !bytes.isEmpty else { return Problem(line: 1, message: "the document is empty") }
        guard let context = xmlNewParserCtxt() else {
            return Problem(line: 1, message: "libxml2 could not start a parser")
        }
        defer { xmlFreeParserCtxt(context) }
        // The parser goes on after the first error, and its last is often just "premature end of
        // data"; the first one is what a person needs. The handler is per thread in libxml2.
        let first = FirstError()
        xmlSetStructuredErrorFunc(Unmanaged.passUnretained(first).toOpaque()) { box, error in
            guard let box, let error, error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
            let first = Unmanaged<FirstError>.fromOpaque(box).takeUnretainedValue()
            guard first.problem == nil else { return }
            let message =
                error.pointee.message.map { String(cString: $0).trimmingTrailingWhitespace } ?? "not well-formed"
            first.problem = Problem(line: Int(error.pointee.line), message: message)
        }
        defer { xmlSetStructuredErrorFunc(nil, nil) }
        let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue)
        let document = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { characters in
                xmlCtxtReadMemory(context, characters.baseAddress, Int32(characters.count), nil, nil, options)
            }
        }
        if let document { xmlFreeDoc(document) }
        guard document == nil || context.pointee.wellFormed == 0 else { return nil }
        return first.problem ?? Problem(line: 1, message: "not well-formed")
    }

    private final class FirstError {
        var problem: Problem?
    }
}

private extension String {
    var trimmingTrailingWhitespace: String {
        var result = Substring(self)
        while let last = result.last, last.isWhitespace { result = result.dropLast() }
        return String(result)
    }
}
