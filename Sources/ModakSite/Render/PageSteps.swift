import ModakCore
import ModakOutput
import Mustache

/// One page per published saying.
struct SayingPagesStep: RenderStep {
    func deferredFiles(_ context: RenderContext) throws -> [DeferredFile] {
        context.published.indices.map { sayingPage($0, context) }
    }

    private func sayingPage(_ index: Int, _ context: RenderContext) -> DeferredFile {
        let saying = context.published[index]
        let path = SitePaths.saying(saying.id)
        let headline = saying.kor.isEmpty ? saying.eng : saying.kor
        var meta = context.meta(
            path: path, title: headline, description: saying.eng.isEmpty ? saying.kor : saying.eng, section: "sayings")
        meta.openGraphType = "article"
        meta = context.withCard(meta, of: saying)
        // Newest first: the previous saying is the older one, the next the newer one.
        let previous = index + 1 < context.published.count ? index + 1 : nil
        let next = index > 0 ? index - 1 : nil
        let sharedCardURL = context.versionedCardPNG(of: saying).map { SitePaths.root(from: path) + $0 }
        return context.deferredPage("saying", meta: meta) {
            SayingBody(
                saying: context.sayingView(at: index, from: path, withBody: true), sharedCardURL: sharedCardURL,
                previous: previous.map { context.sayingView(at: $0, from: path) },
                next: next.map { context.sayingView(at: $0, from: path) })
        }
    }
}

/// `404.html`, served by hosts for any missing path. It can appear at any depth, so its links start
/// at the site's root path (`RenderContext.rootPath`).
struct NotFoundStep: RenderStep {
    func files(_ context: RenderContext) throws -> [OutputFile] {
        var meta = context.meta(path: SitePaths.notFound, title: context.string("notFoundTitle"), section: "404")
        meta.noindex = true
        meta.root = context.rootPath
        let recent = context.sayings.prefix(5).map { SayingView(facts: $0, root: meta.root, body: nil) }
        return [try context.page("404", meta: meta, body: NotFoundBody(recent: recent))]
    }
}

/// CSS, scripts and other files from the templates' `assets/` folder.
struct AssetsStep: RenderStep {
    func files(_ context: RenderContext) throws -> [OutputFile] {
        (context.templates.assets + context.content.assets).map { OutputFile(path: $0.outputPath, bytes: $0.bytes) }
    }
}
