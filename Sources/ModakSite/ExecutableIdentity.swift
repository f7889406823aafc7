import Foundation
#if canImport(Glibc)
    import Glibc
    import StableHashing
#endif

/// Which build of Modak is running. Pages, cards and build records made by another build are made
/// again, whatever changed in the code that makes them.
enum ExecutableIdentity {
    /// The linker's build ID (a hash of the linked program), hashed; where the linker wrote none,
    /// a hash of the whole executable, which costs a read of it on every build.
    static let fingerprint: UInt64 = {
        if let id = buildID(ofExecutableAt: "/proc/self/exe") { return StableHash.of(id) }
        guard let path = Bundle.main.executablePath, let data = FileManager.default.contents(atPath: path) else {
            return 0
        }
        return StableHash.of([UInt8](data))
    }()

    /// The GNU build ID of a 64-bit little-endian ELF executable, found through its program headers:
    /// a few kilobytes read, whatever the size of the file.
    static func buildID(ofExecutableAt path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        func read(_ count: Int, at offset: UInt64) -> [UInt8]? {
            guard count > 0, count <= 1 << 20 else { return nil }
            var bytes = [UInt8](repeating: 0, count: count)
            let got = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, count, off_t(offset)) }
            return got == count ? bytes : nil
        }
        guard let header = read(64, at: 0), header.starts(with: [0x7F, 0x45, 0x4C, 0x46]), header[4] == 2,
            header[5] == 1
        else { return nil }
        let table = header.withUnsafeBytes {
            (
                offset: $0.loadUnaligned(fromByteOffset: 0x20, as: UInt64.self),
                entrySize: Int($0.loadUnaligned(fromByteOffset: 0x36, as: UInt16.self)),
                count: Int($0.loadUnaligned(fromByteOffset: 0x38, as: UInt16.self))
            )
        }
        guard table.entrySize >= 56, let entries = read(table.entrySize * table.count, at: table.offset) else {
            return nil
        }
        for index in 0..<table.count {
            let note = entries.withUnsafeBytes { entry in
                let start = index * table.entrySize
                return (
                    type: entry.loadUnaligned(fromByteOffset: start, as: UInt32.self),
                    offset: entry.loadUnaligned(fromByteOffset: start + 8, as: UInt64.self),
                    size: entry.loadUnaligned(fromByteOffset: start + 32, as: UInt64.self)
                )
            }
            guard note.type == PT_NOTE, let notes = read(Int(note.size), at: note.offset) else { continue }
            if let id = notes.withUnsafeBytes(buildID(inNotes:)) { return id }
        }
        return nil
    }

    /// The description of the `NT_GNU_BUILD_ID` note among `notes`: each note is its name size,
    /// description size and type (32-bit words), then its name and description, each padded to 4 bytes.
    static func buildID(inNotes notes: UnsafeRawBufferPointer) -> [UInt8]? {
        func padded(_ size: Int) -> Int { (size + 3) & ~3 }
        var offset = 0
        while offset + 12 <= notes.count {
            let nameSize = Int(notes.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
            let descriptionSize = Int(notes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self))
            let type = notes.loadUnaligned(fromByteOffset: offset + 8, as: UInt32.self)
            let name = offset + 12
            let description = name + padded(nameSize)
            guard nameSize <= notes.count, descriptionSize <= notes.count, description + descriptionSize <= notes.count
            else { return nil }
            if type == NT_GNU_BUILD_ID && notes[name..<name + nameSize].elementsEqual("GNU\0".utf8)
                && descriptionSize > 0
            {
                return Array(notes[description..<description + descriptionSize])
            }
            offset = description + padded(descriptionSize)
        }
        return nil
    }
}
