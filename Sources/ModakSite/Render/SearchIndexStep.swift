import Foundation
import ModakCore
import ModakOutput
import ParallelWork
import UTF8Bytes

/// The search index (docs/reference/output.md, "Search index"), made so that a query of any length
/// fetches little: the script reads `search/keys.json`, looks up the one file of the word that the
/// fewest sayings can match, and checks the other words either in their own files or, once few
/// sayings are left, in those sayings' texts (`data/sayings/`). Scheduled sayings never appear.
///
/// - `search/shards/<n>.json`, `{"<token>": posting, …}`: every token of two UTF-16 units or more
///   in the shard of each pair of neighbouring units' key units, every single unit in the shard of
///   its unit key (`SearchText`). A word is answered, exactly, by the shard of any of its key pairs.
/// - `search/initials/<n>.json`, `{"ㄱ": posting, "ㄱㄴ": posting, …}`: the sayings holding an
///   initial consonant, or a pair of them, anywhere in a token: what a query of one or two
///   initials (`ㅁ`, `ㅁㄷ`) matches, without the tokens.
/// - `search/keys.json`: for each unit key, key pair and initials, how many sayings hold it and
///   the size of the file that lists them; the mean size of a `data/sayings/` file; the other
///   names of the authors that have some (authors.json), by author slug.
///
/// A posting lists saying numbers (as `data/sayings/` numbers them, from the oldest): either a JSON
/// array of the first number and the differences of the next ones, or, when that is longer, a
/// bitmap in Base64 (bit `n % 8` of byte `n / 8` for saying `n`). Files with nothing to list are not
/// written; a file changes only when a saying with one of its entries is added or changed.
struct SearchIndexStep: RenderStep {
    func files(_ context: RenderContext) throws -> [OutputFile] {
        let count = context.published.count
        var names: [String: [String]] = [:]
        var textBytes = 0
        let index = SearchIndex(
            texts: (0..<count).map { number in
                let position = count - 1 - number
                let saying = context.published[position]
                // The author's other names (authors.json) find the saying too.
                let otherNames = context.content.authors[saying.who]?.otherNames ?? []
                if !otherNames.isEmpty {
                    let slug = context.taxonomy.authors[context.taxonomy.authorOf[position]].slug
                    let known = names[slug] ?? []
                    names[slug] = known + ([saying.who] + otherNames).filter { !known.contains($0) }
                }
                let fields = [saying.kor, saying.eng, saying.who] + otherNames + saying.tags
                textBytes += fields.reduce(0) { $0 + $1.utf8.count }
                return fields
            })
        let shardCount = context.sayingData.value.searchShards
        let shards = index.shards(shardCount)
        let initials = index.initialFiles(shardCount)
        // A data file holds ten records of the texts, an id, a slug and a day each (SayingDataStep).
        let chunks = max(1, context.sayingData.value.chunkCount)
        let chunkBytes = (textBytes + 96 * count) / chunks
        var files: [OutputFile] = []
        for (number, bytes) in shards.enumerated() where !bytes.isEmpty {
            files.append(OutputFile(path: SitePaths.searchShard(number), bytes: bytes))
        }
        for (number, bytes) in initials.enumerated() where !bytes.isEmpty {
            files.append(OutputFile(path: SitePaths.searchInitials(number), bytes: bytes))
        }
        let keys = index.keys(
            shardCount, shardSizes: shards.map(\.count), initialSizes: initials.map(\.count),
            chunkBytes: chunkBytes, names: names)
        files.append(OutputFile(path: SitePaths.searchKeys, bytes: keys))
        return files
    }
}

/// Every token and single unit of the sayings' texts with the sayings (their numbers) holding it,
/// and how many sayings hold each unit key, key pair and initial consonants.
struct SearchIndex {
    /// Tokens of two units or more, and single units, in the order first met.
    private(set) var entries: [[UInt16]] = []
    /// Ascending saying numbers, aligned with `entries`.
    private(set) var postings: [[Int32]] = []
    /// By unit key (`SearchText.unitKey`): the sayings holding a unit of it.
    private(set) var unitCounts: [UInt16: Int32] = [:]
    /// By key pair (`first << 16 | second`): the sayings holding it within a token.
    private(set) var pairCounts: [UInt32: Int32] = [:]
    /// One initial consonant or a pair of them (as key units): the sayings holding it, ascending.
    private(set) var initials: [[UInt16]: [Int32]] = [:]
    let sayingCount: Int

    /// `texts`: the fields of each saying, oldest first.
    init(texts: [[String]]) {
        sayingCount = texts.count
        // Each token met before: its entry, and its key pairs' numbers in `pairsOfTokens`.
        var tokenEntries: [Token: (entry: Int, pairs: Range<Int>)] = [:]
        var pairsOfTokens: [Int32] = []
        var unitEntries = [Int32](repeating: -1, count: 1 << 16)
        // Each saying counts once for a unit key or key pair: the last saying counted for each.
        var unitSeen = [Int32](repeating: -1, count: 1 << 16)
        var unitTotals = [Int32](repeating: 0, count: 1 << 16)
        // Key pairs by number, a token's pairs worked out once, when it is first met.
        var pairNumbers: [UInt32: Int32] = [:]
        var pairs: [(pair: UInt32, seen: Int32, total: Int32, initials: Bool)] = []
        // Initial consonants alone, by their offset from ㄱ (U+3131).
        var singleInitials = [[Int32]](repeating: [], count: 30)
        // The sayings are cut into tokens on every core, a batch at a time (so that the tokens of
        // only one batch are held at once), and folded in, in order, on this one.
        for batchStart in stride(from: 0, to: texts.count, by: Self.tokenizedBatch) {
            let batch = Array(texts[batchStart..<min(texts.count, batchStart + Self.tokenizedBatch)])
            let tokenized = ParallelMap.map(batch) { fields in SearchText.tokens(fields).map(Token.init) }
            if batchStart == Self.tokenizedBatch {
                // Room for as many new tokens a saying as the first batch had: a table that grows
                // instead copies itself at each doubling into memory the system must hand over anew.
                tokenEntries.reserveCapacity(tokenEntries.count * texts.count / batchStart)
            }
            for (offset, tokens) in tokenized.enumerated() {
                let number = batchStart + offset
                let saying = Int32(number)
                for token in tokens {
                    for unit in token.units where !UTF16.isLeadSurrogate(unit) && !UTF16.isTrailSurrogate(unit) {
                        if unitEntries[Int(unit)] < 0 { unitEntries[Int(unit)] = Int32(newEntry([unit])) }
                        add(number, to: Int(unitEntries[Int(unit)]))
                        let unitKey = Int(SearchText.unitKey(unit))
                        guard unitSeen[unitKey] != saying else { continue }
                        unitSeen[unitKey] = saying
                        unitTotals[unitKey] += 1
                        let key = SearchText.keyUnit(unit)
                        if SearchText.isInitial(key) && singleInitials[Int(key - 0x3131)].last != saying {
                            singleInitials[Int(key - 0x3131)].append(saying)
                        }
                    }
                    guard token.units.count > 1 else { continue }
                    let known: (entry: Int, pairs: Range<Int>)
                    if let found = tokenEntries[token] {
                        known = found
                    } else {
                        let units = token.units
                        let start = pairsOfTokens.count
                        for index in 0..<units.count - 1 {
                            let first = SearchText.keyUnit(units[index])
                            let second = SearchText.keyUnit(units[index + 1])
                            let pair = UInt32(first) << 16 | UInt32(second)
                            let pairNumber = pairNumbers[pair] ?? Int32(pairs.count)
                            if pairNumber == pairs.count {
                                pairNumbers[pair] = pairNumber
                                pairs.append((pair, -1, 0, SearchText.isInitial(first) && SearchText.isInitial(second)))
                            }
                            if !pairsOfTokens[start...].contains(pairNumber) { pairsOfTokens.append(pairNumber) }
                        }
                        known = (newEntry(units), start..<pairsOfTokens.count)
                        tokenEntries[token] = known
                    }
                    add(number, to: known.entry)
                    for pairNumber in pairsOfTokens[known.pairs] where pairs[Int(pairNumber)].seen != saying {
                        pairs[Int(pairNumber)].seen = saying
                        pairs[Int(pairNumber)].total += 1
                        if pairs[Int(pairNumber)].initials {
                            let pair = pairs[Int(pairNumber)].pair
                            initials[[UInt16(pair >> 16), UInt16(pair & 0xFFFF)], default: []].append(saying)
                        }
                    }
                }
            }
        }
        for (unitKey, total) in unitTotals.enumerated() where total > 0 { unitCounts[UInt16(unitKey)] = total }
        for entry in pairs { pairCounts[entry.pair] = entry.total }
        for (offset, numbers) in singleInitials.enumerated() where !numbers.isEmpty {
            initials[[0x3131 + UInt16(offset)]] = numbers
        }
    }

    /// Sayings cut into tokens at once.
    private static let tokenizedBatch = 4096

    /// A token with its hash worked out where it is cut: the table of tokens met compares the
    /// hashes before it reads any units.
    private struct Token: Hashable {
        let units: [UInt16]
        let hash: Int

        init(_ units: [UInt16]) { (self.units, hash) = (units, units.hashValue) }

        static func == (left: Token, right: Token) -> Bool { left.hash == right.hash && left.units == right.units }

        func hash(into hasher: inout Hasher) { hasher.combine(hash) }
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

    /// The bytes of each of `count` shards; empty for a shard with no entry.
    func shards(_ count: Int) -> [[UInt8]] {
        var shards = [[UInt8]](repeating: [], count: count)
        for (entry, text) in entries.enumerated() {
            var json = CompactJSON(capacity: text.count * 3 + postings[entry].count * 4 + 8)
            json.string(String(decoding: text, as: UTF16.self))
            json.raw(":")
            Self.write(postings[entry], of: sayingCount, to: &json)
            for shard in SearchText.shards(of: text, among: count) {
                shards[shard].append(UInt8(ascii: shards[shard].isEmpty ? "{" : ","))
                shards[shard] += json.bytes
            }
        }
        for shard in shards.indices where !shards[shard].isEmpty { shards[shard].append(UInt8(ascii: "}")) }
        return shards
    }

    /// The bytes of each of `count` files of initials, by the hash of the initials; empty for a
    /// file with none.
    func initialFiles(_ count: Int) -> [[UInt8]] {
        var files = [[UInt8]](repeating: [], count: count)
        for key in initials.keys.sorted(by: { $0.lexicographicallyPrecedes($1) }) {
            let file = Int(ClientHash.of(key) % UInt32(count))
            var json = CompactJSON()
            json.raw(files[file].isEmpty ? "{" : ",")
            json.string(String(decoding: key, as: UTF16.self))
            json.raw(":")
            Self.write(initials[key]!, of: sayingCount, to: &json)
            files[file] += json.bytes
        }
        for file in files.indices where !files[file].isEmpty { files[file].append(UInt8(ascii: "}")) }
        return files
    }

    /// `search/keys.json`: `{"chunkBytes": n, "units": {"<unit key>": [sayings, file bytes], …},
    /// "pairs": {"<first × 65536 + second>": [sayings, file bytes], …}, "initials": {"ㄱㄴ": [sayings,
    /// file bytes], …}, "names": {"<author slug>": ["<name>", …], …}}`, keys in ascending order.
    func keys(
        _ count: Int, shardSizes: [Int], initialSizes: [Int], chunkBytes: Int,
        names: [String: [String]]
    ) -> [UInt8] {
        let modulus = UInt32(count)
        var json = CompactJSON()
        json.raw("{\"chunkBytes\":")
        json.integer(chunkBytes)
        json.raw(",\"units\":{")
        for (position, key) in unitCounts.keys.sorted().enumerated() {
            if position > 0 { json.raw(",") }
            json.string(String(key))
            json.raw(":[")
            json.integer(Int(unitCounts[key]!))
            json.raw(",")
            json.integer(shardSizes[Int(ClientHash.of(CollectionOfOne(key)) % modulus)])
            json.raw("]")
        }
        json.raw("},\"pairs\":{")
        for (position, pair) in pairCounts.keys.sorted().enumerated() {
            if position > 0 { json.raw(",") }
            json.string(String(pair))
            json.raw(":[")
            json.integer(Int(pairCounts[pair]!))
            json.raw(",")
            json.integer(shardSizes[Int(ClientHash.of([UInt16(pair >> 16), UInt16(pair & 0xFFFF)]) % modulus)])
            json.raw("]")
        }
        json.raw("},\"initials\":{")
        for (position, key) in initials.keys.sorted(by: { $0.lexicographicallyPrecedes($1) }).enumerated() {
            if position > 0 { json.raw(",") }
            json.string(String(decoding: key, as: UTF16.self))
            json.raw(":[")
            json.integer(initials[key]!.count)
            json.raw(",")
            json.integer(initialSizes[Int(ClientHash.of(key) % modulus)])
            json.raw("]")
        }
        json.raw("},\"names\":{")
        for (position, slug) in names.keys.sorted().enumerated() {
            if position > 0 { json.raw(",") }
            json.string(slug)
            json.raw(":")
            json.strings(names[slug]!)
        }
        json.raw("}}")
        return json.bytes
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
