import Foundation
import ModakCore

/// The input is one JSON content file, loaded as every kind of JSON content Modak reads.
enum ContentJSONFuzz {
    static func check(_ bytes: [UInt8]) -> [String] {
        var problems: [String] = []
        var records: Int?
        do {
            let node = try JSONParser.parse(bytes)
            problems += agreesWithFoundation(node, bytes)
            switch node.value {
            case .array(let elements): records = elements.count
            case .object: records = 1
            default: break
            }
        } catch {
            // The message reaches people as a `Diagnostic`, which the loads below check.
            problems += LoadCheck.located(error.line, in: bytes, what: "\(error.line): \(error.message)")
        }
        problems += LoadCheck.loadAsEach(bytes, kinds: LoadCheck.jsonKinds, records: records)
        // The same bytes as the site's own settings.
        problems += LoadCheck.load([LoadCheck.file("site.json", bytes)]).problems
        return problems
    }

    /// What Modak's parser accepts, Foundation's must accept too, with the same strings and shape.
    /// (Foundation refuses numbers beyond a Double's range, which Modak keeps as text and the
    /// content rules then reject by name.)
    private static func agreesWithFoundation(_ node: JSONNode, _ bytes: [UInt8]) -> [String] {
        guard !hasNumberBeyondDouble(node) else { return [] }
        guard let other = try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed]) else {
            return [
                """
                Modak accepts JSON that Foundation rejects: \
                \(String(decoding: bytes.prefix(80), as: UTF8.self).debugDescription)
                """
            ]
        }
        return same(node, other)
            ? []
            : [
                """
                Modak reads the JSON differently from Foundation: \
                \(String(decoding: bytes.prefix(80), as: UTF8.self).debugDescription)
                """
            ]
    }

    private static func hasNumberBeyondDouble(_ node: JSONNode) -> Bool {
        switch node.value {
        case .number(let text): Double(text)?.isFinite != true
        case .array(let elements): elements.contains(where: hasNumberBeyondDouble)
        case .object(let members): members.contains { hasNumberBeyondDouble($0.value) }
        default: false
        }
    }

    private static func same(_ node: JSONNode, _ other: Any) -> Bool {
        switch node.value {
        case .null: return other is NSNull
        case .bool, .number: return other is NSNumber || other is Bool || other is Int || other is Double
        case .string(let text): return (other as? String) == text
        case .array(let elements):
            guard let others = other as? [Any], others.count == elements.count else { return false }
            return zip(elements, others).allSatisfy { same($0, $1) }
        case .object(let members):
            guard let others = other as? [String: Any] else { return false }
            // Foundation keeps the last of repeated keys.
            var last: [String: JSONNode] = [:]
            for member in members { last[member.key] = member.value }
            return last.count == others.count
                && last.allSatisfy { key, value in others[key].map { same(value, $0) } ?? false }
        }
    }
}
