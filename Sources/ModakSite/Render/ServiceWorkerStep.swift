import Foundation
import ModakCore
import ModakOutput
import Mustache
import StableHashing
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
/// The home page is deferred, so the worker is too: the writer renders both on its threads, the
/// home page once (`RenderedOnce`), and neither when the home page's key is unchanged.
struct ServiceWorkerStep: FinishingStep {
    func finish(_ plan: inout OutputPlan, _ context: RenderContext) throws {
        var revisions: [(url: String, revision: UInt64)] = []
        var shell: [String] = []
        for file in plan.files where Self.isShell(file.path) {
            // The address pages ask for: the worker answers exactly these from its copy.
            let url = Self.isVersionedAsset(file.path) ? file.path + "?v=" + context.assetVersion : file.path
            shell.append(url)
            revisions.append((url, StableHash.of(file.bytes)))
        }
        for icon in plan.derived where icon.source == SitePaths.icon {
            guard let source = plan[icon.source] else { continue }
            shell.append(icon.path)
            revisions.append((icon.path, icon.hash(fromSource: StableHash.of(source.bytes))))
        }
        var pages: [String] = []
        if let offline = plan[SitePaths.file(for: SitePaths.offline)] {
            pages.append(SitePaths.offline)
            revisions.append((SitePaths.offline, StableHash.of(offline.bytes)))
        }
        let home = homePage(in: &plan)
        if home != nil { pages.insert("./", at: 0) }
        let library = context.templates.library
        let (templatesKey, offlinePage) = (context.templates.fingerprint, SitePaths.offline)
        let storageScript = "assets/js/storage.js?v=" + context.assetVersion
        let icon = plan.derived.contains { $0.path == AppIcons.plain(192) } ? AppIcons.plain(192) : SitePaths.icon
        let texts = Self.notificationTexts(context.strings)
        plan.deferred.append(
            DeferredFile(path: SitePaths.serviceWorker) { [revisions] in
                var key = StableHash()
                key.add(ExecutableIdentity.fingerprint)
                key.add(templatesKey)
                for (url, revision) in revisions {
                    key.add(url)
                    key.add(revision)
                }
                key.add(home?.key() ?? 0)
                for text in [storageScript, icon, texts] { key.add(text) }
                return key.value
            } render: { [revisions, shell, pages] in
                var version = StableHash()
                for (url, revision) in revisions + (try home.map { [("./", StableHash.of(try $0.bytes()))] } ?? []) {
                    version.add(url)
                    version.add(revision)
                }
                let view = ServiceWorkerView(
                    version: HexText.word(version.value), shell: shell, pages: pages, offlinePage: offlinePage,
                    storageScript: storageScript, todaySaying: SitePaths.todaySaying, icon: icon, texts: texts)
                return try library.renderUTF8("sw", MustacheObject(view))
            })
    }

    /// The home page as the worker reads it: its key, and its bytes rendered once for the page and the worker.
    private func homePage(in plan: inout OutputPlan) -> (
        key: @Sendable () -> UInt64, bytes: @Sendable () throws -> [UInt8]
    )? {
        let path = SitePaths.file(for: SitePaths.home)
        if let file = plan[path] {
            let bytes = file.bytes
            return ({ StableHash.of(bytes) }, { bytes })
        }
        guard let index = plan.deferred.firstIndex(where: { $0.path == path }) else { return nil }
        let once = RenderedOnce(plan.deferred[index].render)
        plan.deferred[index].render = { try once.bytes() }
        return (plan.deferred[index].key, { try once.bytes() })
    }

    /// The UI strings the worker's notifications show (`notify…` keys), as a JSON object.
    static func notificationTexts(_ strings: [String: String]) -> String {
        var json = CompactJSON()
        for (number, key) in ["notifyLetterTitle", "notifyDailyTitle"].enumerated() {
            json.raw(number == 0 ? "{" : ",")
            json.string(key)
            json.raw(":")
            json.string(strings[key] ?? key)
        }
        json.raw("}")
        return String(decoding: json.bytes, as: UTF8.self)
    }

    /// Stylesheets and scripts of the templates' assets, the icon and the manifest.
    static func isShell(_ path: String) -> Bool {
        path == SitePaths.appManifest || path == SitePaths.icon || isVersionedAsset(path)
    }

    /// Stylesheets and scripts under `assets/`, which pages name with `?v=` (`SiteView.assetVersion`).
    static func isVersionedAsset(_ path: String) -> Bool {
        path.hasPrefix("assets/") && (path.hasSuffix(".css") || path.hasSuffix(".js"))
    }
}

/// A render two files of the plan need (the home page, and the worker that hashes it): made by
/// whichever asks first, handed to the second, then let go.
final class RenderedOnce: @unchecked Sendable {
    // Guarded by `lock`.
    private let lock = NSLock()
    private let render: @Sendable () throws -> [UInt8]
    private var kept: [UInt8]?

    init(_ render: @escaping @Sendable () throws -> [UInt8]) {
        self.render = render
    }

    func bytes() throws -> [UInt8] {
        try lock.withLock {
            if let kept {
                self.kept = nil
                return kept
            }
            let bytes = try render()
            kept = bytes
            return bytes
        }
    }
}

extension ServiceWorkerView {
    static func json(_ texts: [String]) -> String {
        var json = CompactJSON()
        json.strings(texts)
        return String(decoding: json.bytes, as: UTF8.self)
    }
}
