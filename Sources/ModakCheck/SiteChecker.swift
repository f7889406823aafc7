import Foundation
import ModakCore
import ModakInput
import ModakXML
import ParallelWork

/// `modak check`: reads a built site the way a browser and a feed reader would, and reports every
/// internal link, image, script or stylesheet that points at no file, and every XML or JSON file
/// that does not parse.
public struct SiteChecker: Sendable {
    public struct Finding: Sendable, Equatable, CustomStringConvertible {
        /// The file as the user names it: the output folder joined with its path inside.
        public var file: String
        public var line: Int
        /// The reference as written in the page, or what is wrong with an XML or JSON file.
        public var subject: String
        public var detail: String

        /// `page:line: target (detail)`, the form editors and CI logs turn into links.
        public var description: String { "\(file):\(line): \(subject) (\(detail))" }
    }

    public struct Summary: Sendable, Equatable {
        public var pages = 0
        public var references = 0
        public var dataFiles = 0
    }

    /// Attributes that make a browser fetch or navigate to a URL, by element.
    static let referenceAttributes: [String: [String]] = [
        "a": ["href"], "area": ["href"], "link": ["href"], "img": ["src", "srcset"], "source": ["src", "srcset"],
        "script": ["src"], "iframe": ["src"], "audio": ["src"], "video": ["src", "poster"], "track": ["src"],
        "embed": ["src"], "object": ["data"], "input": ["src"]
    ]
    /// `<meta>` properties whose content is a URL of the site (shared previews).
    static let urlMetaProperties: Set<String> = ["og:url", "og:image", "twitter:image"]

    public let outputDirectory: String
    public let site: SiteURL?

    /// `baseURL` from site.json tells which absolute URLs are the site's own; without it only relative ones are.
    public init(outputDirectory: String, baseURL: String?) {
        self.outputDirectory =
            outputDirectory.count > 1 && outputDirectory.hasSuffix("/")
            ? String(outputDirectory.dropLast()) : outputDirectory
        site = baseURL.flatMap(SiteURL.init)
    }

    public func check() throws -> (findings: [Finding], summary: Summary) {
        let files = try DirectoryReader.files(in: outputDirectory)
        let paths = Set(files.map(\.relativePath))
        let checked = ParallelMap.map(files) { file -> (findings: [Finding], references: Int, kind: FileKind) in
            let kind = FileKind(path: file.relativePath)
            switch kind {
            case .page:
                let (findings, references) = checkPage(file.relativePath, file.bytes, existing: paths)
                return (findings, references, kind)
            case .xml:
                return (
                    XMLWellFormedness.problem(in: file.bytes).map {
                        [finding(file.relativePath, $0.line, "not well-formed XML", $0.message)]
                    } ?? [], 0, kind
                )
            case .json:
                do throws(JSONSyntaxError) {
                    _ = try JSONParser.parse(file.bytes)
                    return ([], 0, kind)
                } catch {
                    return ([finding(file.relativePath, error.line, "not valid JSON", error.message)], 0, kind)
                }
            case .other:
                return ([], 0, kind)
            }
        }
        var summary = Summary()
        for result in checked {
            summary.references += result.references
            if result.kind == .page { summary.pages += 1 }
            if result.kind == .xml || result.kind == .json { summary.dataFiles += 1 }
        }
        return (checked.flatMap(\.findings), summary)
    }

    /// Crawlers read `robots.txt` only at a host's root (RFC 9309, section 2.3), so a site under a path
    /// (`https://name.github.io/lanterns/`) publishes one nobody reads, and the sitemap it names goes unfound.
    public func robotsTxtWarning() -> String? {
        guard let site, site.path != "/", FileManager.default.fileExists(atPath: outputDirectory + "/robots.txt")
        else { return nil }
        return "\(outputDirectory)/robots.txt:1: warning: crawlers read robots.txt only at a host's root "
            + "(\(site.origin)/robots.txt), not under the site's path \(site.path): so that they find the sitemap, "
            + "add `Sitemap: \(site.origin)\(site.path)\(SitePaths.sitemap)` to the host's robots.txt, "
            + "or submit the sitemap to the search engines yourself"
    }

    private enum FileKind {
        case page, xml, json, other

        init(path: String) {
            switch path.split(separator: ".").last?.lowercased() {
            case "html", "htm": self = .page
            case "xml", "svg", "atom", "rss": self = .xml
            case "json", "webmanifest": self = .json
            default: self = .other
            }
        }
    }

    private func finding(_ path: String, _ line: Int, _ subject: String, _ detail: String) -> Finding {
        Finding(file: outputDirectory + "/" + path, line: line, subject: subject, detail: detail)
    }

    private func checkPage(_ path: String, _ bytes: [UInt8], existing: Set<String>) -> ([Finding], Int) {
        var findings: [Finding] = []
        var references = 0
        var reported = Set<String>()
        for element in HTMLDocument(html: String(decoding: bytes, as: UTF8.self)).elements {
            for reference in Self.references(in: element) {
                guard let target = resolve(reference, from: path) else { continue }
                references += 1
                guard let problem = target.problem(existing: existing) else { continue }
                if reported.insert("\(element.line) \(reference)").inserted {
                    findings.append(finding(path, element.line, reference, problem))
                }
            }
        }
        return (findings, references)
    }

    /// The URLs an element makes the browser load or follow.
    static func references(in element: HTMLDocument.Element) -> [String] {
        if element.name == "meta" {
            let property = element.attributes["property"] ?? element.attributes["name"] ?? ""
            return urlMetaProperties.contains(property) ? element.attributes["content"].map { [$0] } ?? [] : []
        }
        var result: [String] = []
        for attribute in referenceAttributes[element.name] ?? [] {
            guard let value = element.attributes[attribute] else { continue }
            if attribute == "srcset" {
                // `url 2x, url 640w`: each candidate's URL is what comes before the first space.
                result += value.split(separator: ",").compactMap {
                    $0.split(whereSeparator: \.isWhitespace).first.map(String.init)
                }
            } else {
                result.append(value)
            }
        }
        return result
    }

    /// Where a reference leads inside the output, or nil when it is not the site's to check
    /// (another host, `mailto:`, `data:`, a fragment on the same page…).
    func resolve(_ reference: String, from page: String) -> Target? {
        let trimmed = reference.trimmedOfWhitespace
        guard !trimmed.isEmpty, !trimmed.hasPrefix("#") else { return nil }
        var path: Substring
        var pageDirectory: [Substring] = page.split(separator: "/").dropLast()
        if let absolute = SiteURL.schemeRelativeOrAbsolute(trimmed) {
            guard let site, let inside = site.pathInside(absolute) else { return nil }
            path = inside
            pageDirectory = []
        } else if SiteURL.hasScheme(trimmed) {
            return nil
        } else if trimmed.hasPrefix("/") {
            if let site {
                guard let inside = site.pathInside(path: Substring(trimmed)) else {
                    // Root-relative means the host's root to a browser, but the site's root in Markdown.
                    let rest = trimmed.drop { $0 == "/" }
                    return .outsideSitePath(
                        site.origin + trimmed, sitePath: site.path, relative: SitePaths.root(from: page) + rest,
                        underBase: site.path + rest)
                }
                path = inside
            } else {
                path = trimmed.dropFirst()
            }
            pageDirectory = []
        } else {
            path = Substring(trimmed)
        }
        path = path.prefix { $0 != "?" && $0 != "#" }
        guard let decoded = path.removingPercentEncoding else { return .malformed }
        var components = pageDirectory
        for component in decoded.split(separator: "/", omittingEmptySubsequences: false) {
            switch component {
            case ".", "": continue
            case "..":
                guard !components.isEmpty else { return .outsideSite }
                components.removeLast()
            default: components.append(Substring(component))
            }
        }
        let last = decoded.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
        return .file(components.joined(separator: "/"), isFolder: last.isEmpty || last == "." || last == "..")
    }

    enum Target: Equatable {
        case file(String, isFolder: Bool)
        case outsideSite
        /// A root-relative reference of a site under a path (`/feed.xml` in `https://x.example/blog/`):
        /// where a browser goes, and the two ways to write what was meant.
        case outsideSitePath(String, sitePath: String, relative: String, underBase: String)
        case malformed

        /// Why the reference points nowhere, or nil when it reaches a file.
        func problem(existing: Set<String>) -> String? {
            switch self {
            case .outsideSite: return "it leads outside the site"
            case let .outsideSitePath(url, sitePath, relative, underBase):
                return "it leaves the site's path \(sitePath) for \(url): write `\(relative)` or `\(underBase)`"
            case .malformed: return "it is not a valid URL"
            case .file(let path, let isFolder):
                let index = path.isEmpty ? "index.html" : path + "/index.html"
                if isFolder { return existing.contains(index) ? nil : "no \(index) in the output" }
                // A folder's URL without its slash still works: servers redirect to it.
                return existing.contains(path) || existing.contains(index)
                    ? nil : "no \(path.isEmpty ? "index.html" : path) in the output"
            }
        }
    }
}
