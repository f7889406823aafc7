import Foundation
import Testing
import UTF8Bytes

@Suite("compact JSON")
struct CompactJSONTests {
    private func json(_ write: (inout CompactJSON) -> Void) -> String {
        var json = CompactJSON()
        write(&json)
        return String(decoding: json.bytes, as: UTF8.self)
    }

    @Test func stringsAreEscapedAsJSONSerializationEscapesThem() throws {
        var texts = (0..<0x80).map { String(UnicodeScalar(UInt8($0))) }
        texts += ["모닥불 🔥", "a\"b\\c/d", "\u{2028}\u{FEFF}", "e\u{301}", ""]
        for text in texts {
            let serialized = try JSONSerialization.data(withJSONObject: [text], options: [.withoutEscapingSlashes])
            #expect(
                json { $0.strings([text]) } == String(decoding: serialized, as: UTF8.self), "\(text.debugDescription)")
        }
    }

    @Test func valuesAndSeparators() {
        #expect(
            json {
                $0.raw("{\"a\":")
                $0.integer(-12)
                $0.raw(",\"b\":")
                $0.boolean(true)
                $0.raw(",\"c\":")
                $0.strings(["x", "y"], separator: ", ")
                $0.raw(",\"d\":")
                $0.strings([])
                $0.raw("}")
            } == #"{"a":-12,"b":true,"c":["x", "y"],"d":[]}"#)
    }

    @Test func integersAreWrittenAsSwiftPrintsThem() {
        for value in [0, 7, 10, -1, 1_000_000, 123_456_789, Int.max, Int.min] {
            #expect(json { $0.integer(value) } == String(value))
        }
    }

    @Test func removeAllStartsAgain() {
        #expect(
            json {
                $0.strings(["x"])
                $0.removeAll()
                $0.integer(5)
            } == "5")
    }
}
