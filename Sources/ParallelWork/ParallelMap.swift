import Foundation
import Synchronization

/// `map` across all cores for independent, CPU-bound items; results keep the input order.
public enum ParallelMap {
    /// The most items a thread takes at once.
    private static let largestChunk = 32

    public static func map<Element: Sendable, Result>(_ items: [Element], _ transform: @Sendable (Element) -> Result)
        -> [Result]
    {
        map(items, lanes: [Array(items.indices)], transform)
    }

    /// `map` with the items' indices grouped in `lanes` (the folders files are written to, say),
    /// which together hold each index once. Each core starts on a lane of its own, the longest
    /// first; when its lane is done it takes the next lane nobody has started, and only when all
    /// have been started joins the one with the most items left. Two threads creating files in one
    /// folder take turns at that folder's lock, in different folders they do not. And the short
    /// lanes may hold the costliest items (a page listing every saying): made while the other
    /// cores are still busy, not left for the end, where one core would make them alone.
    public static func map<Element: Sendable, Result>(
        _ items: [Element], lanes: [[Int]], _ transform: @Sendable (Element) -> Result
    ) -> [Result] {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        guard items.count > 1, cores > 1 else {
            var results = [Result?](repeating: nil, count: items.count)
            for index in lanes.joined() { results[index] = transform(items[index]) }
            return results.map { $0! }
        }
        let lanes = lanes.filter { !$0.isEmpty }.sorted { $0.count > $1.count }
        let cursors = lanes.map { _ in LaneCursor() }
        return [Result](unsafeUninitializedCapacity: items.count) { buffer, initialized in
            // Each index is taken once, so each slot is initialised by one thread.
            nonisolated(unsafe) let base = buffer.baseAddress!
            DispatchQueue.concurrentPerform(iterations: min(cores, items.count)) { worker in
                var lane = worker % lanes.count
                while true {
                    // Chunks of several items amortise the cost of taking them; at most 32, so
                    // that when one core takes the last chunk, the others do not wait long for
                    // it, alone at the end (bench/README.md#decision-chunks-of-at-most-32-items).
                    let indices = lanes[lane]
                    let chunk = min(largestChunk, max(1, indices.count / (cores * 8)))
                    let start = cursors[lane].taken.add(chunk, ordering: .relaxed).oldValue
                    if start < indices.count {
                        for index in indices[start..<min(indices.count, start + chunk)] {
                            (base + index).initialize(to: transform(items[index]))
                        }
                        continue
                    }
                    if let unstarted = cursors.firstIndex(where: { $0.taken.load(ordering: .relaxed) == 0 }) {
                        lane = unstarted
                        continue
                    }
                    let left = lanes.indices.map { lanes[$0].count - cursors[$0].taken.load(ordering: .relaxed) }
                    guard let busiest = left.indices.max(by: { left[$0] < left[$1] }), left[busiest] > 0 else { break }
                    lane = busiest
                }
            }
            initialized = items.count
        }
    }

    /// How many items of a lane have been taken (or more, once it is done).
    private final class LaneCursor: Sendable {
        let taken = Atomic<Int>(0)
    }
}
