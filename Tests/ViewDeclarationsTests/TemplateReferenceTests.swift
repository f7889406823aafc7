import Foundation
import Testing
@testable import ViewDeclarations

/// Keeps `docs/reference/templates.md` in step with the views templates see, as the `.views`
/// files of ModakSite declare them.
///
/// Conventions of that file, which these tests read:
/// - `<!-- view: Name -->`: the next table documents the view `Name`; the backticked names in the
///   first cell of its rows (`site.title` counts as `title`) are exactly the fields it shows;
/// - `<!-- view text: Name, Other -->`: each field of those views is named, backticked, between
///   the marker and the next heading.
///
/// A view's fields include those of the parts it shows (`show fields of facts`).
@Suite struct TemplateReferenceTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Every view of ModakSite, by name.
    static func views() throws -> [String: ViewDeclaration] {
        let folder = root.appendingPathComponent("Sources/ModakSite")
        let paths = (FileManager.default.subpaths(atPath: folder.path) ?? []).filter { $0.hasSuffix(".views") }
        var views: [String: ViewDeclaration] = [:]
        for path in paths {
            let text = try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
            for view in try ViewParser.parse(text, path: path).views { views[view.name] = view }
        }
        return views
    }

    /// The names a template sees in `view`, its parts' included; a part of a type no view
    /// declares (`any ViewFields`) adds nothing.
    static func shownNames(_ view: ViewDeclaration, in views: [String: ViewDeclaration]) -> Set<String> {
        var names: Set<String> = []
        for field in view.fields {
            switch field {
            case .value(let name, _, _):
                names.insert(name)
            case .fields(let part, _):
                if let type = view.stored.first(where: { $0.name == part })?.type,
                    let partView = views[innermostType(type)]
                {
                    names.formUnion(shownNames(partView, in: views))
                }
            }
        }
        return names
    }

    /// `Shared<SayingFacts>` → `SayingFacts`.
    static func innermostType(_ type: String) -> String {
        var type = Substring(type)
        while let open = type.firstIndex(of: "<"), let close = type.lastIndex(of: ">") {
            type = type[type.index(after: open)..<close]
        }
        return String(type.filter { $0 != "?" })
    }

    struct Marker {
        var views: [String]
        var isTable: Bool
        /// The lines after the marker.
        var following: ArraySlice<String>
    }

    static func markers() throws -> [Marker] {
        let text = try String(contentsOf: root.appendingPathComponent("docs/reference/templates.md"), encoding: .utf8)
        let lines = text.components(separatedBy: "\n")
        return lines.indices.compactMap { index in
            let line = lines[index]
            guard line.hasPrefix("<!-- view"), line.hasSuffix(" -->") else { return nil }
            let isTable = line.hasPrefix("<!-- view: ")
            let list = line.dropFirst(isTable ? "<!-- view: ".count : "<!-- view text: ".count).dropLast(" -->".count)
            return Marker(
                views: list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }, isTable: isTable,
                following: lines[(index + 1)...])
        }
    }

    /// The backticked names of `text`, each cut after its last dot.
    static func backticked(_ text: some StringProtocol) -> Set<String> {
        let parts = text.split(separator: "`", omittingEmptySubsequences: false)
        return Set(
            stride(from: 1, to: parts.count, by: 2).map { String(parts[$0].split(separator: ".").last ?? parts[$0]) })
    }

    @Test func everyTableListsExactlyTheFieldsOfItsView() throws {
        let views = try Self.views()
        let tables = try Self.markers().filter(\.isTable)
        #expect(tables.count >= 20, "the markers were read")
        for marker in tables {
            let name = try #require(marker.views.first)
            let view = try #require(views[name], "\(name) is declared in no .views file")
            let rows = marker.following.drop { !$0.hasPrefix("|") }.prefix { $0.hasPrefix("|") }.dropFirst(2)
            let documented = rows.reduce(into: Set<String>()) { names, row in
                names.formUnion(Self.backticked(row.split(separator: "|", omittingEmptySubsequences: false)[1]))
            }
            let shown = Self.shownNames(view, in: views)
            #expect(documented.subtracting(shown).isEmpty, "\(name) shows no \(documented.subtracting(shown).sorted())")
            #expect(
                shown.subtracting(documented).isEmpty,
                "\(name)'s \(shown.subtracting(documented).sorted()) are not documented")
        }
    }

    @Test func everyViewDescribedInTextHasEachFieldNamed() throws {
        let views = try Self.views()
        for marker in try Self.markers() where !marker.isTable {
            let section = marker.following.prefix { !$0.hasPrefix("#") }.joined(separator: "\n")
            let named = Self.backticked(section)
            for name in marker.views {
                let view = try #require(views[name], "\(name) is declared in no .views file")
                let missing = Self.shownNames(view, in: views).subtracting(named)
                #expect(missing.isEmpty, "\(name)'s \(missing.sorted()) are not named in its text")
            }
        }
    }

    /// A view templates see is documented; only parts shown through another view and views with
    /// nothing to show need no marker of their own.
    @Test func everyViewIsDocumented() throws {
        let views = try Self.views()
        let marked = Set(try Self.markers().flatMap(\.views))
        let parts = Set(
            views.values.flatMap { view in
                view.fields.compactMap { field -> String? in
                    guard case .fields(let part, _) = field else { return nil }
                    return view.stored.first { $0.name == part }.map { Self.innermostType($0.type) }
                }
            })
        let undocumented = views.values.filter {
            !marked.contains($0.name) && !parts.contains($0.name) && !$0.fields.isEmpty
        }
        #expect(undocumented.map(\.name).sorted() == [])
    }
}
