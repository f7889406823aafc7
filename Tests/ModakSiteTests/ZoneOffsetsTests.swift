import Foundation
import Testing
@testable import ModakSite

@Suite struct ZoneOffsetsTests {
    /// Remembered spans must give what the time zone gives, across daylight saving changes, base
    /// offset changes (Seoul, 1954–1961), half-hour zones, and in any order of asking.
    @Test func offsetsAreTheTimeZonesOwn() throws {
        for name in [
            "Asia/Seoul", "America/New_York", "Europe/London", "Australia/Lord_Howe", "Asia/Kathmandu", "UTC",
            "America/Santiago"
        ] {
            let zone = try #require(TimeZone(identifier: name))
            let offsets = ZoneOffsets(zone)
            var state: UInt64 = 7
            var instants: [Double] = []
            for _ in 0..<3_000 {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                // 1900 to 2100, in random order.
                instants.append(-2_208_988_800 + Double((state >> 20) % 6_311_390_400))
            }
            // And every 15 minutes around this year's transitions, in order and backwards.
            for step in 0..<(4 * 24 * 400) { instants.append(1_767_225_600 + Double(step) * 900) }
            for step in 0..<(4 * 24 * 40) { instants.append(1_774_000_000 - Double(step) * 900) }
            for instant in instants {
                let date = Date(timeIntervalSince1970: instant)
                #expect(offsets.secondsFromGMT(for: date) == zone.secondsFromGMT(for: date), "\(name) at \(date)")
            }
        }
    }
}
