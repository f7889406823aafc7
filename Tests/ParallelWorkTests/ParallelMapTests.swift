import Synchronization
import Testing
@testable import ParallelWork

@Suite("parallel map")
struct ParallelMapTests {
    @Test(arguments: [0, 1, 2, 31, 1000])
    func resultsKeepTheInputOrder(_ count: Int) {
        let items = Array(0..<count)
        #expect(ParallelMap.map(items) { $0 * 3 } == items.map { $0 * 3 })
    }

    /// Lanes of very different lengths, listed out of order and with indices interleaved between
    /// them, as the writer makes them from folders.
    @Test func lanesTransformEveryItemOnceIntoItsOwnSlot() {
        let items = (0..<2000).map { "item \($0)" }
        var lanes: [[Int]] = [[], [], [], []]
        for index in items.indices {
            lanes[index % 7 == 0 ? 0 : index % 3 == 0 ? 1 : index == 5 ? 3 : 2].append(index)
        }
        let calls = Mutex<[Int: Int]>([:])
        let results = ParallelMap.map(items, lanes: lanes) { item in
            calls.withLock { $0[Int(item.dropFirst(5))!, default: 0] += 1 }
            return item.uppercased()
        }
        #expect(results == items.map { $0.uppercased() })
        #expect(calls.withLock { $0 } == Dictionary(uniqueKeysWithValues: items.indices.map { ($0, 1) }))
    }

    @Test func aLaneOfOneAndEmptyLanes() {
        #expect(ParallelMap.map(["only"], lanes: [[], [0], []]) { $0 + "!" } == ["only!"])
        #expect(ParallelMap.map([Int](), lanes: [[]]) { $0 }.isEmpty)
    }
}
