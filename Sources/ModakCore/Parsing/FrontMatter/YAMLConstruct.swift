/// What a YAML reader makes of a plain value that starts with one of its signs, where front matter
/// has only text and `[a, b]` lists: such a value is an error rather than text that surprises, and
/// `FrontMatterWriter` quotes it. Signs in the middle of a value (`Love {is} all`) are text.
enum YAMLConstruct {
    case flowMapping, anchor, alias, tag, blockScalar

    /// The construct the plain value `range` (comment removed) starts with: `{`; `&`, `*` or `!`
    /// followed by a name (not a blank); or a block scalar's header alone (`|`, `>`, `|-`, `>+2`…).
    init?(plainValue range: Range<Int>, in bytes: FrontMatterBytes) {
        // Every sign is ASCII: the first byte rules out nearly every value at once.
        guard let first = range.first, Self.signs.contains(bytes[first]), bytes.standsAlone(first, in: range) else {
            return nil
        }
        let rest = first + 1..<range.upperBound
        let isNamed = !rest.isEmpty && !bytes.startsWithBlank(rest)
        switch bytes[first] {
        case UInt8(ascii: "{"): self = .flowMapping
        case UInt8(ascii: "&") where isNamed: self = .anchor
        case UInt8(ascii: "*") where isNamed: self = .alias
        case UInt8(ascii: "!") where isNamed: self = .tag
        case UInt8(ascii: "|"), UInt8(ascii: ">"):
            guard rest.count <= 2, rest.allSatisfy({ Self.blockIndicators.contains(bytes[$0]) }) else { return nil }
            self = .blockScalar
        default: return nil
        }
    }

    /// The construct `text`, written as a plain value, would start with.
    init?(plainValue text: String) {
        var text = text
        guard let construct = text.withUTF8({ Self(plainValue: 0..<$0.count, in: FrontMatterBytes(buffer: $0)) }) else {
            return nil
        }
        self = construct
    }

    private static let signs: [UInt8] = Array("{&*!|>".utf8)
    /// What may follow `|` or `>` in a block scalar's header: chomping and indentation.
    private static let blockIndicators: [UInt8] = Array("+-123456789".utf8)

    /// What is wrong with `value` and how to fix it.
    func message(for value: String) -> String {
        let shown = "`\(value.prefix(40))`"
        switch self {
        case .flowMapping:
            return
                """
                \(shown) is a YAML flow mapping, which front matter does not have (it has text and `[a, b]` \
                lists): put it in double quotes if it is text
                """
        case .anchor:
            return
                """
                \(shown) starts with a YAML anchor (`&name`), which front matter does not have: remove the anchor, \
                or put the value in double quotes if it is text
                """
        case .alias:
            return
                """
                \(shown) starts with a YAML alias (`*name`), which front matter does not have: write the value \
                itself, in double quotes if it starts with `*`
                """
        case .tag:
            return
                """
                \(shown) starts with a YAML tag (`!name`), which front matter does not have: remove the tag, or \
                put the value in double quotes if it is text
                """
        case .blockScalar:
            return
                """
                \(shown) starts a YAML block scalar, which front matter does not have: a value is one line, after \
                its key (longer text belongs in the body, after the closing `---`)
                """
        }
    }
}
