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
    private(set) var entries = FlatLists<UInt16>()
    /// Ascending saying numbers, aligned with `entries`.
    private(set) var postings = FlatLists<Int32>()
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
        var fold = Fold()
        // The sayings are cut into tokens on every core, a batch at a time (so that the tokens of
        // only one batch are held at once), and folded in, in order, on this one.
        for batchStart in stride(from: 0, to: texts.count, by: Self.tokenizedBatch) {
            let batch = Array(texts[batchStart..<min(texts.count, batchStart + Self.tokenizedBatch)])
            let tokenized = ParallelMap.map(batch) { fields in
                let tokens = SearchText.tokens(fields)
                return (tokens, tokens.map(Fold.hash))
            }
            if batchStart == Self.tokenizedBatch {
                // Room for as many new entries a saying as the first batch had: a table that grows
                // copies itself at each doubling into memory the system must hand over anew.
                fold.reserve(sayings: texts.count, after: batchStart)
            }
            for (offset, (tokens, hashes)) in tokenized.enumerated() {
                fold.add(tokens, hashes: hashes, of: Int32(batchStart + offset))
            }
        }
        entries = fold.entries
        postings = fold.postings()
        for (unitKey, total) in fold.unitTotals.enumerated() where total > 0 { unitCounts[UInt16(unitKey)] = total }
        for pair in fold.pairs {
            pairCounts[pair.pair] = pair.total
            guard pair.initials >= 0 else { continue }
            initials[[UInt16(pair.pair >> 16), UInt16(pair.pair & 0xFFFF)]] = fold.initialSayings[Int(pair.initials)]
        }
        for (offset, numbers) in fold.singleInitials.enumerated() where !numbers.isEmpty {
            initials[[0x3131 + UInt16(offset)]] = numbers
        }
    }

    /// Sayings cut into tokens at once.
    private static let tokenizedBatch = 4096

    /// The sayings folded in one at a time, in order, into flat arrays: a saying's entries are
    /// noted as it comes (`found`), and sorted into postings once all have
    /// (bench/README.md#decision-the-search-index-folded-into-flat-arrays).
    private struct Fold {
        private(set) var entries = FlatLists<UInt16>()
        /// Each token's entry, by the token's hash: open addressing, linear probing, at most half
        /// full. A slot holds an entry number, or -1.
        private var slots = [Int32](repeating: -1, count: 1 << 12)
        private var slotHashes = [UInt64](repeating: 0, count: 1 << 12)
        private var tokensMet = 0
        /// Each entry's key pairs (numbers in `pairs`), as a range of `pairsOfEntries`.
        private var entryPairs: [Range<Int32>] = []
        private var pairsOfEntries: [Int32] = []
        /// The last saying counted for each entry, unit key and key pair: a saying counts once.
        private var lastSaying: [Int32] = []
        private var unitEntries = [Int32](repeating: -1, count: 1 << 16)
        private var unitSeen = [Int32](repeating: -1, count: 1 << 16)
        private(set) var unitTotals = [Int32](repeating: 0, count: 1 << 16)
        /// Key pairs by number, a token's pairs worked out once, when it is first met; `initials`,
        /// for a pair of initial consonants, the number of its list in `initialSayings`.
        private var pairNumbers: [UInt32: Int32] = [:]
        private(set) var pairs: [(pair: UInt32, seen: Int32, total: Int32, initials: Int32)] = []
        private(set) var initialSayings: [[Int32]] = []
        /// Initial consonants alone, by their offset from ㄱ (U+3131).
        private(set) var singleInitials = [[Int32]](repeating: [], count: 30)
        /// Each entry found in a saying for the first time, saying after saying; where each
        /// saying's end.
        private var found: [Int32] = []
        private var foundEnds: [Int32] = []

        /// FNV-1a over the units, its bits then mixed (MurmurHash3's finaliser) so that the low
        /// ones a slot is picked by depend on every unit.
        static func hash(_ token: ArraySlice<UInt16>) -> UInt64 {
            var hash: UInt64 = 0xCBF2_9CE4_8422_2325
            for unit in token { hash = (hash ^ UInt64(unit)) &* 0x0000_0100_0000_01B3 }
            hash = (hash ^ hash >> 33) &* 0xFF51_AFD7_ED55_8CCD
            hash = (hash ^ hash >> 33) &* 0xC4CE_B9FE_1A85_EC53
            return hash ^ hash >> 33
        }

        /// Room for `sayings` as the first `folded` made: their entries and what they found.
        mutating func reserve(sayings: Int, after folded: Int) {
            let entryCount = entries.count * sayings / folded
            entries.reserveCapacity(entryCount, elements: entries.elements.count * sayings / folded)
            entryPairs.reserveCapacity(entryCount)
            lastSaying.reserveCapacity(entryCount)
            found.reserveCapacity(found.count * sayings / folded)
            foundEnds.reserveCapacity(sayings)
            while slots.count < tokensMet * sayings / folded * 2 { grow() }
        }

        mutating func add(_ tokens: FlatLists<UInt16>, hashes: [UInt64], of saying: Int32) {
            for (token, hash) in zip(tokens, hashes) {
                for unit in token where !UTF16.isLeadSurrogate(unit) && !UTF16.isTrailSurrogate(unit) {
                    if unitEntries[Int(unit)] < 0 { unitEntries[Int(unit)] = newEntry(CollectionOfOne(unit)) }
                    note(entry: unitEntries[Int(unit)], in: saying)
                    let unitKey = Int(SearchText.unitKey(unit))
                    guard unitSeen[unitKey] != saying else { continue }
                    unitSeen[unitKey] = saying
                    unitTotals[unitKey] += 1
                    let key = SearchText.keyUnit(unit)
                    if SearchText.isInitial(key) && singleInitials[Int(key - 0x3131)].last != saying {
                        singleInitials[Int(key - 0x3131)].append(saying)
                    }
                }
                guard token.count > 1 else { continue }
                let entry = self.entry(of: token, hash: hash)
                note(entry: entry, in: saying)
                let entryPairs = entryPairs[Int(entry)]
                for pairNumber in pairsOfEntries[Int(entryPairs.lowerBound)..<Int(entryPairs.upperBound)]
                where pairs[Int(pairNumber)].seen != saying {
                    pairs[Int(pairNumber)].seen = saying
                    pairs[Int(pairNumber)].total += 1
                    let initials = pairs[Int(pairNumber)].initials
                    if initials >= 0 { initialSayings[Int(initials)].append(saying) }
                }
            }
            foundEnds.append(Int32(found.count))
        }

        private mutating func note(entry: Int32, in saying: Int32) {
            guard lastSaying[Int(entry)] != saying else { return }
            lastSaying[Int(entry)] = saying
            found.append(entry)
        }

        /// The entry of a token of two units or more, made the first time it is met.
        private mutating func entry(of token: ArraySlice<UInt16>, hash: UInt64) -> Int32 {
            let mask = slots.count - 1
            var slot = Int(truncatingIfNeeded: hash) & mask
            while slots[slot] >= 0 {
                let entry = Int(slots[slot])
                if slotHashes[slot] == hash
                    && entries[entry].elementsEqual(token)
                {
                    return Int32(entry)
                }
                slot = (slot + 1) & mask
            }
            let start = Int32(pairsOfEntries.count)
            for index in token.startIndex..<token.endIndex - 1 {
                let first = SearchText.keyUnit(token[index])
                let second = SearchText.keyUnit(token[index + 1])
                let pair = UInt32(first) << 16 | UInt32(second)
                let pairNumber = pairNumbers[pair] ?? Int32(pairs.count)
                if pairNumber == pairs.count {
                    pairNumbers[pair] = pairNumber
                    let initials = SearchText.isInitial(first) && SearchText.isInitial(second)
                    pairs.append((pair, -1, 0, initials ? Int32(initialSayings.count) : -1))
                    if initials { initialSayings.append([]) }
                }
                if !pairsOfEntries[Int(start)...].contains(pairNumber) { pairsOfEntries.append(pairNumber) }
            }
            let entry = newEntry(token)
            entryPairs[Int(entry)] = start..<Int32(pairsOfEntries.count)
            (slots[slot], slotHashes[slot]) = (entry, hash)
            tokensMet += 1
            if tokensMet * 2 > slots.count { grow() }
            return entry
        }

        private mutating func newEntry(_ text: some Collection<UInt16>) -> Int32 {
            entries.append(text)
            entryPairs.append(0..<0)
            lastSaying.append(-1)
            return Int32(entries.count - 1)
        }

        /// Twice the slots, each entry moved to the slot its hash picks among them.
        private mutating func grow() {
            let (oldSlots, oldHashes) = (slots, slotHashes)
            slots = [Int32](repeating: -1, count: oldSlots.count * 2)
            slotHashes = [UInt64](repeating: 0, count: oldSlots.count * 2)
            let mask = slots.count - 1
            for (entry, hash) in zip(oldSlots, oldHashes) where entry >= 0 {
                var slot = Int(truncatingIfNeeded: hash) & mask
                while slots[slot] >= 0 { slot = (slot + 1) & mask }
                (slots[slot], slotHashes[slot]) = (entry, hash)
            }
        }

        /// The sayings of each entry in one array, entry after entry, each entry's ascending (a
        /// counting sort of `found`, which lists them saying after saying).
        func postings() -> FlatLists<Int32> {
            var starts = [Int32](repeating: 0, count: entries.count + 1)
            for entry in found { starts[Int(entry) + 1] += 1 }
            for entry in 0..<entries.count { starts[entry + 1] += starts[entry] }
            var next = starts
            var sayings = [Int32](repeating: 0, count: found.count)
            var foundStart = 0
            for (saying, foundEnd) in foundEnds.enumerated() {
                for entry in found[foundStart..<Int(foundEnd)] {
                    sayings[Int(next[Int(entry)])] = Int32(saying)
                    next[Int(entry)] += 1
                }
                foundStart = Int(foundEnd)
            }
            return FlatLists(elements: sayings, starts: starts)
        }
    }

    /// The bytes of each of `count` shards; empty for a shard with no entry.
    func shards(_ count: Int) -> [[UInt8]] {
        var shards = [[UInt8]](repeating: [], count: count)
        var json = CompactJSON()
        for number in 0..<entries.count {
            let text = entries[number]
            json.removeAll()
            json.string(String(decoding: text, as: UTF16.self))
            json.raw(":")
            Self.write(postings[number], of: sayingCount, to: &json)
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
    static func write(_ numbers: some Collection<Int32>, of sayingCount: Int, to json: inout CompactJSON) {
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
