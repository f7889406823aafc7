import Foundation
import UTF8Bytes
@testable import ModakSite
import Testing

/// The search index as the search page's script reads it (`search-index.js`): tokens cut and
/// lower-cased as JavaScript does, filed in the shard of each of their key pairs.
@Suite struct SearchIndexTests {
    static func text(_ units: some Collection<UInt16>) -> String { String(decoding: units, as: UTF16.self) }

    @Test func tokensAreCutAtJavaScriptsWhitespaceAndLowerCasedLikeIt() {
        let tokens = SearchText.tokens(["Bonfire\u{00A0}WARM\u{3000}모닥불", "İstanbul ΟΔΟΣ", "a\u{0085}b\u{FEFF}c"]).map(
            Self.text)
        // U+0085 is no whitespace to JavaScript (though it is to Swift); U+FEFF is.
        #expect(tokens == ["bonfire", "warm", "모닥불", "i\u{307}stanbul", "οδοσ", "a\u{0085}b", "c"])
    }

    @Test func aTokenIsFiledUnderEveryPairOfKeyUnitsAndAUnitUnderItsKey() {
        // 모닥불: the pairs of initials ㅁㄷ and ㄷㅂ; a query for 모닥, ㅁㄷ or 닥불 finds it by its first pair.
        let token = Array("모닥불".utf16)
        let shards = SearchText.shards(of: token[...], among: 1 << 20)
        #expect(shards == [Int(ClientHash.of("ㅁㄷ") % (1 << 20)), Int(ClientHash.of("ㄷㅂ") % (1 << 20))])
        // A single syllable under itself without its final: 불 and 부 (composing 불) share a shard.
        #expect(SearchText.shards(of: Array("불".utf16)[...], among: 1 << 20) == [Int(ClientHash.of("부") % (1 << 20))])
        #expect(SearchText.shards(of: Array("e".utf16)[...], among: 1 << 20) == [Int(ClientHash.of("e") % (1 << 20))])
        #expect(SearchText.shards(of: Array("aa".utf16)[...], among: 1 << 20).count == 1, "once per shard")
    }

    /// The hash the scripts compute, on values worked out by hand (FNV-1a, 32 bits, per UTF-16 unit).
    @Test func theClientHashIsFNV1aOverUTF16Units() {
        #expect(ClientHash.of("") == 0x811C_9DC5)
        #expect(ClientHash.of("a") == 0xE40C_292C)
        #expect(ClientHash.of("ㅁ") == (UInt32(0x811C_9DC5) ^ 0x3141) &* 0x0100_0193)
    }

    @Test func everyTokenAndUnitListsItsSayingsOnce() throws {
        let index = SearchIndex(texts: [["불 불꽃", "Fire", "Kim"], ["꽃", "fire fire", "Lee"]])
        func numbers(_ entry: String) -> [Int32]? {
            (0..<index.entries.count).first { index.entries[$0].elementsEqual(entry.utf16) }.map {
                Array(index.postings[$0])
            }
        }
        #expect(numbers("fire") == [0, 1])
        #expect(numbers("불꽃") == [0])
        #expect(numbers("꽃") == [0, 1], "a single unit, wherever it stands")
        #expect(numbers("불") == [0])
        #expect(numbers("kim") == [0])
        let shard = try #require(try JSONSerialization.jsonObject(with: Data(index.shards(1)[0])) as? [String: Any])
        #expect(shard["fire"] as? [Int] == [0, 1])
    }

    /// Past the first batch of sayings and the table's first size: every token still found again.
    @Test func tokensAreFoundAgainAcrossBatchesAndTableGrowth() {
        let count = 9000
        let index = SearchIndex(texts: (0..<count).map { ["w\($0) 모닥불\($0 % 3)", "shared"] })
        var entries: [String: [Int32]] = [:]
        for number in 0..<index.entries.count {
            entries[Self.text(index.entries[number])] = Array(index.postings[number])
        }
        #expect(entries.count == count + 3 + 1 + Set("w0123456789모닥불sharedw".utf16).count)
        for number in [0, 4095, 4096, 8191, 8999] { #expect(entries["w\(number)"] == [Int32(number)]) }
        #expect(entries["shared"] == (0..<Int32(count)).map { $0 })
        #expect(entries["모닥불1"] == stride(from: 1, to: Int32(count), by: 3).map { $0 })
    }

    /// No sayings, or sayings with no words: nothing filed, and `keys.json` still whole.
    @Test func sayingsWithoutWordsFileNothing() throws {
        for texts in [[], [[" ", ""], []]] as [[[String]]] {
            let index = SearchIndex(texts: texts)
            #expect(index.entries.count == 0)
            let shards = index.shards(8), initials = index.initialFiles(8)
            #expect(shards.allSatisfy(\.isEmpty) && initials.allSatisfy(\.isEmpty))
            let keys = index.keys(
                8, shardSizes: shards.map(\.count), initialSizes: initials.map(\.count), chunkBytes: 0, names: [:])
            let object = try #require(try JSONSerialization.jsonObject(with: Data(keys)) as? [String: Any])
            #expect((object["units"] as? [String: Any])?.isEmpty == true)
        }
    }

    @Test func aPostingIsTheShorterOfDifferencesAndABitmap() {
        func posting(_ numbers: [Int32], of count: Int) -> String {
            var json = CompactJSON()
            SearchIndex.write(numbers, of: count, to: &json)
            return String(decoding: json.bytes, as: UTF8.self)
        }
        #expect(posting([3, 10, 12], of: 1000) == "[3,7,2]")
        // Every other one of 64 sayings: 32 differences take more than 8 bytes of bits.
        #expect(
            posting(stride(from: 0, to: 64, by: 2).map(Int32.init), of: 64) == "\""
                + Data(repeating: 0x55, count: 8).base64EncodedString() + "\"")
        // Numbers past a byte's range set their bit in a later byte.
        #expect(
            posting(stride(from: 256, to: 320, by: 2).map(Int32.init), of: 320) == "\""
                + (Data(count: 32) + Data(repeating: 0x55, count: 8)).base64EncodedString() + "\"")
    }

    @Test func unitKeysAndInitials() {
        #expect(SearchText.unitKey(0xB2E5) == 0xB2E4, "닥 → 다")
        #expect(SearchText.unitKey(0xAC00) == 0xAC00 && SearchText.unitKey(0xD7A3) == 0xD788)
        #expect(SearchText.unitKey(0x61) == 0x61)
        let initials = "ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ".utf16
        #expect(initials.allSatisfy(SearchText.isInitial))
        #expect((0x3130...0x3164).filter { SearchText.isInitial(UInt16($0)) }.count == initials.count, "ㄳ, ㅏ are none")
    }

    /// How many sayings hold each unit key and key pair, and which hold initials: a saying counts once.
    @Test func countsAndInitialsListEachSayingOnce() {
        let index = SearchIndex(texts: [["모닥불 모닥", "ab"], ["목 ㅁㄷ", "b"], ["바다"]])
        #expect(index.unitCounts[0xBAA8] == 2, "모 and 목 under 모")
        #expect(index.unitCounts[0x62] == 2)
        #expect(index.pairCounts[0x3141 << 16 | 0x3137] == 2, "ㅁㄷ in 모닥 and in ㅁㄷ")
        #expect(index.pairCounts[0x61 << 16 | 0x62] == 1)
        #expect(index.initials[Array("ㅁ".utf16)] == [0, 1])
        #expect(index.initials[Array("ㅁㄷ".utf16)] == [0, 1])
        #expect(index.initials[Array("ㅂㄷ".utf16)] == [2])
        #expect(index.initials[Array("ㄷㅂ".utf16)] == [0])
        #expect(index.initials[Array("ab".utf16)] == nil, "initials only")
    }

    @Test func filesWithNoEntryAreEmptyAndKeysTellCountsAndSizes() throws {
        let index = SearchIndex(texts: [["모닥불", "Fire"], ["모닥", "fire"]])
        let shards = index.shards(64), initials = index.initialFiles(64)
        #expect(shards.contains([]) && initials.contains([]))
        let keys = try #require(
            try JSONSerialization.jsonObject(
                with: Data(
                    index.keys(
                        64, shardSizes: shards.map(\.count), initialSizes: initials.map(\.count), chunkBytes: 500,
                        names: ["seneca": ["Seneca", "세네카"]]))) as? [String: Any])
        #expect(keys["chunkBytes"] as? Int == 500)
        let pairs = try #require(keys["pairs"] as? [String: [Int]])
        let md = String(0x3141 << 16 | 0x3137)
        #expect(pairs[md] == [2, shards[Int(ClientHash.of("ㅁㄷ") % 64)].count])
        #expect(pairs[String(0x3137 << 16 | 0x3142)]?.first == 1)
        let units = try #require(keys["units"] as? [String: [Int]])
        #expect(units[String(0x66)] == [2, shards[Int(ClientHash.of("f") % 64)].count])
        #expect(units[String(0xB2E4)]?.first == 2, "닥 under 다")
        let initialKeys = try #require(keys["initials"] as? [String: [Int]])
        #expect(initialKeys["ㅁㄷ"] == [2, initials[Int(ClientHash.of("ㅁㄷ") % 64)].count])
        let file = try #require(
            try JSONSerialization.jsonObject(with: Data(initials[Int(ClientHash.of("ㄷㅂ") % 64)])) as? [String: Any])
        #expect(file["ㄷㅂ"] as? [Int] == [0])
        #expect((keys["names"] as? [String: [String]])?["seneca"] == ["Seneca", "세네카"])
    }

    /// The same texts give the same bytes, whatever order dictionaries keep.
    @Test func theFilesAreDeterministic() {
        let texts = (0..<200).map { ["말 \($0 % 7) 모닥불\($0 % 13) ㅋㅋ", "word\($0 % 11) fire", "Kim"] }
        let first = SearchIndex(texts: texts), second = SearchIndex(texts: texts)
        #expect(first.shards(32) == second.shards(32))
        #expect(first.initialFiles(32) == second.initialFiles(32))
        let sizes = first.shards(32).map(\.count), initialSizes = first.initialFiles(32).map(\.count)
        #expect(
            first.keys(32, shardSizes: sizes, initialSizes: initialSizes, chunkBytes: 1, names: [:])
                == second.keys(32, shardSizes: sizes, initialSizes: initialSizes, chunkBytes: 1, names: [:]))
    }
}
