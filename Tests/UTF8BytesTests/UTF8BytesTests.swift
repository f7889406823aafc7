import Testing
import UTF8Bytes

@Suite("UTF-8 bytes")
struct UTF8BytesTests {
    @Test(arguments: ["", "plain ASCII", "모닥불 🔥 e\u{301}", String(repeating: "한", count: 100)])
    func copiesValidUTF8AsItIs(_ text: String) {
        let copy = Array(text.utf8).withUnsafeBufferPointer { String(copyingValidUTF8: $0) }
        #expect(copy == text)
        #expect(Array(copy.utf8) == Array(text.utf8))
    }
}
