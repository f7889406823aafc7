import Foundation

/// The saying of the day as a rotation (docs/reference/time.md, "The saying of the day"): a pure
/// function of the sayings' ids and publication days, and the date.
///
/// The rotation is replayed day by day from the first saying's publication day. Each day features
/// the saying featured least recently: sayings never featured come first, the earliest published
/// first and those of one day in the order of `rank` (a fixed seeded hash of the id, so a batch
/// published together is not shown in id or file order). Featuring one saying a day, least recent
/// first, is what keeps the two rules: a saying comes back only after every other published saying
/// has been featured since, and a new one waits only for those published no later than itself.
public struct SayingRotation: Sendable {
    private let sayings: [Saying]
    /// Indices in `sayings` in the order they are first featured, with their publication days
    /// (days since 1970-01-01 in the site's zone).
    private let arrivals: [(day: Int, index: Int)]

    public init(sayings: [Saying], timeZone: TimeZone) {
        self.sayings = sayings
        let keyed = sayings.indices.map { index in
            let day = CivilDay(sayings[index].time, in: timeZone).daysSinceEpoch
            return (day: day, rank: Self.rank(sayings[index].id), index: index)
        }
        arrivals = keyed.sorted { ($0.day, $0.rank, sayings[$0.index].id) < ($1.day, $1.rank, sayings[$1.index].id) }
            .map { (day: $0.day, index: $0.index) }
    }

    /// The saying featured on `date`, or nil when none is published by then.
    public func featured(on date: CivilDay) -> Saying? {
        let target = date.daysSinceEpoch
        guard let first = arrivals.first, first.day <= target else { return nil }
        // Featured sayings, least recently featured at `head`; each day's saying goes to the back.
        var queue: [Int] = []
        queue.reserveCapacity(arrivals.count)
        var head = 0
        var nextArrival = 0
        var day = first.day
        while true {
            let featured: Int
            if nextArrival < arrivals.count, arrivals[nextArrival].day <= day {
                featured = arrivals[nextArrival].index
                nextArrival += 1
            } else if nextArrival == arrivals.count || arrivals[nextArrival].day > target {
                // Nothing new arrives by `target`: the queue turns once a day, so jump straight there.
                return sayings[queue[head + (target - day) % (queue.count - head)]]
            } else {
                featured = queue[head]
                head += 1
            }
            if day == target { return sayings[featured] }
            queue.append(featured)
            // Keep the queue as long as the sayings, not the days replayed.
            if head > 1024, head * 2 > queue.count {
                queue.removeFirst(head)
                head = 0
            }
            day += 1
        }
    }

    /// Where a saying stands among those published on the same day: FNV-1a of a fixed seed and
    /// the id, stable across runs and machines.
    static func rank(_ id: String) -> UInt64 {
        var hash = FNV1a()
        hash.add("modak saying of the day")
        hash.add(id)
        return hash.value
    }
}
