import Foundation
import ModakCore
import UTF8Bytes

/// The search index, `search/shards/<n>.json`, split so that a query word fetches one shard: every
/// token of the sayings' texts (two UTF-16 units or more) in the shard of each pair of neighbouring
/// units' key units, every single unit in the shard of its key unit (`SearchText`), each with the
/// sayings holding it. The script answers a word from one shard, exactly, whatever the shard's
/// neighbours hold: every token that can match the word shares its first key pair (docs/reference/
/// output.md, "Search index"). Scheduled sayings never appear.
///
/// A shard is `{"<token>": posting, …}`. A posting lists saying numbers (as `data/sayings/`
/// numbers them, from the oldest): either a JSON array of the first number and the differences of
/// the next ones, or, when that is longer, a bitmap in Base64 (bit `n % 8` of byte `n / 8` for
/// saying `n`). A shard changes only when a saying with one of its tokens is added or changed.
struct SearchIndexStep: RenderStep {
    func files(_ context: RenderContext) throws -> [OutputFile] {
        let count = context.published.count
        let index = SearchIndex(texts: (0..<count).map { number in
            let saying = context.published[count - 1 - number]
            // The author's other names (authors.json) find the saying too.
            let otherNames = context.content.authors[saying.who]?.otherNames ?? []
            return [saying.kor, saying.eng, saying.who] + otherNames + saying.tags
        })
        return index.shards(context.sayingData.value.searchShards).enumerated().map { OutputFile(path: SitePaths.searchShard($0.offset), bytes: $0.element) }
    }
}

/// Every token and single unit of the sayings' texts with the sayings (their numbers) holding it.
struct SearchIndex {
    /// Tokens of two units or more, and single units, in the order first met.
    private(set) var entries: [[UInt16]] = []
    /// Ascending saying numbers, aligned with `entries`.
    private(set) var postings: [[Int32]] = []
    let sayingCount: Int

    /// `texts`: the fields of each saying, oldest first.
    init(texts: [[String]]) {
        sayingCount = texts.count
        var tokenEntries: [[UInt16]: Int] = [:]
        var unitEntries = [Int32](repeating: -1, count: 1 << 16)
        for (number, fields) in texts.enumerated() {
            for token in SearchText.tokens(fields) {
                for unit in token where !UTF16.isLeadSurrogate(unit) && !UTF16.isTrailSurrogate(unit) {
                    if unitEntries[Int(unit)] < 0 { unitEntries[Int(unit)] = Int32(newEntry([unit])) }
                    add(number, to: Int(unitEntries[Int(unit)]))
                }
                guard token.count > 1 else { continue }
                let entry = tokenEntries[token] ?? newEntry(token)
                tokenEntries[token] = entry
                add(number, to: entry)
            }
        }
    }

    private mutating func newEntry(_ text: [UInt16]) -> Int {
        entries.append(text)
        postings.append([])
        return entries.count - 1
    }

    /// A saying's tokens are added in its turn, so a posting already ending with it has it.
    private mutating func add(_ number: Int, to entry: Int) {
        if postings[entry].last != Int32(number) { postings[entry].append(Int32(number)) }
    }

    /// The bytes of each of `count` shards.
    func shards(_ count: Int) -> [[UInt8]] {
        var shards = [[UInt8]](repeating: [UInt8(ascii: "{")], count: count)
        for (entry, text) in entries.enumerated() {
            var json = CompactJSON(capacity: text.count * 3 + postings[entry].count * 4 + 8)
            json.string(String(decoding: text, as: UTF16.self))
            json.raw(":")
            Self.write(postings[entry], of: sayingCount, to: &json)
            for shard in SearchText.shards(of: text, among: count) {
                if shards[shard].count > 1 { shards[shard].append(UInt8(ascii: ",")) }
                shards[shard] += json.bytes
            }
        }
        for shard in shards.indices { shards[shard].append(UInt8(ascii: "}")) }
        return shards
    }

    /// The shorter of the two forms of a posting (see `SearchIndexStep`).
    static func write(_ numbers: [Int32], of sayingCount: Int, to json: inout CompactJSON) {
        var listLength = 1
        var previous: Int32 = 0
        for number in numbers {
            listLength += decimalLength(number - previous) + 1
            previous = number
        }
        let bitmapLength = 4 * (((sayingCount + 7) / 8 + 2) / 3) + 2
        guard listLength > bitmapLength else {
            json.raw("[")
            previous = 0
            for (position, number) in numbers.enumerated() {
                if position > 0 { json.raw(",") }
                json.integer(Int(number - previous))
                previous = number
            }
            return json.raw("]")
        }
        var bits = [UInt8](repeating: 0, count: (sayingCount + 7) / 8)
        for number in numbers { bits[Int(number) >> 3] |= 1 << UInt8(number & 7) }
        json.string(Data(bits).base64EncodedString())
    }

    private static func decimalLength(_ value: Int32) -> Int {
        var length = 1
        var rest = value / 10
        while rest > 0 {
            length += 1
            rest /= 10
        }
        return length
    }
}
