import Testing
import UTF8Bytes

@Suite("byte scans")
struct ByteScansTests {
    /// The scan reads eight bytes at a time, then the rest one by one: a member is found at every
    /// position of texts on both sides of those boundaries, and nothing is found in text without one.
    @Test func aMemberIsFoundWhereverItStands() {
        let set = UTF8ByteSet { $0 == UInt8(ascii: "<") || $0 == 0xEF }
        for length in 0...19 {
            let plain = Array(
                String(repeating: "가", count: length / 3) + String(repeating: "a", count: length % 3 + length / 2))
            #expect(!String(plain).containsUTF8Byte(in: set), "\(length)")
            for position in 0...plain.count {
                var marked = plain
                marked.insert("<", at: position)
                #expect(String(marked).containsUTF8Byte(in: set), "\(length), \(position)")
            }
        }
        #expect("\u{FFFE}".containsUTF8Byte(in: set))
        #expect(!"a<b"[...].dropFirst(2).containsUTF8Byte(in: set))
    }

    @Test func memchrFindsTheFirstByteInTheRangeOnly() {
        let bytes = Array("a\nbc\nd".utf8)
        bytes.withUnsafeBufferPointer { buffer in
            #expect(buffer.firstOffset(of: 0x0A, in: 0..<buffer.count) == 1)
            #expect(buffer.firstOffset(of: 0x0A, in: 2..<buffer.count) == 4)
            #expect(buffer.firstOffset(of: 0x0A, in: 2..<4) == nil, "the byte just past the range")
            #expect(buffer.firstOffset(of: 0x0A, in: 5..<buffer.count) == nil)
            #expect(buffer.firstOffset(of: 0x0A, in: 1..<1) == nil)
        }
        #expect(UnsafeBufferPointer<UInt8>(start: nil, count: 0).firstOffset(of: 0x0A, in: 0..<0) == nil)
    }

    @Test func aSequenceIsFoundWhollyInsideTheRange() {
        let bytes = Array("<s<scr<script></script>".utf8)
        let script = Array("<script".utf8)
        bytes.withUnsafeBufferPointer { buffer in
            #expect(buffer.firstOffset(of: script, in: 0..<buffer.count) == 6, "after two partial matches")
            #expect(buffer.firstOffset(of: script, in: 7..<buffer.count) == nil, "`</script` is not `<script`")
            #expect(buffer.firstOffset(of: script, in: 0..<12) == nil, "the match ends one byte past the range")
            #expect(buffer.firstOffset(of: script, in: 6..<13) == 6, "the match fills the range")
            #expect(buffer.firstOffset(of: Array("</".utf8), in: 0..<buffer.count) == 14)
            #expect(buffer.firstOffset(of: [], in: 0..<buffer.count) == nil)
        }
        #expect(UnsafeBufferPointer<UInt8>(start: nil, count: 0).firstOffset(of: script, in: 0..<0) == nil)
    }
}
