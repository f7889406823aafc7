import Foundation
@testable import ModakOutput
import TestSupport

/// The tests' cache folder, apart from the user's.
private let scratchCache = BuildCache(root: scratchCacheRoot)

extension SiteWriter {
    init(outputDirectory: String) { self.init(outputDirectory: outputDirectory, cache: scratchCache) }
}

extension TemporaryFolder {
    /// The bookkeeping the tests' cache keeps about the output folder at `relativePath` (the folder
    /// itself by default).
    func bookkeeping(of relativePath: String = "") -> OutputBookkeeping {
        scratchCache.bookkeeping(forOutput: CanonicalPath.of(relativePath.isEmpty ? path : path + "/" + relativePath))
    }

    var bookkeeping: OutputBookkeeping { bookkeeping() }

    /// The paths of the files below the folder that a visitor of the site can see (no hidden ones), sorted.
    func visibleFiles() throws -> [String] {
        try FileManager.default.subpathsOfDirectory(atPath: path).filter { relative in
            var isFolder: ObjCBool = false
            let hidden = relative.split(separator: "/").contains { $0.hasPrefix(".") }
            return !hidden && FileManager.default.fileExists(atPath: path + "/" + relative, isDirectory: &isFolder)
                && !isFolder.boolValue
        }.sorted()
    }
}

extension OutputBookkeeping {
    var manifest: Manifest? { Manifest.read(from: manifestPath) }
}
