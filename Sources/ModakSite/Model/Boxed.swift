import Mustache
import StableHashing

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
