import Foundation
import ModakCore

/// What a build may tell about souvenirs: the delivered ones in full, and of the sealed ones only
/// how many there are and when the next opens. Sealed text never enters this value, so no output
/// built from it can leak a message before its day.
struct SouvenirBox: Sendable {
    struct Delivered: Sendable {
        var souvenir: Souvenir
        /// Stable across builds and edits of the text: the page anchor, feed guid and calendar UID.
        var key: String
    }

    struct NextDelivery: Sendable {
        var date: Date
        var key: String
    }

    /// Newest delivery first.
    let delivered: [Delivered]
    let sealedCount: Int
    /// The earliest sealed delivery.
    let next: NextDelivery?

    init(souvenirs: [Souvenir], rules: TimeRules) {
        var occurrences: [String: Int] = [:]
        let keyed =
            souvenirs
            .sorted { ($0.source.path, $0.source.line) < ($1.source.path, $1.source.line) }
            .map { souvenir -> (Souvenir, String) in
                let place =
                    Self.contentRelativePath(souvenir.source.path) + "\u{0}"
                    + String(Int(souvenir.deliver.timeIntervalSince1970))
                // Two messages in one file for the same moment get different keys, in file order.
                let ordinal = occurrences[place, default: 0]
                occurrences[place] = ordinal + 1
                return (souvenir, Self.key(place + "\u{0}" + String(ordinal)))
            }
        let sealed = keyed.filter { !rules.isDelivered($0.0) }
        delivered = keyed.filter { rules.isDelivered($0.0) }
            .sorted { ($0.0.deliver, $1.1) > ($1.0.deliver, $0.1) }
            .map { Delivered(souvenir: $0.0, key: $0.1) }
        sealedCount = sealed.count
        next = sealed.min { ($0.0.deliver, $0.1) < ($1.0.deliver, $1.1) }.map {
            NextDelivery(date: $0.0.deliver, key: $0.1)
        }
    }

    /// `souvenirs/…` whatever folder the content was read from, so keys do not depend on how the build was started.
    static func contentRelativePath(_ path: String) -> String {
        guard let range = path.range(of: "souvenirs/", options: .backwards),
            range.lowerBound == path.startIndex || path[path.index(before: range.lowerBound)] == "/"
        else { return path }
        return String(path[range.lowerBound...])
    }

    private static func key(_ text: String) -> String {
        var hash = FNV1a()
        hash.add(text)
        return "souvenir-" + HexText.word(hash.value)
    }
}
