import Foundation
#if canImport(Glibc)
    import Glibc
#endif

/// Why a folder cannot be a site's output folder. Each refusal is made before anything is written.
public enum OutputRefusal: Error, Sendable, Equatable, CustomStringConvertible {
    /// The folder the build must not overlap, and how the output overlaps it.
    public enum Sources: String, Sendable { case content, templates }
    public enum Overlap: Sendable { case same, inside, containing }

    case root(output: String)
    case notAFolder(output: String)
    /// The home folder, or a folder that holds it.
    case home(output: String, home: String)
    /// `suggestion` is a folder the output could be instead (`public` beside the content folder).
    case overlaps(output: String, Sources, folder: String, Overlap, suggestion: String)
    /// A non-empty folder without a record of a Modak build; `examples` are some of its entries.
    case notModaks(output: String, examples: [String])

    public var description: String {
        switch self {
        case .root(let output):
            return
                """
                `\(output)` cannot be the output folder: it is the root of the machine; give --output a folder of \
                its own, such as `public`
                """
        case .notAFolder(let output):
            return "`\(output)` cannot be the output folder: it is a file; give --output a folder, such as `public`"
        case .home(let output, let home):
            let what = CanonicalPath.of(output) == home ? "it is your home folder" : "it holds your home folder \(home)"
            return
                """
                `\(output)` cannot be the output folder: \(what); give --output a folder of its own, such as \
                `\(home)/site/public`
                """
        case .overlaps(let output, let sources, let folder, let overlap, let suggestion):
            let why =
                switch overlap {
                case .same: "it is the \(sources.rawValue) folder"
                case .inside:
                    """
                    it is inside the \(sources.rawValue) folder `\(folder)`, so the site would be read back as \
                    \(sources.rawValue)
                    """
                case .containing:
                    """
                    it holds the \(sources.rawValue) folder `\(folder)`, so the site's files would mix with its \
                    sources
                    """
                }
            return
                """
                `\(output)` cannot be the output folder: \(why); choose a folder apart from the content and \
                templates folders, such as `\(suggestion)`
                """
        case .notModaks(let output, let examples):
            let listed = examples.map { "`\($0)`" }.joined(separator: ", ")
            return "`\(output)` holds files that Modak did not write (\(listed)) and no record of a Modak build: "
                + "choose an empty or new folder, or give --force to build into it anyway "
                + "(files with the names of the site's are replaced; nothing else is removed)"
        }
    }
}

/// The rules an output folder must keep, checked by `modak build`, `serve` and `check` alike:
/// it is not `/` nor the home folder (nor holds it), it neither is, lies in, nor holds the content
/// or a templates folder, and when it holds anything it is a folder Modak built (or `force` is set).
public struct OutputFolderRules: Sendable {
    public let cache: BuildCache
    public let home: String?

    public init(cache: BuildCache, home: String? = ProcessInfo.processInfo.environment["HOME"]) {
        self.cache = cache
        self.home = home.flatMap { $0.hasPrefix("/") ? CanonicalPath.of($0) : nil }
    }

    /// Throws the first rule `output` breaks.
    public func check(output: String, content: String, templateFolders: [String], force: Bool) throws(OutputRefusal) {
        let canonical = CanonicalPath.of(output)
        if canonical == "/" { throw .root(output: output) }
        if let home, home == canonical || Self.isInside(home, canonical) { throw .home(output: output, home: home) }
        let contentParent = URL(fileURLWithPath: content).deletingLastPathComponent().relativePath
        let suggestion = content.contains("/") ? contentParent + "/public" : "public"
        for (folder, sources) in [(content, OutputRefusal.Sources.content)] + templateFolders.map({ ($0, .templates) })
        {
            let other = CanonicalPath.of(folder)
            let overlap: OutputRefusal.Overlap? =
                other == canonical
                ? .same
                : Self.isInside(canonical, other) ? .inside : Self.isInside(other, canonical) ? .containing : nil
            if let overlap { throw .overlaps(output: output, sources, folder: folder, overlap, suggestion: suggestion) }
        }
        if FileSystem.exists(canonical) && !FileSystem.isFolder(canonical) { throw .notAFolder(output: output) }
        guard !force else { return }
        let entries = Self.visibleEntries(of: canonical)
        guard !entries.isEmpty, !isModaks(canonical) else { return }
        throw .notModaks(output: output, examples: Array(entries.prefix(3)))
    }

    /// Whether `path` lies strictly inside `folder` (both canonical).
    static func isInside(_ path: String, _ folder: String) -> Bool {
        folder == "/" ? path != "/" : path.hasPrefix(folder + "/")
    }

    /// The entries of a folder that count: hidden ones (`.git`, `.nojekyll`) do not. Sorted.
    static func visibleEntries(of folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
    }

    /// A folder Modak built: stamped by a build (`OutputStamp`), recorded in the cache, holding an
    /// older version's manifest, or whose home page says Modak made it (`<meta name="generator"
    /// content="Modak">`, in the bundled layout), which is still true after the folder was moved or
    /// the cache deleted.
    func isModaks(_ canonicalOutput: String) -> Bool {
        let bookkeeping = cache.bookkeeping(forOutput: canonicalOutput)
        return OutputStamp.read(of: canonicalOutput) != nil || bookkeeping.hasRecord || bookkeeping.hasLegacyManifest
            || Self.saysModakMadeIt(canonicalOutput + "/index.html")
    }

    static let generatorMark = #"<meta name="generator" content="Modak">"#

    /// Whether the head of the page at `path` carries the generator mark.
    private static func saysModakMadeIt(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let head = (try? handle.read(upToCount: 4096)) ?? Data()
        return String(decoding: head, as: UTF8.self).contains(generatorMark)
    }
}
