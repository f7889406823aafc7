import Foundation

/// Reads fuzz corpora: a folder of files, one input each (hidden files and README skipped).
public enum CorpusFiles {
    /// `path` itself when it is a file, else the files directly inside it, sorted.
    public static func list(_ path: String) -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return [] }
        guard isDirectory.boolValue else { return [path] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return names.filter { !$0.hasPrefix(".") && $0 != "README.md" }.sorted().map { path + "/" + $0 }
    }

    public static func read(_ path: String) -> [UInt8]? {
        FileManager.default.contents(atPath: path).map { [UInt8]($0) }
    }
}
