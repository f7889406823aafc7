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
