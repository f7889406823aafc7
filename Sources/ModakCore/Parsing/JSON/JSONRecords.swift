extension JSONNode {
    /// This object's fields as a content record; nested values are kept only as their kind, for errors.
    func record(path: String) -> RawRecord? {
        guard case .object(let members) = value else { return nil }
        let fields = members.map { member -> (key: String, field: RawField) in
            (member.key, RawField(value: member.value.rawValue, line: member.value.line))
        }
        return RawRecord(path: path, line: line, fields: fields)
    }

    var rawValue: RawValue {
        switch value {
        case .null: return .null
        case .bool(let flag): return .bool(flag)
        case .number(let text): return .number(text)
        case .string(let text): return .string(text)
        case .object: return .nested("an object")
        case .array(let elements):
            var strings: [String] = []
            for element in elements {
                guard case .string(let text) = element.value else { return .nested("a list of non-strings") }
                strings.append(text)
            }
            return .list(strings)
        }
    }

    var kindName: String {
        switch value {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

enum JSONDocumentReader {
    /// Parses a JSON file, logging invalid UTF-8 or a syntax error with its line.
    static func parse(_ file: SourceFile, log: inout DiagnosticLog) -> JSONNode? {
        guard file.isValidUTF8(log: &log) else { return nil }
        do {
            return try JSONParser.parse(file.bytes)
        } catch {
            log.error(SourceLocation(path: file.displayPath, line: error.line), "invalid JSON: \(error.message)")
            return nil
        }
    }

    /// The records of a file holding one object or an array of objects.
    static func records(_ file: SourceFile, noun: String, allowSingleObject: Bool, log: inout DiagnosticLog)
        -> [RawRecord]
    {
        guard let root = parse(file, log: &log) else { return [] }
        if allowSingleObject, let record = root.record(path: file.displayPath) { return [record] }
        guard case .array(let elements) = root.value else {
            let expected = allowSingleObject ? "an object or an array of objects" : "an array of objects"
            log.error(
                SourceLocation(path: file.displayPath, line: root.line),
                "the file must hold \(expected), not \(root.kindName)")
            return []
        }
        return elements.compactMap { element in
            guard let record = element.record(path: file.displayPath) else {
                log.error(
                    SourceLocation(path: file.displayPath, line: element.line),
                    "each \(noun) must be a JSON object, not \(element.kindName)")
                return nil
            }
            return record
        }
    }
}
