import Foundation

/// "Today" for one build: the calendar day in the site's time zone and the instant taken as now.
///
/// The clock enters the program once, here; everything downstream is a function of this value.
public struct BuildDay: Sendable, Equatable {
    public var day: CivilDay
    public var timeZone: TimeZone
    /// The instant souvenirs are compared with. For a build pinned to a day (`--date`), the end of that day.
    public var now: Date

    public init(day: CivilDay, timeZone: TimeZone, now: Date) {
        (self.day, self.timeZone, self.now) = (day, timeZone, now)
    }

    /// A build pinned to a calendar day: deterministic, "now" is the last instant of that day.
    public init(day: CivilDay, timeZone: TimeZone) {
        self.init(day: day, timeZone: timeZone, now: day.adding(days: 1).start(in: timeZone).addingTimeInterval(-0.001))
    }

    /// A build at an exact instant (the clock, or `SOURCE_DATE_EPOCH`).
    public init(instant: Date, timeZone: TimeZone) {
        self.init(day: CivilDay(instant, in: timeZone), timeZone: timeZone, now: instant)
    }

    public var start: Date { day.start(in: timeZone) }
    /// The first instant of tomorrow; "by the end of today" means strictly before this.
    public var tomorrowStart: Date { day.adding(days: 1).start(in: timeZone) }
}

/// The rules of time (docs/reference/time.md), as pure functions of the content and the build day.
public struct TimeRules: Sendable {
    public let today: BuildDay
    public let newDays: Int
    /// `--drafts`: sayings, notices and pages marked `draft: true` count as published (a preview).
    public let includeDrafts: Bool
    /// The instants the rules turn on, worked out once: each takes time-zone lookups, and the
    /// rules are asked about every saying.
    private let tomorrowStart: Date
    private let newSince: Date

    public init(today: BuildDay, newDays: Int, includeDrafts: Bool = false) {
        self.today = today
        self.newDays = newDays
        self.includeDrafts = includeDrafts
        tomorrowStart = today.tomorrowStart
        newSince = today.day.adding(days: -newDays).start(in: today.timeZone)
    }

    /// Published when its time is no later than the end of today (later sayings are scheduled)
    /// and it is no draft, unless drafts are included.
    public func isPublished(_ saying: Saying) -> Bool {
        saying.time < tomorrowStart && (includeDrafts || !saying.isDraft)
    }

    /// A notice is scheduled until its date, like a saying.
    public func isPublished(_ notice: Notice) -> Bool {
        notice.date < tomorrowStart && (includeDrafts || !notice.isDraft)
    }

    /// The published notices, in the order given.
    public func published(notices: [Notice]) -> [Notice] {
        notices.filter(isPublished)
    }

    /// The free pages to build, in the order given: all but drafts, unless drafts are included.
    public func published(pages: [Page]) -> [Page] {
        includeDrafts ? pages : pages.filter { !$0.isDraft }
    }

    /// New when its time lies within `newDays` days before today (and it is published).
    public func isNew(_ saying: Saying) -> Bool {
        guard newDays > 0 else { return false }
        return saying.time >= newSince && isPublished(saying)
    }

    /// Delivered when its time is no later than now.
    public func isDelivered(_ souvenir: Souvenir) -> Bool { souvenir.deliver <= today.now }

    /// Published sayings, newest first (ties by id, so the order never depends on file order).
    public func published(_ sayings: [Saying]) -> [Saying] {
        // Positions are sorted, not sayings: moving a saying copies its eight references.
        sayings.indices.filter { isPublished(sayings[$0]) }
            .sorted { (sayings[$0].time, sayings[$1].id) > (sayings[$1].time, sayings[$0].id) }
            .map { sayings[$0] }
    }

    /// The saying of the day among `published` (any order): a function of the date and the
    /// sayings' ids and times only (`SayingRotation`). Never a draft: a preview with drafts shows
    /// the saying the site itself will show.
    public func sayingOfTheDay(_ published: [Saying]) -> Saying? {
        let published = published.contains(where: \.isDraft) ? published.filter { !$0.isDraft } : published
        return SayingRotation(sayings: published, timeZone: today.timeZone).featured(on: today.day)
    }
}

/// 64-bit FNV-1a: small, stable across runs and platforms (Swift's `Hasher` is seeded per process).
public struct FNV1a: Sendable {
    public private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    public init() {}

    public mutating func add(_ text: String) {
        for byte in text.utf8 { add(byte) }
        add(0)
    }

    public mutating func add(_ byte: UInt8) {
        value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
    }

    /// Hashes a whole buffer in one tight loop (a generic `Sequence` loop is many times slower).
    public mutating func add(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { add($0) }
    }

    public mutating func add(_ bytes: UnsafeRawBufferPointer) {
        var hash = value
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        value = hash
    }
}
