import Foundation

/// `map` across all cores for independent, CPU-bound items; results keep the input order.
public enum ParallelMap {
    public static func map<Element: Sendable, Result>(_ items: [Element], _ transform: @Sendable (Element) -> Result) -> [Result] {
        guard items.count > 1 else { return items.map(transform) }
        return [Result](unsafeUninitializedCapacity: items.count) { buffer, initialized in
            // Each iteration initialises its own disjoint slots, so sharing the buffer is safe.
            nonisolated(unsafe) let base = buffer.baseAddress!
            // Chunks of several items amortise the dispatch cost for small transforms.
            let chunk = max(1, items.count / (ProcessInfo.processInfo.activeProcessorCount * 8))
            let chunks = (items.count + chunk - 1) / chunk
            DispatchQueue.concurrentPerform(iterations: chunks) { chunkIndex in
                let start = chunkIndex * chunk
                for index in start..<min(items.count, start + chunk) {
                    (base + index).initialize(to: transform(items[index]))
                }
            }
            initialized = items.count
        }
    }
}
