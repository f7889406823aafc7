import Foundation
import UTF8Bytes
@testable import ModakSite
import Testing

/// The search index as the search page's script reads it (`search-index.js`): tokens cut and
/// lower-cased as JavaScript does, filed in the shard of each of their key pairs.
@Suite struct SearchIndexTests {
    static func text(_ units: [UInt16]) -> String { String(decoding: units, as: UTF16.self) }

    @Test func tokensAreCutAtJavaScriptsWhitespaceAndLowerCasedLikeIt() {
        let tokens = SearchText.tokens(["Bonfire\u{00A0}WARM\u{3000}모닥불", "İstanbul ΟΔΟΣ", "a\u{0085}b\u{FEFF}c"]).map(Self.text)
        // U+0085 is no whitespace to JavaScript (though it is to Swift); U+FEFF is.
        #expect(tokens == ["bonfire", "warm", "모닥불", "i\u{307}stanbul", "οδοσ", "a\u{0085}b", "c"])
    }

    @Test func aTokenIsFiledUnderEveryPairOfKeyUnitsAndAUnitUnderItsKey() {
        // 모닥불: the pairs of initials ㅁㄷ and ㄷㅂ; a query for 모닥, ㅁㄷ or 닥불 finds it by its first pair.
        let token = Array("모닥불".utf16)
        let shards = SearchText.shards(of: token, among: 1 << 20)
        #expect(shards == [Int(ClientHash.of("ㅁㄷ") % (1 << 20)), Int(ClientHash.of("ㄷㅂ") % (1 << 20))])
        #expect(SearchText.shards(of: Array("불".utf16), among: 1 << 20) == [Int(ClientHash.of("ㅂ") % (1 << 20))])
        #expect(SearchText.shards(of: Array("aa".utf16), among: 1 << 20).count == 1, "once per shard")
    }

    /// The hash the scripts compute, on values worked out by hand (FNV-1a, 32 bits, per UTF-16 unit).
    @Test func theClientHashIsFNV1aOverUTF16Units() {
        #expect(ClientHash.of("") == 0x811C_9DC5)
        #expect(ClientHash.of("a") == 0xE40C_292C)
        #expect(ClientHash.of("ㅁ") == (UInt32(0x811C_9DC5) ^ 0x3141) &* 0x0100_0193)
    }

    @Test func everyTokenAndUnitListsItsSayingsOnce() throws {
        let index = SearchIndex(texts: [["불 불꽃", "Fire", "Kim"], ["꽃", "fire fire", "Lee"]])
        func numbers(_ entry: String) -> [Int32]? { index.entries.firstIndex(of: Array(entry.utf16)).map { index.postings[$0] } }
        #expect(numbers("fire") == [0, 1])
        #expect(numbers("불꽃") == [0])
        #expect(numbers("꽃") == [0, 1], "a single unit, wherever it stands")
        #expect(numbers("불") == [0])
        #expect(numbers("kim") == [0])
        let shard = try #require(try JSONSerialization.jsonObject(with: Data(index.shards(1)[0])) as? [String: Any])
        #expect(shard["fire"] as? [Int] == [0, 1])
    }

    @Test func aPostingIsTheShorterOfDifferencesAndABitmap() {
        func posting(_ numbers: [Int32], of count: Int) -> String {
            var json = CompactJSON()
            SearchIndex.write(numbers, of: count, to: &json)
            return String(decoding: json.bytes, as: UTF8.self)
        }
        #expect(posting([3, 10, 12], of: 1000) == "[3,7,2]")
        // Every other one of 64 sayings: 32 differences take more than 8 bytes of bits.
        #expect(posting(stride(from: 0, to: 64, by: 2).map(Int32.init), of: 64) == "\"" + Data(repeating: 0x55, count: 8).base64EncodedString() + "\"")
        // Numbers past a byte's range set their bit in a later byte.
        #expect(posting(stride(from: 256, to: 320, by: 2).map(Int32.init), of: 320) == "\"" + (Data(count: 32) + Data(repeating: 0x55, count: 8)).base64EncodedString() + "\"")
    }
}
