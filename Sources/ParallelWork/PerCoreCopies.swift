import Foundation
import Synchronization

/// Copies of one immutable value, lent to threads that work at the same time so that each uses
/// its own. Reading a value retains and releases the objects it holds; when two cores do that to
/// one object, the cache line holding its reference count moves between them at every step (two
/// threads rendering one template took a fifth longer sharing it than with a copy each).
///
/// The values must be equal: which copy a call gets is up to the threads' timing. When every copy
/// is lent out, a call shares the first.
public final class PerCoreCopies<Value: Sendable>: Sendable {
    private let copies: [Value]
    /// Bit `i` is set while `copies[i]` is lent.
    private let lent = Atomic<UInt64>(0)

    /// `original` and `count - 1` copies of it made by `copy` (at most 64 in all), made side by side:
    /// on a machine with many cores, making them one after another would hold up the build.
    public init(_ original: Value, count: Int = ProcessInfo.processInfo.activeProcessorCount, copy: @Sendable (Value) -> Value) {
        copies = [original] + ParallelMap.map(Array(1..<min(max(count, 1), 64))) { _ in copy(original) }
    }

    public func withCopy<Result>(_ body: (Value) throws -> Result) rethrows -> Result {
        let all: UInt64 = copies.count == 64 ? .max : (1 << UInt64(copies.count)) - 1
        var current = lent.load(ordering: .relaxed)
        while true {
            let free = ~current & all
            guard free != 0 else { return try body(copies[0]) }
            let bit: UInt64 = 1 << UInt64(free.trailingZeroBitCount)
            let (exchanged, original) = lent.compareExchange(expected: current, desired: current | bit, ordering: .acquiring)
            if exchanged {
                defer { lent.bitwiseAnd(~bit, ordering: .releasing) }
                return try body(copies[free.trailingZeroBitCount])
            }
            current = original
        }
    }
}
