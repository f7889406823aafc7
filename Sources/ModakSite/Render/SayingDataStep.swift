import ModakCore
import ModakOutput
import StableHashing
import UTF8Bytes

/// What the browser reads of the sayings, a few at a time, for the lists it makes itself (favorites,
/// unused, search results, "another saying"): no page carries every saying.
///
/// - `data/sayings/<n>.json`: the sayings numbered `n × chunkSize` to `(n + 1) × chunkSize − 1`,
///   counting from the oldest (so a saying keeps its number, and its file its bytes, as sayings are
///   added at the top), each `[id, kor, eng, who (the name pages show), author slug, day, tags]`, `tags` (left out when
///   there are none) as name and slug pairs, flat: `["courage", "courage", "우정", "ujeong"]`.
/// - `data/ids/<n>.json`: `{"<id>": number, …}` for the ids whose `ClientHash` is `n` modulo the
///   number of these files, so that a liked id finds its saying.
///
/// A saying is new when its number is at least `count − newCount` (new sayings are the newest).
struct SayingDataStep: RenderStep {
    func files(_ context: RenderContext) throws -> [OutputFile] {
        let data = context.sayingData.value
        let count = context.published.count
        var files: [OutputFile] = []
        for chunk in 0..<data.chunkCount {
            var json = CompactJSON(capacity: SayingDataFacts.chunkSize * 512)
            json.raw("[")
            for number in chunk * SayingDataFacts.chunkSize..<min(count, (chunk + 1) * SayingDataFacts.chunkSize) {
                if number > chunk * SayingDataFacts.chunkSize { json.raw(",") }
                record(at: count - 1 - number, context, to: &json)
            }
            json.raw("]")
            files.append(OutputFile(path: SitePaths.sayingChunk(chunk), bytes: json.bytes))
        }
        var buckets = [CompactJSON](repeating: CompactJSON(), count: data.idBuckets)
        for number in 0..<count {
            let id = context.published[count - 1 - number].id
            let bucket = Int(ClientHash.of(id) % UInt32(data.idBuckets))
            buckets[bucket].raw(buckets[bucket].bytes.isEmpty ? "{" : ",")
            buckets[bucket].string(id)
            buckets[bucket].raw(":")
            buckets[bucket].integer(number)
        }
        for (number, var json) in buckets.enumerated() {
            json.raw(json.bytes.isEmpty ? "{}" : "}")
            files.append(OutputFile(path: SitePaths.idBucket(number), bytes: json.bytes))
        }
        return files
    }

    private func record(at index: Int, _ context: RenderContext, to json: inout CompactJSON) {
        let saying = context.published[index]
        let taxonomy = context.taxonomy
        json.raw("[")
        for text in [
            saying.id, saying.kor, saying.eng, context.sayings[index].value.who,
            taxonomy.authors[taxonomy.authorOf[index]].slug
        ] {
            json.string(text)
            json.raw(",")
        }
        json.string(context.days[index].description)
        if !saying.tags.isEmpty {
            json.raw(",")
            json.strings(zip(saying.tags, taxonomy.tagsOf[index]).flatMap { [$0, taxonomy.tags[$1].slug] })
        }
        json.raw("]")
    }
}

extension SayingDataFacts {
    /// Sayings per `data/sayings/` file: the cost of one saying shown from them is one such file.
    static let chunkSize = 10

    var chunkCount: Int { (count + Self.chunkSize - 1) / Self.chunkSize }

    init(sayings: [Shared<SayingFacts>], published: [Saying]) {
        count = sayings.count
        newCount = sayings.prefix(while: \.value.isNew).count
        idBuckets = Self.powerOfTwo(atLeast: count / 64)
        // A shard per 1 KB of texts: about four shards for each key pair the texts hold, so that a
        // query's word mostly reads its key pair's tokens alone. Only shards with entries are written.
        // (bench/README.md#decision-search-shards-by-the-rarest-key-pair)
        let textBytes = published.reduce(0) {
            $0 + $1.kor.utf8.count + $1.eng.utf8.count + $1.who.utf8.count + $1.tags.reduce(0) { $0 + $1.utf8.count }
        }
        searchShards = min(8192, Self.powerOfTwo(atLeast: textBytes / 1024))
        var hash = StableHash()
        hash.add(UInt64(count))
        for facts in sayings {
            hash.add(facts.key)
            hash.add(facts.value.authorPath)
            for path in facts.value.tagPaths { hash.add(path) }
        }
        version = String(HexText.word(hash.value).prefix(10))
    }

    static func powerOfTwo(atLeast value: Int) -> Int {
        var result = 1
        while result < value { result *= 2 }
        return result
    }
}

/// The hash the scripts compute too (`saying-data.js`, `search-index.js`): 32-bit FNV-1a over the
/// UTF-16 code units of a text, each unit taken whole.
enum ClientHash {
    static func of(_ text: String) -> UInt32 {
        of(text.utf16)
    }

    static func of(_ units: some Sequence<UInt16>) -> UInt32 {
        var hash: UInt32 = 0x811C_9DC5
        for unit in units { hash = (hash ^ UInt32(unit)) &* 0x0100_0193 }
        return hash
    }
}
