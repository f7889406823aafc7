#if canImport(Glibc)
    import Glibc
#endif

// The scans are inlinable: other modules call them for every field and line they read, and a
// call across the module boundary cost more than the scan of a short field
// (bench/README.md#decision-text-read-as-utf-8-bytes).

/// A set of byte values that text is scanned for, by table lookup.
///
/// Content is scanned for a few rare bytes several times on its way to the pages (controls to
/// remove, characters to escape): eight table reads per branch, since most text holds none of
/// them (bench/README.md#decision-text-read-as-utf-8-bytes).
public struct UTF8ByteSet: Sendable {
    /// 1 at the index of every member, 0 elsewhere (256 entries).
    @usableFromInline let table: [UInt8]

    public init(where isMember: (UInt8) -> Bool) {
        table = (0...255).map { isMember(UInt8($0)) ? 1 : 0 }
    }

    @inlinable public func contains(_ byte: UInt8) -> Bool { table[Int(byte)] != 0 }

    /// Whether any of `bytes` is a member.
    @inlinable public func containsAny(of bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        table.withUnsafeBufferPointer { table in
            var index = 0
            while index + 8 <= bytes.count {
                let hits =
                    table[Int(bytes[index])] | table[Int(bytes[index + 1])] | table[Int(bytes[index + 2])]
                    | table[Int(bytes[index + 3])] | table[Int(bytes[index + 4])] | table[Int(bytes[index + 5])]
                    | table[Int(bytes[index + 6])] | table[Int(bytes[index + 7])]
                if hits != 0 { return true }
                index += 8
            }
            while index < bytes.count {
                if table[Int(bytes[index])] != 0 { return true }
                index += 1
            }
            return false
        }
    }
}

extension StringProtocol {
    /// Whether a UTF-8 byte of the text is in `set`, looked for in the bytes in place.
    @inlinable public func containsUTF8Byte(in set: UTF8ByteSet) -> Bool {
        utf8.withContiguousStorageIfAvailable { set.containsAny(of: $0) } ?? utf8.contains(where: set.contains)
    }
}

extension UnsafeBufferPointer<UInt8> {
    /// The offset of the first `byte` in `range`, or nil: `memchr` compares many bytes at a time,
    /// where a loop compares one.
    @inlinable public func firstOffset(of byte: UInt8, in range: Range<Int>) -> Int? {
        guard let base = baseAddress, !range.isEmpty else { return nil }
        return memchr(base + range.lowerBound, Int32(byte), range.count).map {
            UnsafePointer($0.assumingMemoryBound(to: UInt8.self)) - base
        }
    }

    /// The offset of the first occurrence of `needle` in `range`, or nil (always for an empty
    /// `needle`): `memchr` finds each candidate's first byte and `memcmp` the rest, where a generic
    /// `firstRange(of:)` compares element by element through protocol witnesses.
    @inlinable public func firstOffset(of needle: [UInt8], in range: Range<Int>) -> Int? {
        guard let base = baseAddress, let first = needle.first, needle.count <= range.count else { return nil }
        let lastStart = range.upperBound - needle.count
        var start = range.lowerBound
        while let found = firstOffset(of: first, in: start..<lastStart + 1) {
            if memcmp(base + found, needle, needle.count) == 0 { return found }
            start = found + 1
        }
        return nil
    }
}
