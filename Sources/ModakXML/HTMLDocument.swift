import CLibXML2
#if canImport(Glibc)
    import Glibc
#endif

/// An HTML document or fragment parsed by libxml2's forgiving HTML parser, for reading and
/// rewriting links (feed content, the site checker) without ever handling pointers elsewhere.
public final class HTMLDocument {
    /// One element as the parser saw it.
    public struct Element {
        public var name: String
        public var attributes: [String: String]
        public var line: Int
    }

    private let document: htmlDocPtr?
    private let isFragment: Bool

    /// `fragment` wraps the HTML in a body, for pieces such as rendered Markdown.
    public init(html: String, fragment: Bool = false) {
        isFragment = fragment
        let source =
            fragment ? "<!DOCTYPE html><html><head><meta charset=\"utf-8\"></head><body>\(html)</body></html>" : html
        let options = Int32(
            HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue
                | HTML_PARSE_NONET.rawValue)
        document = source.withCString { pointer in
            htmlReadMemory(pointer, Int32(strlen(pointer)), nil, "UTF-8", options)
        }
    }

    deinit {
        if let document { xmlFreeDoc(document) }
    }

    /// Every element in document order.
    public var elements: [Element] {
        var result: [Element] = []
        walk { node in
            result.append(
                Element(name: Self.name(of: node), attributes: Self.attributes(of: node), line: Int(xmlGetLineNo(node)))
            )
        }
        return result
    }

    /// Replaces attribute values: `transform(element, attribute, value)` returns the new value, or nil to keep it.
    /// True when any value changed.
    @discardableResult
    public func rewriteAttributes(_ transform: (String, String, String) -> String?) -> Bool {
        var changed = false
        walk { node in
            let element = Self.name(of: node)
            var attribute = node.pointee.properties
            while let current = attribute {
                let name = String(cString: current.pointee.name)
                if let valuePointer = xmlNodeGetContent(current.pointee.children) {
                    let value = String(cString: valuePointer)
                    free(valuePointer)
                    if let replacement = transform(element, name, value), replacement != value {
                        xmlSetProp(node, current.pointee.name, replacement)
                        changed = true
                    }
                }
                attribute = current.pointee.next
            }
        }
        return changed
    }

    /// Removes every element whose name is in `names`, with its content.
    public func removeElements(named names: Set<String>) {
        var doomed: [xmlNodePtr] = []
        walk { node in
            if names.contains(Self.name(of: node).lowercased()) { doomed.append(node) }
        }
        // Ancestors come before descendants, so unlinking the outer element first would free the inner one twice.
        for node in doomed.reversed() {
            xmlUnlinkNode(node)
            xmlFreeNode(node)
        }
    }

    /// Removes the attributes for which `shouldRemove(element, attribute)` is true.
    public func removeAttributes(where shouldRemove: (String, String) -> Bool) {
        walk { node in
            let element = Self.name(of: node)
            var attribute = node.pointee.properties
            while let current = attribute {
                attribute = current.pointee.next
                if shouldRemove(element, String(cString: current.pointee.name)) { xmlRemoveProp(current) }
            }
        }
    }

    /// The fragment's HTML (the body's children), or the whole document.
    public var html: String {
        guard let document, let root = xmlDocGetRootElement(document) else { return "" }
        let buffer = xmlBufferCreate()
        defer { xmlBufferFree(buffer) }
        if isFragment {
            guard let body = Self.child(named: "body", of: root) else { return "" }
            var child = body.pointee.children
            while let node = child {
                htmlNodeDump(buffer, document, node)
                child = node.pointee.next
            }
        } else {
            htmlNodeDump(buffer, document, root)
        }
        return String(cString: xmlBufferContent(buffer))
    }

    private func walk(_ visit: (xmlNodePtr) -> Void) {
        guard let document, let root = xmlDocGetRootElement(document) else { return }
        var stack: [xmlNodePtr] = [root]
        while let node = stack.popLast() {
            if node.pointee.type == XML_ELEMENT_NODE { visit(node) }
            var children: [xmlNodePtr] = []
            var child = node.pointee.children
            while let current = child {
                children.append(current)
                child = current.pointee.next
            }
            stack.append(contentsOf: children.reversed())
        }
    }

    private static func name(of node: xmlNodePtr) -> String {
        node.pointee.name.map { String(cString: $0) } ?? ""
    }

    private static func attributes(of node: xmlNodePtr) -> [String: String] {
        var result: [String: String] = [:]
        var attribute = node.pointee.properties
        while let current = attribute {
            let name = String(cString: current.pointee.name)
            if let value = xmlNodeGetContent(current.pointee.children) {
                result[name] = String(cString: value)
                free(value)
            } else {
                result[name] = ""
            }
            attribute = current.pointee.next
        }
        return result
    }

    private static func child(named name: String, of node: xmlNodePtr) -> xmlNodePtr? {
        var child = node.pointee.children
        while let current = child {
            if current.pointee.type == XML_ELEMENT_NODE, Self.name(of: current) == name { return current }
            child = current.pointee.next
        }
        return nil
    }
}
