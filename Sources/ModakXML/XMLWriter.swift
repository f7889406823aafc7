import CLibXML2
import UTF8Bytes

/// Writes XML through libxml2's text writer, so the output is well-formed by construction:
/// text is escaped by the writer and characters XML 1.0 forbids are dropped before it sees them.
public final class XMLWriter {
    private let buffer: xmlBufferPtr
    private let writer: xmlTextWriterPtr

    public init(indent: Bool = true) {
        buffer = xmlBufferCreate()
        writer = xmlNewTextWriterMemory(buffer, 0)
        if indent {
            xmlTextWriterSetIndent(writer, 1)
            xmlTextWriterSetIndentString(writer, "  ")
        }
        xmlTextWriterStartDocument(writer, "1.0", "UTF-8", nil)
    }

    deinit {
        xmlFreeTextWriter(writer)
        xmlBufferFree(buffer)
    }

    public func start(_ name: String, _ attributes: [(String, String)] = []) {
        xmlTextWriterStartElement(writer, name)
        for (key, value) in attributes { attribute(key, value) }
    }

    public func attribute(_ name: String, _ value: String) {
        xmlTextWriterWriteAttribute(writer, name, XMLText.sanitized(value))
    }

    public func text(_ value: String) {
        xmlTextWriterWriteString(writer, XMLText.sanitized(value))
    }

    public func end() {
        xmlTextWriterEndElement(writer)
    }

    /// `<name attributes>text</name>`.
    public func element(_ name: String, _ attributes: [(String, String)] = [], text value: String) {
        start(name, attributes)
        text(value)
        end()
    }

    /// An element with no content: `<name attributes/>`.
    public func empty(_ name: String, _ attributes: [(String, String)] = []) {
        start(name, attributes)
        end()
    }

    /// Ends every open element and returns the document.
    public func finish() -> String {
        xmlTextWriterEndDocument(writer)
        xmlTextWriterFlush(writer)
        return String(cString: xmlBufferContent(buffer))
    }
}

public enum XMLText {
    private static let mayStartForbidden = UTF8ByteSet {
        ($0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D) || $0 == 0xEF
    }

    /// Drops the characters XML 1.0 cannot carry (C0 controls but tab and newlines, U+FFFE, U+FFFF),
    /// which no escape can express.
    public static func sanitized(_ text: String) -> String {
        // Bytes first: a forbidden scalar is a control byte, or starts with 0xEF (U+FFFE, U+FFFF).
        guard text.containsUTF8Byte(in: mayStartForbidden),
            text.unicodeScalars.contains(where: { !isAllowed($0) })
        else { return text }
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: text.unicodeScalars.filter(isAllowed))
        return String(scalars)
    }

    /// `text` as element content, as `XMLWriter.text` writes it: sanitized, and escaped as libxml2
    /// escapes it.
    public static func escaped(_ text: String) -> String {
        MarkupEscaper.libxml2Text.escaped(sanitized(text))
    }

    static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x9, 0xA, 0xD: true
        case 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }
}
