import Foundation
import Synchronization
import Testing
@testable import ParallelWork

private final class Box: Sendable {
    let label: String
    init(_ label: String) { self.label = label }
}

@Suite struct PerCoreCopiesTests {
    @Test func eachCallHoldingACopyMakesTheNextCallTakeAnother() {
        let copies = PerCoreCopies(Box("original"), count: 3) { Box($0.label + " copy") }
        var seen: [ObjectIdentifier] = []
        copies.withCopy { a in
            seen.append(ObjectIdentifier(a))
            copies.withCopy { b in
                seen.append(ObjectIdentifier(b))
                copies.withCopy { c in
                    seen.append(ObjectIdentifier(c))
                    // All three are lent: the fourth shares the first.
                    copies.withCopy { d in seen.append(ObjectIdentifier(d)) }
                }
            }
        }
        #expect(Set(seen.prefix(3)).count == 3)
        #expect(seen[3] == seen[0])
        // Returned copies are lent again, the first first.
        copies.withCopy { #expect(ObjectIdentifier($0) == seen[0]) }
        copies.withCopy { a in #expect(a.label == "original") }
    }

    @Test func oneCopyIsTheOriginalSharedByAll() {
        let original = Box("original")
        let copies = PerCoreCopies(original, count: 1) { _ in Box("copy") }
        copies.withCopy { a in
            copies.withCopy { b in #expect(a === original && b === original) }
        }
    }

    @Test func threadsWorkingAtOnceHoldDifferentCopies() {
        let copies = PerCoreCopies(Box("original"), count: 2) { Box($0.label + " copy") }
        let overlaps = Atomic<Int>(0)
        let holders = Mutex<[ObjectIdentifier: Int]>([:])
        DispatchQueue.concurrentPerform(iterations: 2_000) { _ in
            copies.withCopy { box in
                let id = ObjectIdentifier(box)
                let holding = holders.withLock { holders in
                    holders[id, default: 0] += 1
                    return holders[id]!
                }
                // Only the shared fallback (the first copy) may be held twice, and only when both are lent.
                if holding > 1 && box.label != "original" { overlaps.add(1, ordering: .relaxed) }
                holders.withLock { $0[id]! -= 1 }
            }
        }
        #expect(overlaps.load(ordering: .relaxed) == 0)
    }

    @Test func throwsWhatItsBodyThrowsAndLendsTheCopyAgain() {
        struct Failure: Error {}
        let copies = PerCoreCopies(Box("original"), count: 2) { _ in Box("copy") }
        #expect(throws: Failure.self) { try copies.withCopy { _ in throw Failure() } }
        copies.withCopy { #expect($0.label == "original") }
    }
}
