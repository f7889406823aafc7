import Mustache
import StableHashing

/// A view model: what a template sees of a page or of a part of one. It lists its fields once, in
/// `listFields(to:)`, each a name and a value, generated from the view's declaration in a
/// `.views` file (see `ViewDeclaration`). A template's lookup of a name searches that list
/// (`mustacheField`), and a page's key, which tells a rebuild whether the page on disk is still the
/// page it would render, hashes every value in it (`addKey`): the key covers all a template can see
/// because it is made from the same list, and a field added to a view is shown and keyed by the
/// one line that adds it.
///
/// List the same fields in the same order whatever the values (no field listed only sometimes):
/// keys hash values without their names, and the order tells them apart.
protocol ViewFields: MustacheFields, ViewValue {
    func listFields(to list: inout some FieldList)
}

/// What a view's `listFields` lists its fields to: the lookup of one name, or a page's key.
protocol FieldList {
    /// The field `name`. `value` is made only if this list needs it: a lookup makes the value of
    /// the one name it looks for, a key makes them all.
    mutating func field<Value: ViewValue>(_ name: String, _ value: @autoclosure () -> Value)
    /// The fields of `part`, as this view's own.
    mutating func fields<Part: ViewFields>(of part: Part)
    /// The fields of a part many views share, as this view's own: a key takes the key the part
    /// was given once, rather than its fields again.
    mutating func fields<Part: ViewFields>(of part: Shared<Part>)
}

/// A field's value: what a template sees, and what a page's key takes from it. Whatever it shows
/// must follow from what it adds to the key (equal keys promise equal pages). Most values add
/// themselves; some add less costly things their shown value follows from (`RelativeURL`,
/// `MarkdownHTML`, `Shared`).
protocol ViewValue {
    /// The value as a template sees it: nil for nothing to show (a section of it is skipped).
    var templateValue: Any? { get }
    func addKey(to key: inout StableHash)
}

extension ViewFields {
    func mustacheField(_ name: String) -> Any? {
        withUnsafeTemporaryAllocation(of: Any?.self, capacity: 1) { slot in
            var lookup = FieldLookup(name: name, into: slot.baseAddress!)
            listFields(to: &lookup)
            return lookup.found ? slot.baseAddress!.move() : nil
        }
    }

    /// Boxed, so that the renderer entering it needs no protocol cast (see `MustacheObject`).
    var templateValue: Any? { MustacheObject(self) }

    func addKey(to key: inout StableHash) {
        var hashing = FieldHashing(key: key)
        listFields(to: &hashing)
        key = hashing.key
    }

    /// The key of this view alone.
    var key: UInt64 {
        var key = StableHash()
        addKey(to: &key)
        return key.value
    }
}

/// The lookup of one name: the value of the first field by that name. Once it is found, the rest of
/// the list is passed over without making any value.
///
/// A part is asked through its `mustacheField`, which each view has compiled for its own type: where
/// the part's type is not known (a `PageView`'s body), its `listFields` would run unspecialised,
/// every field through witness tables, several times the cost of the lookup.
struct FieldLookup: FieldList {
    let name: String
    /// Where the value goes, uninitialised until it is found. The value is made there and moved
    /// out: an `Any?` kept in this struct was copied, assigned and destroyed through the runtime's
    /// witnesses of existentials, which cost more than the lookup itself.
    private let slot: UnsafeMutablePointer<Any?>
    private(set) var found = false

    init(name: String, into slot: UnsafeMutablePointer<Any?>) { (self.name, self.slot) = (name, slot) }

    @inline(__always)
    mutating func field<Value: ViewValue>(_ name: String, _ value: @autoclosure () -> Value) {
        guard !found, name == self.name else { return }
        found = true
        slot.initialize(to: value().templateValue)
    }

    mutating func fields<Part: ViewFields>(of part: Part) {
        guard !found, let value = part.mustacheField(name) else { return }
        found = true
        slot.initialize(to: value)
    }

    mutating func fields<Part: ViewFields>(of part: Shared<Part>) {
        if !found { part.value.listFields(to: &self) }
    }
}

/// A page's key, field by field: each value in the list's order (see `ViewFields`). A part is
/// keyed through its `addKey`, compiled for its own type (see `FieldLookup`).
private struct FieldHashing: FieldList {
    var key: StableHash

    @inline(__always)
    mutating func field<Value: ViewValue>(_ name: String, _ value: @autoclosure () -> Value) {
        value().addKey(to: &key)
    }

    mutating func fields<Part: ViewFields>(of part: Part) {
        part.addKey(to: &key)
    }

    mutating func fields<Part: ViewFields>(of part: Shared<Part>) {
        key.add(part.key)
    }
}

/// A value many pages show (the site, the UI strings, what every view of a saying shows), keyed
/// once per build, where every page would otherwise hash it again. A view that pages enter (the
/// site) is shared `Boxed`, so that it is also boxed for templates once.
final class Shared<Value: ViewValue & Sendable>: ViewValue, Sendable {
    let value: Value
    let key: UInt64

    init(_ value: Value) {
        self.value = value
        var key = StableHash()
        value.addKey(to: &key)
        self.key = key.value
    }

    var templateValue: Any? { value.templateValue }

    func addKey(to key: inout StableHash) {
        key.add(self.key)
    }
}

/// A view boxed for templates once rather than at each lookup: the site and a page's metadata,
/// which every `{{site.…}}` and `{{page.…}}` enters.
struct Boxed<View: ViewFields & Sendable>: ViewValue, Sendable {
    let view: View
    private let object: MustacheObject

    init(_ view: View) {
        self.view = view
        object = MustacheObject(view)
    }

    var templateValue: Any? { object }

    func addKey(to key: inout StableHash) {
        view.addKey(to: &key)
    }
}

/// A link from one page to another: the page's root (`../../`) and the target's path from the
/// site's root. Keyed as the two, and joined only when a template shows it.
struct RelativeURL: ViewValue {
    let root: String
    let path: String

    init(_ root: String, _ path: String) { (self.root, self.path) = (root, path) }

    var templateValue: Any? { root + path }

    func addKey(to key: inout StableHash) {
        key.add(root)
        key.add(path)
    }
}

/// Markdown shown as HTML on the page at `pagePath`, rendered when a template first shows it, once.
/// Keyed as the Markdown, the page (links in it are made relative to the page) and whether raw HTML
/// passes: libcmark's version is in every key already. So pages a rebuild skips never render theirs.
/// A class, to render once however often a template shows it; a view holding one is made and
/// rendered on one thread.
final class MarkdownHTML: ViewValue {
    private let markdown: String
    private let pagePath: String
    private let renderer: MarkdownRenderer
    private var html: String?

    init(_ markdown: String, at pagePath: String, renderer: MarkdownRenderer) {
        (self.markdown, self.pagePath, self.renderer) = (markdown, pagePath, renderer)
    }

    var templateValue: Any? {
        let html = html ?? renderer.html(markdown, at: pagePath)
        self.html = html
        return html.isEmpty ? nil : html
    }

    func addKey(to key: inout StableHash) {
        key.add(renderer.allowRawHTML ? 1 : 0)
        key.add(markdown)
        key.add(pagePath)
    }
}

// MARK: - Plain values

extension String: ViewValue {
    var templateValue: Any? { self }
    func addKey(to key: inout StableHash) { key.add(self) }
}

extension Bool: ViewValue {
    var templateValue: Any? { self }
    func addKey(to key: inout StableHash) { key.add(self ? 1 : 0) }
}

extension Int: ViewValue {
    var templateValue: Any? { self }
    func addKey(to key: inout StableHash) { key.add(UInt64(bitPattern: Int64(self))) }
}

/// Nothing to show, or the value: keyed as which, then the value.
extension Optional: ViewValue where Wrapped: ViewValue {
    var templateValue: Any? {
        switch self {
        case .some(let value): value.templateValue
        case .none: nil
        }
    }

    func addKey(to key: inout StableHash) {
        switch self {
        case .some(let value):
            key.add(1)
            value.addKey(to: &key)
        case .none:
            key.add(0)
        }
    }
}

/// A list: templates iterate it in place (boxing each view as they enter it); keyed as its count,
/// then each element.
extension Array: ViewValue where Element: ViewValue {
    var templateValue: Any? { self }

    func addKey(to key: inout StableHash) {
        key.add(UInt64(count))
        for element in self { element.addKey(to: &key) }
    }
}

/// A table of strings (the UI strings): keyed entry by entry in key order, since a dictionary's own
/// order changes from run to run.
extension Dictionary: ViewValue where Key == String, Value: ViewValue {
    var templateValue: Any? { self }

    func addKey(to key: inout StableHash) {
        key.add(UInt64(count))
        for name in keys.sorted() {
            key.add(name)
            self[name]!.addKey(to: &key)
        }
    }
}
