import CLibXML2
#if canImport(Glibc)
    import Glibc
#endif
import ModakCards

/// The input is a card's fields separated by NUL bytes: Korean, English, author, site name,
/// date label and id. The card must be well-formed SVG, script-free, with its text in the safe area.
enum CardLayoutFuzz {
    /// `CardRenderer`'s promise: every line inside x∈[60,1140], y∈[60,570].
    static let safeX = 60.0...1140.0
    static let safeY = 60.0...570.0

    static func check(_ bytes: [UInt8]) -> [String] {
        let fields = bytes.split(separator: 0, maxSplits: 5, omittingEmptySubsequences: false)
            .map { String(decoding: $0, as: UTF8.self) }
        func field(_ index: Int) -> String { index < fields.count ? fields[index] : "" }
        let content = CardContent(
            id: field(5), korean: field(0), english: field(1), author: field(2),
            siteName: field(3), dateLabel: fields.count > 4 ? field(4) : nil)
        let theme = CardTheme.all[bytes.count % CardTheme.all.count]
        return SVGCheck.problems(in: CardRenderer(theme: theme).svg(for: content))
    }
}

/// Reads an SVG with libxml2 (no network, no entity expansion) and checks what a card promises.
enum SVGCheck {
    static func problems(in svg: String) -> [String] {
        let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue)
        let document = svg.withCString { xmlReadMemory($0, Int32(strlen($0)), "card.svg", "UTF-8", options) }
        guard let document else { return ["the card is not well-formed XML: \(svg.prefix(300).debugDescription)"] }
        defer { xmlFreeDoc(document) }
        var problems: [String] = []
        var node = xmlDocGetRootElement(document)
        if let root = node, name(root) != "svg" { problems.append("the root element is <\(name(root))>") }
        // Depth-first over the elements without recursion.
        while let current = node {
            let element = name(current)
            if element == "script" || element == "foreignObject" { problems.append("the card holds <\(element)>") }
            let attributes = attributes(of: current)
            if let handler = attributes.keys.first(where: { $0.lowercased().hasPrefix("on") }) {
                problems.append("<\(element)> has the event handler \(handler)")
            }
            if element == "text" {
                let x = attributes["x"].flatMap(Double.init), y = attributes["y"].flatMap(Double.init)
                if let x, let y, CardLayoutFuzz.safeX.contains(x), CardLayoutFuzz.safeY.contains(y) {
                } else {
                    problems.append(
                        """
                        a line is drawn outside the safe area at x=\(attributes["x"] ?? "?") \
                        y=\(attributes["y"] ?? "?")
                        """
                    )
                }
            }
            node = next(after: current)
        }
        return problems
    }

    private static func next(after node: xmlNodePtr) -> xmlNodePtr? {
        if let child = firstElement(node.pointee.children) { return child }
        var current: xmlNodePtr? = node
        while let here = current {
            if let sibling = firstElement(here.pointee.next) { return sibling }
            current = here.pointee.parent
            if current?.pointee.type != XML_ELEMENT_NODE { return nil }
        }
        return nil
    }

    private static func firstElement(_ start: xmlNodePtr?) -> xmlNodePtr? {
        var node = start
        while let current = node, current.pointee.type != XML_ELEMENT_NODE { node = current.pointee.next }
        return node
    }

    private static func name(_ node: xmlNodePtr) -> String { String(cString: node.pointee.name) }

    private static func attributes(of node: xmlNodePtr) -> [String: String] {
        var result: [String: String] = [:]
        var attribute = node.pointee.properties
        while let current = attribute {
            if let value = xmlNodeGetContent(current.pointee.children) {
                result[String(cString: current.pointee.name)] = String(cString: value)
                free(value)
            } else {
                result[String(cString: current.pointee.name)] = ""
            }
            attribute = current.pointee.next
        }
        return result
    }
}
