import Foundation
import StableHashing

/// The default templates, CSS, JS and UI strings, built into the binary from the repository's
/// `Templates/` (`TemplatesPlugin` writes `encodedFiles`), so that a copied `modak` builds a site with
/// nothing beside it. A site overrides them file by file from its own `templates/`.
public enum BuiltInTemplates {
    /// How messages name the set's files.
    public static let name = "(built-in templates)"

    /// Every file, by path relative to the set's root, sorted; decoded once.
    static let files: [(relativePath: String, bytes: [UInt8])] = encodedFiles.map { file in
        (file.path, Array(Data(base64Encoded: file.base64)!))
    }

    /// The files a site can override, the ones Modak reads (templates, assets, UI strings), sorted by path.
    public static var overridable: [(path: String, bytes: [UInt8])] {
        files.filter { TemplateFileKind(path: $0.relativePath) != nil }.map { ($0.relativePath, $0.bytes) }
    }

    /// 16 hexadecimal digits of a hash of every file's path and bytes: two binaries with the same
    /// fingerprint carry the same templates.
    public static let fingerprint: String = {
        var hash = StableHash()
        for file in files {
            hash.add(file.relativePath)
            hash.add(file.bytes)
        }
        let digits = String(hash.value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }()
}
