import Foundation
import ModakCore

/// The list of files Modak generated in an output folder, with a hash and size of each, and
/// for a deferred file the key it was rendered from. Kept with the output's other bookkeeping
/// (`OutputBookkeeping`), never in the output folder itself. Its `buildID` is the stamp the build
/// left on the output folder (`OutputStamp`): a manifest describes the folder only while they match.
struct Manifest: Equatable {
    struct Entry: Equatable {
        var hash: UInt64
        var size: Int
        var key: UInt64? = nil

        /// A file a build set out to write: whatever is on disk must be rewritten.
        static let unknown = Entry(hash: 0, size: -1)
    }

    /// Version 3 added the build ID to the header line (`modak-manifest 3 <id>`, left out when there
    /// is none); version 2 added the keys and changed the hash; a version 1 manifest still says
    /// which files Modak owns, and its hashes simply never match.
    static let header = "modak-manifest 3"
    static let headersWithoutID = ["modak-manifest 2", "modak-manifest 1"]
    var entries: [String: Entry]
    var buildID: UInt64? = nil

    /// The manifest at `path`; nil when there is none or it is not a manifest.
    static func read(from path: String) -> Manifest? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        // Parsed as bytes: a manifest has a line per file, and only its paths need to be strings.
        let lines = [UInt8](data).split(separator: UInt8(ascii: "\n"))
        guard let firstLine = lines.first.map({ String(decoding: $0, as: UTF8.self) }) else { return nil }
        var buildID: UInt64?
        if firstLine.hasPrefix(header + " ") {
            guard let id = UInt64(firstLine.dropFirst(header.count + 1), radix: 16) else { return nil }
            buildID = id
        } else if firstLine != header && !headersWithoutID.contains(firstLine) {
            return nil
        }
        let hasKeys = firstLine != headersWithoutID.last
        var entries: [String: Entry] = [:]
        entries.reserveCapacity(lines.count)
        for line in lines.dropFirst() {
            // `hash size key path` (`hash size path` in version 1); the path may hold spaces.
            guard let (hashField, afterHash) = Self.field(of: line), let hash = Self.number(hashField, radix: 16),
                let (sizeField, afterSize) = Self.field(of: afterHash), let size = Self.signedNumber(sizeField)
            else { continue }
            var key: UInt64?
            var pathBytes = afterSize
            if hasKeys {
                guard let (keyField, afterKey) = Self.field(of: afterSize) else { continue }
                key = Self.number(keyField, radix: 16) // `-` when the file has none
                pathBytes = afterKey
            }
            let path = String(decoding: pathBytes, as: UTF8.self)
            // A tampered manifest must not make the writer delete outside its folder.
            guard URLRules.isContainedRelativePath(path) else { continue }
            entries[path] = Entry(hash: hash, size: size, key: key)
        }
        return Manifest(entries: entries, buildID: buildID)
    }

    /// The bytes of `line` up to its first space, and those after that space.
    private static func field(of line: ArraySlice<UInt8>) -> (ArraySlice<UInt8>, ArraySlice<UInt8>)? {
        guard let space = line.firstIndex(of: UInt8(ascii: " ")) else { return nil }
        return (line[..<space], line[(space + 1)...])
    }

    /// The number written in `digits` (lowercase for hexadecimal, as `appendHex` writes them), or nil.
    private static func number(_ digits: ArraySlice<UInt8>, radix: UInt64) -> UInt64? {
        guard !digits.isEmpty else { return nil }
        var value: UInt64 = 0
        for byte in digits {
            let digit: UInt64 =
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt64(byte - UInt8(ascii: "0"))
                case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt64(byte - UInt8(ascii: "a") + 10)
                default: radix
                }
            guard digit < radix else { return nil }
            let (shifted, overflow) = value.multipliedReportingOverflow(by: radix)
            guard !overflow, shifted <= UInt64.max - digit else { return nil }
            value = shifted + digit
        }
        return value
    }

    private static func signedNumber(_ digits: ArraySlice<UInt8>) -> Int? {
        let negative = digits.first == UInt8(ascii: "-")
        guard let magnitude = number(negative ? digits.dropFirst() : digits, radix: 10), magnitude <= UInt64(Int.max)
        else { return nil }
        return negative ? -Int(magnitude) : Int(magnitude)
    }

    /// Writes the entries of the distinct paths in `order` in that order, then any others sorted:
    /// a build passes its plan's order, which is as deterministic as sorting and costs nothing.
    func write(to path: String, order: [String] = []) throws {
        var bytes = Array((Self.header + (buildID.map { " " + String($0, radix: 16) } ?? "") + "\n").utf8)
        bytes.reserveCapacity(entries.count * 64)
        func append(_ file: String, _ entry: Entry) {
            Self.appendHex(entry.hash, to: &bytes)
            bytes += String(entry.size).utf8
            bytes.append(UInt8(ascii: " "))
            if let key = entry.key { Self.appendHex(key, to: &bytes) } else { bytes += "- ".utf8 }
            bytes += file.utf8
            bytes.append(UInt8(ascii: "\n"))
        }
        var written = 0
        for file in order {
            guard let entry = entries[file] else { continue }
            append(file, entry)
            written += 1
        }
        if written < entries.count {
            let ordered = Set(order)
            for file in entries.keys.filter({ !ordered.contains($0) }).sorted() { append(file, entries[file]!) }
        }
        try FileSystem.writeAtomically(bytes, to: path)
    }

    /// `number` in lowercase hexadecimal and a space, written straight into `bytes` by shifting
    /// out nibbles (a manifest has a line per file; bench/README.md#decision-manifest-numbers-in-hexadecimal).
    private static func appendHex(_ number: UInt64, to bytes: inout [UInt8]) {
        let digits = max(1, (64 - number.leadingZeroBitCount + 3) / 4)
        for shift in stride(from: (digits - 1) * 4, through: 0, by: -4) {
            let nibble = UInt8(truncatingIfNeeded: number >> UInt64(shift)) & 0xF
            bytes.append(nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10)
        }
        bytes.append(UInt8(ascii: " "))
    }
}
