import Testing
import UTF8Bytes

@Suite("UTF-8 bytes")
struct UTF8BytesTests {
    @Test func markupCharactersAreFoundAtEveryPositionOfTheWordScan() {
        // The scan reads eight bytes at a time: each character must be found wherever it falls in
        // a word, among bytes close to it in value and among UTF-8 lead and continuation bytes.
        let filler = Array("%=?!#;:@[한".utf8)
        for special in Array("&<>\"'".utf8) {
            for length in 1...20 {
                for position in 0..<length {
                    var bytes = (0..<length).map { filler[$0 % filler.count] }
                    bytes[position] = special
                    let found = bytes.withUnsafeBufferPointer { MarkupCharacters.firstIndex(in: $0, from: 0) }
                    #expect(found == position, "\(bytes) \(special)")
                    let after = bytes.withUnsafeBufferPointer { MarkupCharacters.firstIndex(in: $0, from: position + 1) }
                    #expect(after == length, "\(bytes) from \(position + 1)")
                }
            }
        }
    }

    @Test func onlyTheFiveAreMarkupCharacters() {
        let members = (0...255).map(UInt8.init).filter(MarkupCharacters.isMarkupCharacter)
        #expect(members == Array("\"&'<>".utf8))
    }

    @Test(arguments: ["", "plain ASCII", "모닥불 🔥 e\u{301}", String(repeating: "한", count: 100)])
    func copiesValidUTF8AsItIs(_ text: String) {
        let copy = Array(text.utf8).withUnsafeBufferPointer { String(copyingValidUTF8: $0) }
        #expect(copy == text)
        #expect(Array(copy.utf8) == Array(text.utf8))
    }
}
