/// Reads a `.views` file (the format is on `ViewDeclaration`). Every line that is not a
/// declaration is an error; all of them are reported at once.
public enum ViewParser {
    static let indent = "    "

    public static func parse(_ text: String, path: String) throws(ViewParseFailure) -> ViewFile {
        var file = ViewFile()
        var errors: [ViewDeclarationError] = []
        var doc: [String] = []
        var shownNames: [String: Int] = [:]

        func fail(_ line: Int, _ message: String) {
            errors.append(ViewDeclarationError(path: path, line: line, message: message))
        }

        for (offset, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = offset + 1
            let line = String(rawLine.reversed().drop { $0 == " " || $0 == "\t" || $0 == "\r" }.reversed())
            let content = String(line.drop { $0 == " " })
            if content.isEmpty {
                doc = []
                continue
            }
            if content.hasPrefix("///") {
                doc.append(content)
                continue
            }
            if content.hasPrefix("//") { continue }

            if !line.hasPrefix(" ") {
                if content.hasPrefix("import ") {
                    file.imports.append(String(content.dropFirst("import ".count)))
                } else if let view = header(content, line: number, doc: doc) {
                    file.views.append(view)
                    shownNames = [:]
                } else {
                    fail(number, "expected `struct Name`, `final class Name` or `import Module` at the start of a line")
                }
                doc = []
                continue
            }
            guard line.hasPrefix(indent), !line.dropFirst(indent.count).hasPrefix(" ") else {
                fail(number, "indent a view's declarations by four spaces")
                doc = []
                continue
            }
            guard !file.views.isEmpty else {
                fail(number, "a declaration outside a view: start one with `struct Name`")
                continue
            }
            let index = file.views.count - 1
            switch member(content, line: number, doc: doc) {
            case .success(let member):
                member.add(to: &file.views[index])
                if let name = member.shownName {
                    if let first = shownNames[name] {
                        fail(
                            number,
                            "`\(name)` is shown already (line \(first)): a template would never see this one; rename it"
                        )
                    }
                    shownNames[name] = shownNames[name] ?? number
                }
            case .failure(let error):
                fail(number, error.message)
            }
            doc = []
        }
        guard errors.isEmpty else { throw ViewParseFailure(errors: errors) }
        return file
    }

    private static func header(_ text: String, line: Int, doc: [String]) -> ViewDeclaration? {
        let kind: ViewDeclaration.Kind
        var rest = Substring(text)
        if rest.hasPrefix("struct ") {
            kind = .struct
        } else if rest.hasPrefix("final class ") {
            kind = .finalClass
        } else {
            return nil
        }
        rest = rest.dropFirst(kind.rawValue.count + 1)
        let name = rest.prefix { $0 != ":" }.trimmed
        guard isIdentifier(name) else { return nil }
        let conformances = rest.drop { $0 != ":" }.dropFirst().split(separator: ",").map { $0.trimmed }
        guard conformances.allSatisfy(isIdentifier) else { return nil }
        return ViewDeclaration(kind: kind, name: name, conformances: conformances, doc: doc, line: line)
    }

    /// One declaration inside a view.
    private enum Member {
        case stored(ViewDeclaration.Stored, shownAs: String?)
        case field(ViewDeclaration.Field)
        case attribute(String, doc: [String])

        var shownName: String? {
            switch self {
            case .stored(let stored, let shownAs): shownAs == nil ? nil : stored.name
            case .field(.value(let name, _, _)): name
            case .field(.fields), .attribute: nil
            }
        }

        func add(to view: inout ViewDeclaration) {
            switch self {
            case .stored(let stored, let shownAs):
                view.stored.append(stored)
                if let shownAs { view.fields.append(.value(name: stored.name, expression: shownAs, line: stored.line)) }
            case .field(let field):
                view.fields.append(field)
            case .attribute(let attribute, let doc):
                view.listFieldsAttributes.append(attribute)
                view.listFieldsDoc += doc
            }
        }
    }

    private static func member(_ text: String, line: Int, doc: [String]) -> Result<Member, MemberError> {
        if text.hasPrefix("@") { return .success(.attribute(text, doc: doc)) }
        if text.hasPrefix("show fields of ") {
            let expression = String(text.dropFirst("show fields of ".count)).trimmed
            return expression.isEmpty
                ? .failure("write the view whose fields to show: `show fields of facts`")
                : .success(.field(.fields(of: expression, line: line)))
        }
        if text.hasPrefix("show ") {
            let parts = text.dropFirst("show ".count).split(separator: "=", maxSplits: 1)
            guard parts.count == 2, isIdentifier(parts[0].trimmed), !parts[1].trimmed.isEmpty else {
                return .failure("write a shown field as `show name = expression`")
            }
            return .success(.field(.value(name: parts[0].trimmed, expression: parts[1].trimmed, line: line)))
        }
        var rest = Substring(text)
        let isHidden = rest.hasPrefix("hidden ")
        if isHidden { rest = rest.dropFirst("hidden ".count) }
        guard rest.hasPrefix("let ") || rest.hasPrefix("var ") else {
            return .failure(
                """
                expected `let name: Type`, `var name: Type`, `hidden let …`, `show name = expression` or `show \
                fields of view`
                """
            )
        }
        let isVariable = rest.hasPrefix("var ")
        rest = rest.dropFirst(4)
        let name = rest.prefix { $0 != ":" }.trimmed
        guard isIdentifier(name), rest.contains(":") else {
            return .failure("write a stored property as `let name: Type`")
        }
        rest = rest.drop { $0 != ":" }.dropFirst()
        var shownAs: String? = name
        if let arrow = rest.firstRange(of: " => ") {
            guard !isHidden else { return .failure("a hidden property is not shown: drop `=> …` or `hidden`") }
            shownAs = rest[arrow.upperBound...].trimmed
            rest = rest[..<arrow.lowerBound]
        }
        if isHidden { shownAs = nil }
        var defaultValue: String?
        if let equals = rest.firstRange(of: " = ") {
            defaultValue = rest[equals.upperBound...].trimmed
            rest = rest[..<equals.lowerBound]
        }
        let type = rest.trimmed
        guard !type.isEmpty, shownAs?.isEmpty != true, defaultValue?.isEmpty != true else {
            return .failure("write a stored property as `let name: Type`, `= default` and `=> shown as` after it")
        }
        let stored = ViewDeclaration.Stored(
            isVariable: isVariable, name: name, type: type, defaultValue: defaultValue, doc: doc, line: line)
        return .success(.stored(stored, shownAs: shownAs))
    }

    static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.first, first == "_" || first.isLetter else { return false }
        return text.allSatisfy { $0 == "_" || $0.isLetter || $0.isNumber }
    }
}

/// Every error of a `.views` file.
public struct ViewParseFailure: Error, Equatable, Sendable {
    public var errors: [ViewDeclarationError]
}

private struct MemberError: Error, ExpressibleByStringLiteral {
    var message: String
    init(stringLiteral message: String) { self.message = message }
}

private extension StringProtocol {
    var trimmed: String { String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()) }
}
