/// A 64-bit hash that is the same in every run and on every machine (Swift's `Hasher` is seeded
/// per process). It fingerprints every output file and every page's view (`ViewFields`), so it
/// takes eight bytes per step: a multiply and a shift, each a bijection of the state, so two
/// inputs that differ in one word never collide.
public struct StableHash: Sendable {
    public private(set) var value: UInt64 = 0x243F_6A88_85A3_08D3

    public init() {}

    public mutating func add(_ bytes: UnsafeRawBufferPointer) {
        var state = value
        var offset = 0
        while offset + 8 <= bytes.count {
            state = Self.mix(state ^ bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            offset += 8
        }
        // The last bytes as the low bytes of a word, copied at once rather than shifted in one by one.
        var tail: UInt64 = 0
        if offset < bytes.count {
            withUnsafeMutableBytes(of: &tail) {
                $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[offset...]))
            }
            tail = UInt64(littleEndian: tail)
        }
        // The length too, so that "ab" + "c" and "a" + "bc" differ.
        value = Self.mix(Self.mix(state ^ tail) ^ UInt64(bytes.count))
    }

    public mutating func add(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { add($0) }
    }

    public mutating func add(_ text: String) {
        var text = text
        text.withUTF8 { add(UnsafeRawBufferPointer($0)) }
    }

    public mutating func add(_ number: UInt64) {
        value = Self.mix(value ^ number)
    }

    /// Everything `value` encodes: all its stored properties, since synthesised `Encodable`
    /// lists them all (a field added later is covered without anyone remembering to add it).
    /// For values hashed once or a few times per build (a card's content); views, hashed on every
    /// page, list their fields to the hash directly (`ViewFields`). Labelled, so that a literal
    /// (`add(1)`) is never taken for an `Int` to encode, at a hundred times the cost of a `UInt64`.
    public mutating func add(encoding value: some Encodable) {
        let sink = Sink(self)
        var container = HashingEncoder(sink: sink).singleValueContainer()
        try? container.encode(value)
        self = sink.hash
    }

    public static func of(_ bytes: [UInt8]) -> UInt64 {
        var hash = StableHash()
        hash.add(bytes)
        return hash.value
    }

    @inline(__always)
    private static func mix(_ state: UInt64) -> UInt64 {
        let product = state &* 0x9E37_79B9_7F4A_7C15
        return product ^ (product >> 29)
    }

    /// What the encoder's containers share. Only one encoder uses a sink, on one thread, so the
    /// runtime need not check each access to `hash` for overlaps (a tenth of the hashing time).
    fileprivate final class Sink {
        @exclusivity(unchecked) var hash: StableHash
        init(_ hash: StableHash) {
            self.hash = hash
        }
    }
}

/// Feeds an `Encodable` value into a `StableHash`: each value in order, each keyed field after its
/// key, each container after a marker of its kind, so different shapes hash differently.
private struct HashingEncoder: Encoder {
    let sink: StableHash.Sink
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    enum Marker: UInt64 {
        case keyed = 1, unkeyed, null, isFalse, isTrue
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        sink.hash.add(Marker.keyed.rawValue)
        return KeyedEncodingContainer(HashingContainer<Key>(sink: sink))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        sink.hash.add(Marker.unkeyed.rawValue)
        return HashingContainer<NoKey>(sink: sink)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        HashingContainer<NoKey>(sink: sink)
    }

    struct NoKey: CodingKey {
        var stringValue: String { "" }
        var intValue: Int? { nil }
        init?(stringValue: String) { nil }
        init?(intValue: Int) { nil }
    }
}

/// One container for all three kinds: the generic `encode` stands in for every typed overload
/// but the common ones, which synthesised `encode(to:)` call directly.
private struct HashingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol, UnkeyedEncodingContainer,
    SingleValueEncodingContainer
{
    let sink: StableHash.Sink
    var codingPath: [any CodingKey] { [] }
    var count: Int { 0 }

    mutating func encodeNil() throws {
        sink.hash.add(HashingEncoder.Marker.null.rawValue)
    }

    mutating func encode(_ value: String) throws {
        sink.hash.add(value)
    }

    mutating func encode(_ value: Bool) throws {
        sink.hash.add((value ? HashingEncoder.Marker.isTrue : .isFalse).rawValue)
    }

    mutating func encode(_ value: Int) throws {
        sink.hash.add(UInt64(bitPattern: Int64(value)))
    }

    mutating func encode(_ value: String, forKey key: Key) throws {
        sink.hash.add(key.stringValue)
        sink.hash.add(value)
    }

    mutating func encode(_ value: Bool, forKey key: Key) throws {
        sink.hash.add(key.stringValue)
        try encode(value)
    }

    mutating func encode(_ value: Int, forKey key: Key) throws {
        sink.hash.add(key.stringValue)
        try encode(value)
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        // Comparing types first: a failed cast costs more than the hashing.
        if T.self == String.self {
            try encode(value as! String)
        } else if T.self == Bool.self {
            try encode(value as! Bool)
        } else if T.self == Int.self {
            try encode(value as! Int)
        } else if T.self == Double.self {
            sink.hash.add((value as! Double).bitPattern)
        } else if let dictionary = value as? any SortedEncodable {
            try dictionary.encodeSorted(to: HashingEncoder(sink: sink))
        } else {
            try value.encode(to: HashingEncoder(sink: sink))
        }
    }

    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws {
        sink.hash.add(key.stringValue)
        if let value { try encode(value) } else { try encodeNil() }
    }

    mutating func encodeNil(forKey key: Key) throws {
        sink.hash.add(key.stringValue)
        try encodeNil()
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        sink.hash.add(key.stringValue)
        try encode(value)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<
        NestedKey
    > {
        HashingEncoder(sink: sink).container(keyedBy: keyType)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
        sink.hash.add(key.stringValue)
        return nestedContainer(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        HashingEncoder(sink: sink).unkeyedContainer()
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        sink.hash.add(key.stringValue)
        return nestedUnkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        HashingEncoder(sink: sink)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        sink.hash.add(key.stringValue)
        return superEncoder()
    }
}

/// A dictionary encodes its entries in its own hash order, which changes from run to run;
/// hashed, they go in key order.
private protocol SortedEncodable {
    func encodeSorted(to encoder: HashingEncoder) throws
}

extension Dictionary: SortedEncodable where Key == String, Value: Encodable {
    fileprivate func encodeSorted(to encoder: HashingEncoder) throws {
        var container = encoder.unkeyedContainer()
        for key in keys.sorted() {
            try container.encode(key)
            try container.encode(self[key]!)
        }
    }
}
