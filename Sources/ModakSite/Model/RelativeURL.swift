import StableHashing

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
