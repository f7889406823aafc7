/// The Swift a `.views` file stands for: each view a type conforming to `ViewFields`, with its
/// stored properties and a `listFields(to:)` listing its fields in their declared order. Every
/// declaration is marked with its line in the `.views` file (`#sourceLocation`), so a compiler
/// error in a type or an expression points there.
public enum ViewSource {
    public static func swift(for file: ViewFile, viewsPath: String) -> String {
        var out = "// Generated from \(baseName(viewsPath)) by modak-views: edit that file, not this one.\n"
        for module in file.imports { out += "import \(module)\n" }
        let location = { (line: Int) in "#sourceLocation(file: \(literal(viewsPath)), line: \(line))\n" }
        for view in file.views {
            out += "\n" + location(view.line - view.doc.count)
            out += lines(view.doc, indent: 0)
            out +=
                """
                \(view.kind.rawValue) \(view.name): \
                \((["ViewFields"] + view.conformances).joined(separator: ", ")) {\n
                """
            for stored in view.stored {
                out += location(stored.line - stored.doc.count) + lines(stored.doc, indent: 1)
                out += "    \(stored.isVariable ? "var" : "let") \(stored.name): \(stored.type)"
                out += stored.defaultValue.map { " = \($0)" } ?? ""
                out += "\n"
            }
            if view.kind == .finalClass { out += memberwiseInit(view.stored) }
            out += "#sourceLocation()\n"
            out += "\n" + lines(view.listFieldsDoc, indent: 1)
            out += lines(view.listFieldsAttributes, indent: 1)
            out += "    func listFields(to list: inout some FieldList) {\n"
            for field in view.fields {
                switch field {
                case .value(let name, let expression, let line):
                    out += location(line) + "        list.field(\(literal(name)), \(expression))\n"
                case .fields(let part, let line):
                    out += location(line) + "        list.fields(of: \(part))\n"
                }
            }
            out += (view.fields.isEmpty ? "" : "#sourceLocation()\n") + "    }\n}\n"
        }
        return out
    }

    /// What a struct has without asking, for a class.
    private static func memberwiseInit(_ stored: [ViewDeclaration.Stored]) -> String {
        let parameters = stored.map { "\($0.name): \($0.type)" + ($0.defaultValue.map { " = \($0)" } ?? "") }
        var out = "\n    init(\(parameters.joined(separator: ", "))) {\n"
        for property in stored { out += "        self.\(property.name) = \(property.name)\n" }
        return out + "    }\n"
    }

    private static func lines(_ lines: [String], indent: Int) -> String {
        lines.map { String(repeating: "    ", count: indent) + $0 + "\n" }.joined()
    }

    private static func literal(_ text: String) -> String {
        var out = "\""
        for character in text {
            switch character {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            default: out.append(character)
            }
        }
        return out + "\""
    }

    private static func baseName(_ path: String) -> String {
        String(path.split(separator: "/").last ?? Substring(path))
    }
}
