import Foundation
import ModakCardPNG
import ModakCards
import ModakCore
import ModakInput
import ModakOutput
import Mustache

/// What `modak build` was asked to do.
public struct BuildRequest: Sendable {
    public var contentDirectory = "content"
    public var outputDirectory = "public"
    /// `--date`: build as of this calendar day in the site's time zone.
    public var day: CivilDay?
    /// `SOURCE_DATE_EPOCH`: build as of this instant.
    public var instant: Date?
    public var theme: String?
    public var baseURL: String?
    /// `--templates`: folders overriding the bundled templates, in order.
    public var templateDirectories: [String] = []
    /// `--drafts`: sayings, notices and pages marked `draft: true` are built too (marked as drafts).
    public var includeDrafts = false
    /// `--force`: write into a non-empty folder that holds no build of Modak's.
    public var force = false
    /// Told how far the build got, from any thread (the command line draws a progress bar).
    public var progress: (@Sendable (BuildProgress) -> Void)?

    public init() {}
}

/// How far a build got: `done` of `total` in its current stage.
public struct BuildProgress: Sendable, Equatable {
    public enum Stage: String, Sendable { case reading, rendering, writing }
    public var stage: Stage
    public var done: Int
    public var total: Int
}

/// What a build did: every diagnostic, and the write report when it got that far.
public struct BuildResult: Sendable {
    public var diagnostics: [Diagnostic]
    public var report: WriteReport?
    /// The day the site was built for, once the content was read (its time zone says when tomorrow starts).
    public var today: BuildDay?
    /// Where the built site's pages start (`SiteConfig.rootPath`), for a build that succeeded.
    public var rootPath: String?
    /// Why the output folder was refused, before anything was read or written.
    public var refusal: OutputRefusal?
    public var succeeded: Bool { report != nil }

    public init(
        diagnostics: [Diagnostic], report: WriteReport? = nil, today: BuildDay? = nil, rootPath: String? = nil,
        refusal: OutputRefusal? = nil
    ) {
        (self.diagnostics, self.report, self.today, self.rootPath) = (diagnostics, report, today, rootPath)
        self.refusal = refusal
    }
}

/// The pipeline, stage by stage: load → validate → model → render → write.
///
/// Nothing is written unless every earlier stage succeeded, so a bad input leaves the previous
/// output untouched. The clock and the cache folder are parameters, so tests pin "today" and
/// keep their bookkeeping in a scratch folder.
public struct SiteBuilder: Sendable {
    public let clock: @Sendable () -> Date
    /// A folder standing in for the built-in templates (`BuiltInTemplates`); nil for those.
    public let bundledTemplates: String?
    /// Draws the PNGs of cards and icons; nil builds SVG cards and icons only.
    public let pngDeriver: (any FileDeriver)?
    /// Where the bookkeeping of each output folder is kept.
    public let cache: BuildCache

    public init(
        clock: @escaping @Sendable () -> Date = Date.init, bundledTemplates: String? = TemplateLoader.bundledFolder(),
        pngDeriver: (any FileDeriver)? = CardPNGPainter.canDraw() ? ParallelDeriver() : nil,
        cache: BuildCache = .standard()
    ) {
        (self.clock, self.bundledTemplates, self.pngDeriver) = (clock, bundledTemplates, pngDeriver)
        self.cache = cache
    }

    /// Checks that `request`'s output folder may be written (or checked) at all.
    public func checkOutputFolder(of request: BuildRequest) throws(OutputRefusal) {
        try OutputFolderRules(cache: cache).check(
            output: request.outputDirectory, content: request.contentDirectory,
            templateFolders: templateFolders(for: request), force: request.force)
    }

    public func build(_ request: BuildRequest) -> BuildResult {
        do {
            try checkOutputFolder(of: request)
        } catch {
            return BuildResult(diagnostics: [], refusal: error)
        }

        // Load and validate.
        request.progress?(BuildProgress(stage: .reading, done: 0, total: 1))
        let files: [SourceFile]
        switch contentFiles(of: request) {
        case .success(let read): files = read
        case .failure(let failure): return BuildResult(diagnostics: failure.diagnostics, report: nil)
        }
        // A build from exactly the inputs of the last one into this folder has nothing to do.
        let writer = SiteWriter(outputDirectory: request.outputDirectory, cache: cache)
        let inputs = try? BuildRecord.inputs(
            content: files, templateFolders: templateFolders(for: request), request: request,
            makesPNG: pngDeriver != nil)
        if let inputs, let (record, report) = writer.unchangedBuild(from: inputs) {
            return BuildResult(
                diagnostics: record.diagnostics, report: report, today: record.today, rootPath: record.rootPath)
        }
        var site: RenderedSite
        switch render(files, request) {
        case .success(let rendered): site = rendered
        case .failure(let failure): return BuildResult(diagnostics: failure.diagnostics, report: nil)
        }
        let (plan, content, today) = (site.plan, site.content, site.today)
        do {
            if pngDeriver == nil {
                let cards =
                    content.site.cards ? "cards are SVG only and social networks get no preview image, and " : ""
                site.diagnostics.append(
                    .warning(
                        content.site.source,
                        """
                        no PNG can be drawn: fontconfig finds no \(CardRenderer.layoutFamily), so \(cards)the \
                        installable app has only its SVG icon, which phones do not put on the home screen; install \
                        fonts-noto-cjk for PNGs
                        """
                    ))
            }
            let record = inputs.map {
                BuildRecord(inputs: $0, today: today, rootPath: content.site.rootPath, diagnostics: site.diagnostics)
            }
            let report = try writer.write(plan, deriver: pngDeriver, record: record) { done, total in
                request.progress?(BuildProgress(stage: .writing, done: done, total: total))
            }
            return BuildResult(
                diagnostics: site.diagnostics, report: report, today: today, rootPath: content.site.rootPath)
        } catch {
            // Pages rendered on demand fail here, while being written: their errors are located too.
            return BuildResult(diagnostics: site.diagnostics + [site.located(error, request: request)], report: nil)
        }
    }

    /// The files in `request`'s output folder that an earlier build made and a build of `request`
    /// would not (`SiteWriter.filesMadeByModak`), sorted; nil, with the diagnostics, when the content
    /// or the templates do not load.
    public func leftovers(of request: BuildRequest) -> (paths: [String]?, diagnostics: [Diagnostic]) {
        switch contentFiles(of: request).flatMap({ render($0, request) }) {
        case .success(let site):
            let planned = site.plan.paths(includingDerived: pngDeriver != nil)
            let made = SiteWriter(outputDirectory: request.outputDirectory, cache: cache).filesMadeByModak()
            return (made.filter { !planned.contains($0) }, site.diagnostics)
        case .failure(let failure):
            return (nil, failure.diagnostics)
        }
    }

    /// A site rendered into its plan, with what it was made from.
    private struct RenderedSite {
        var plan: OutputPlan
        var content: ContentSet
        var today: BuildDay
        var templates: TemplateSet
        var diagnostics: [Diagnostic]

        /// A rendering error as a diagnostic in the file to edit: a template or a content file.
        func located(_ error: any Error, request: BuildRequest) -> Diagnostic {
            switch error {
            case let error as MustacheError: TemplateSet.diagnostic(for: error, sourcePaths: templates.sourcePaths)
            case let error as ContentProblem: error.diagnostic
            default: Diagnostic(path: request.outputDirectory, "\(error)")
            }
        }
    }

    private struct RenderFailure: Error {
        var diagnostics: [Diagnostic]
    }

    private func contentFiles(of request: BuildRequest) -> Result<[SourceFile], RenderFailure> {
        Result { try DirectoryReader.contentFiles(in: request.contentDirectory) }.mapError { error in
            RenderFailure(diagnostics: [
                Diagnostic(path: request.contentDirectory, "the content folder cannot be read: \(error)")
            ])
        }
    }

    /// The stages before the write: load and validate the content, model today and the templates,
    /// and render the plan.
    private func render(_ files: [SourceFile], _ request: BuildRequest) -> Result<RenderedSite, RenderFailure> {
        var (loaded, log) = ContentLoader.load(files, folder: request.contentDirectory)
        if let loaded, !loaded.site.unsafeHTML { OmittedHTML.warnings(in: loaded).forEach { log.append($0) } }
        var diagnostics = log.sorted
        guard var content = loaded else { return .failure(RenderFailure(diagnostics: diagnostics)) }
        if let theme = request.theme { content.site.theme = theme }
        if let baseURL = request.baseURL { content.site.baseURL = baseURL.hasSuffix("/") ? baseURL : baseURL + "/" }

        // Model: today, and the templates that will render it.
        let today =
            request.day.map { BuildDay(day: $0, timeZone: content.site.timeZone) }
            ?? BuildDay(instant: request.instant ?? clock(), timeZone: content.site.timeZone)
        let templates: TemplateSet
        do {
            templates = try TemplateLoader.load(templateSources(for: request))
        } catch let error as TemplateLoader.TemplateError {
            return .failure(RenderFailure(diagnostics: diagnostics + [error.diagnostic]))
        } catch {
            return .failure(RenderFailure(diagnostics: diagnostics + [Diagnostic(path: "templates", "\(error)")]))
        }
        diagnostics += templates.warnings

        // Render.
        request.progress?(BuildProgress(stage: .rendering, done: 0, total: 1))
        var site = RenderedSite(
            plan: OutputPlan(), content: content, today: today, templates: templates, diagnostics: diagnostics)
        do {
            let context = RenderContext(
                content: content, today: today, templates: templates, makesPNG: pngDeriver != nil,
                includeDrafts: request.includeDrafts)
            if context.matchedLanguage == nil {
                site.diagnostics.append(
                    .warning(
                        content.site.languageSource,
                        """
                        Modak has no UI strings for the language `\(content.site.language)`, so the interface is \
                        in English (`lang` stays `\(content.site.language)`): use `ko` or `en`, or add \
                        templates/i18n/\(content.site.language).json
                        """
                    ))
            }
            site.plan = try SiteRenderer().render(context)
        } catch {
            return .failure(RenderFailure(diagnostics: site.diagnostics + [site.located(error, request: request)]))
        }
        site.diagnostics += SiteLinks.unknownTargets(
            of: content.site.menu, planned: site.plan.paths(includingDerived: true))
        return .success(site)
    }

    /// The built-in templates (or the folder standing in for them), then the folders of `templateFolders`.
    public func templateSources(for request: BuildRequest) -> [TemplateSource] {
        (bundledTemplates == nil ? [.builtIn] : []) + templateFolders(for: request).map(TemplateSource.folder)
    }

    /// The template folders on disk: the one standing in for the built-in templates, if any, then
    /// `templates/` beside the content folder, then each `--templates`.
    public func templateFolders(for request: BuildRequest) -> [String] {
        var folders = bundledTemplates.map { [$0] } ?? []
        let siteTemplates = URL(fileURLWithPath: request.contentDirectory).deletingLastPathComponent()
            .appendingPathComponent("templates").path
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: siteTemplates, isDirectory: &isDirectory), isDirectory.boolValue {
            folders.append(siteTemplates)
        }
        return folders + request.templateDirectories
    }
}
