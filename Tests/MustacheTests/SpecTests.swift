import Foundation
import Mustache
import Synchronization
import Testing

/// Runs every test of the official Mustache spec (Fixtures/spec, copied from mustache/spec),
/// including the optional modules: inheritance, dynamic names and lambdas.
@Suite struct SpecTests {
    @Test(arguments: try SpecCase.all())
    func spec(_ test: SpecCase) throws {
        let library = try MustacheLibrary(sources: test.partials)
        let template = try MustacheTemplate(source: test.template, name: test.name)
        let rendered = try template.render(test.context(), library: library)
        #expect(rendered == test.expected, "\(test.description)")
    }

    @Test func allSpecFilesAreLoaded() throws {
        let counts = Dictionary(grouping: try SpecCase.all(), by: \.file).mapValues(\.count)
        #expect(
            counts == [
                "comments": 12, "delimiters": 14, "interpolation": 42, "inverted": 22, "partials": 12,
                "sections": 34, "~dynamic-names": 21, "~inheritance": 27, "~lambdas": 10
            ])
        #expect(counts.values.reduce(0, +) == 194)
    }
}

/// One test from a spec file.
struct SpecCase: Sendable, CustomTestStringConvertible {
    let file: String
    let name: String
    let description: String
    let data: JSON
    let template: String
    let partials: [String: String]
    let expected: String

    var testDescription: String { "\(file): \(name)" }

    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "Fixtures/spec")

    static func all() throws -> [SpecCase] {
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }
            .sorted()
        return try files.flatMap { fileName in
            let file = String(fileName.dropLast(".json".count))
            let spec = try JSONDecoder().decode(
                SpecFile.self, from: Data(contentsOf: folder.appendingPathComponent(fileName)))
            return spec.tests.map {
                SpecCase(
                    file: file, name: $0.name, description: $0.desc, data: $0.data, template: $0.template,
                    partials: $0.partials ?? [:], expected: $0.expected)
            }
        }
    }

    /// The test's data as a Swift context, with the spec's lambda (given in other languages) replaced.
    func context() throws -> Any {
        try data.value(lambda: { try SpecLambdas.lambda(for: name) })
    }

    private struct SpecFile: Decodable {
        let tests: [Test]
        struct Test: Decodable {
            let name: String
            let desc: String
            let data: JSON
            let template: String
            let partials: [String: String]?
            let expected: String
        }
    }
}

/// Swift equivalents of the lambdas in ~lambdas.json, by test name.
enum SpecLambdas {
    struct Missing: Error, CustomStringConvertible {
        let test: String
        var description: String { "no Swift lambda for spec test '\(test)'" }
    }

    static func lambda(for test: String) throws -> MustacheLambda {
        switch test {
        case "Interpolation":
            return MustacheLambda { "world" }
        case "Interpolation - Expansion":
            return MustacheLambda { "{{planet}}" }
        case "Interpolation - Alternate Delimiters":
            return MustacheLambda { "|planet| => {{planet}}" }
        case "Interpolation - Multiple Calls":
            let calls = Counter()
            return MustacheLambda { String(calls.next()) }
        case "Escaping":
            return MustacheLambda { ">" }
        case "Section":
            return MustacheLambda { (text: String) in text == "{{x}}" ? "yes" : "no" }
        case "Section - Expansion":
            return MustacheLambda { (text: String) in text + "{{planet}}" + text }
        case "Section - Alternate Delimiters":
            return MustacheLambda { (text: String) in text + "{{planet}} => |planet|" + text }
        case "Section - Multiple Calls":
            return MustacheLambda { (text: String) in "__" + text + "__" }
        case "Inverted Section":
            return MustacheLambda { (_: String) in "false" }
        default:
            throw Missing(test: test)
        }
    }

    /// Counts calls; a reference type so the lambda's state survives between calls.
    final class Counter: Sendable {
        private let count = Mutex(0)
        func next() -> Int {
            count.withLock { count in
                count += 1
                return count
            }
        }
    }
}

/// A JSON value, decoded so that integers stay `Int` and decimals become `Double`.
enum JSON: Decodable, Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSON])
    case object([String: JSON])

    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let bool = try? container.decode(Bool.self) {
            self = .bool(bool)
        } else if let int = try? container.decode(Int.self) {
            self = .int(int)
        } else if let double = try? container.decode(Double.self) {
            self = .double(double)
        } else if let string = try? container.decode(String.self) {
            self = .string(string)
        } else if let array = try? container.decode([JSON].self) {
            self = .array(array)
        } else {
            self = .object(try container.decode([String: JSON].self))
        }
    }

    /// Converts to the plain Swift values a site would pass: `[String: Any]`, `[Any]`, `NSNull`…
    /// Code objects (`{"__tag__": "code"}`) become the lambda `lambda` returns.
    func value(lambda: () throws -> MustacheLambda) rethrows -> Any {
        switch self {
        case .null: NSNull()
        case .bool(let bool): bool
        case .int(let int): int
        case .double(let double): double
        case .string(let string): string
        case .array(let array): try array.map { try $0.value(lambda: lambda) }
        case .object(let object):
            if case .string("code") = object["__tag__"] {
                try lambda()
            } else {
                try object.mapValues { try $0.value(lambda: lambda) } as [String: Any]
            }
        }
    }
}
