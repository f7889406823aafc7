import ModakCore
import Mustache
import UTF8Bytes

/// `sw.js` at the site's root (so that its scope is the whole site), rendered from `sw.mustache`:
/// the service worker that keeps the site readable offline. It keeps two kinds of files:
/// - the shell every page needs: the stylesheets and scripts under `assets/`, the icons and the
///   manifest. Each worker fetches them when it comes and answers from that copy ever after;
/// - pages: the home page and the offline page from the start, then every file the reader opens,
///   always asked of the network first, so that a rebuilt site shows its new day.
///
/// Its version is a hash of the bytes of every file it fetches when it comes, so it changes, and
/// browsers install it again, exactly when one of them does: the same site gives the same worker.
struct ServiceWorkerStep: FinishingStep {
    let name = "service worker"

    func finish(_ plan: inout OutputPlan, _ context: RenderContext) throws {
        var revisions: [(url: String, revision: UInt64)] = []
        var pages: [String] = []
        for page in [SitePaths.home, SitePaths.offline] {
            guard let bytes = try plan.bytes(at: SitePaths.file(for: page)) else { continue }
            pages.append(page.isEmpty ? "./" : page)
            revisions.append((pages[pages.count - 1], StableHash.of(bytes)))
        }
        var shell: [String] = []
        for file in plan.files where Self.isShell(file.path) {
            shell.append(file.path)
            revisions.append((file.path, StableHash.of(file.bytes)))
        }
        for icon in plan.derived where icon.source == SitePaths.icon {
            guard let source = plan[icon.source] else { continue }
            shell.append(icon.path)
            revisions.append((icon.path, icon.hash(fromSource: StableHash.of(source.bytes))))
        }
        var version = StableHash()
        for (url, revision) in revisions {
            version.add(url)
            version.add(revision)
        }
        let view = ServiceWorkerView(version: HexText.word(version.value), shell: shell, pages: pages, offlinePage: SitePaths.offline)
        plan.add(OutputFile(path: SitePaths.serviceWorker, bytes: try context.templates.library.renderUTF8("sw", MustacheObject(view))))
    }

    /// Stylesheets and scripts of the templates' assets, the icon and the manifest.
    static func isShell(_ path: String) -> Bool {
        path == SitePaths.appManifest || path == SitePaths.icon
            || path.hasPrefix("assets/") && (path.hasSuffix(".css") || path.hasSuffix(".js"))
    }
}

/// What `sw.mustache` sees: lists of addresses relative to the worker, as JSON arrays.
struct ServiceWorkerView: MustacheFields {
    var version: String
    var shell: [String]
    var pages: [String]
    var offlinePage: String

    func mustacheField(_ name: String) -> Any? {
        switch name {
        case "version": version
        case "shell": Self.json(shell)
        case "pages": Self.json(pages)
        case "offlinePage": offlinePage
        default: nil
        }
    }

    private static func json(_ texts: [String]) -> String {
        var json = CompactJSON()
        json.strings(texts)
        return String(decoding: json.bytes, as: UTF8.self)
    }
}
