import Testing
@testable import SimKernel

/// `EventQueue.checkInvariants`' findings: a healthy queue has none, and each kind of damage
/// done to a copy of its storage is named.
@Suite struct EventQueueInvariantsTests {
    static func queue() -> EventQueue<Int> {
        var q = EventQueue<Int>()
        for i in 0..<20 { _ = q.schedule(at: .zero + .seconds(Int64((i * 7) % 11)), i) }
        for _ in 0..<5 { _ = q.next(until: .distantFuture) }
        return q
    }

    @Test("a queue used normally (scheduled, popped, cancelled) has no violation")
    func healthy() {
        var q = Self.queue()
        let id = q.schedule(at: .zero + .seconds(50), 99)
        _ = q.cancel(id)
        #expect(q.firstInvariantViolation() == nil)
    }

    @Test("an entry pending twice is named as such")
    func duplicate() throws {
        var q = Self.queue()
        q.heap.append(try #require(q.heap.last))
        let violation = try #require(q.firstInvariantViolation())
        #expect(violation.hasPrefix("sequence ") && violation.hasSuffix(" appears twice among the pending entries"), "\(violation)")
    }

    @Test("an entry whose sequence was never issued is named")
    func neverIssued() throws {
        var q = Self.queue()
        q.nextSequence = try #require((q.heap.map(\.id) + q.lane.map(\.id)).max())   // the newest pending one: now unissued
        let violation = try #require(q.firstInvariantViolation())
        #expect(violation.contains("was never issued"), "\(violation)")
    }

    @Test("a heap whose root runs after its child is named with both entries")
    func heapOrder() throws {
        var q = Self.queue()
        try #require(q.heap.count >= 2)
        q.heap.swapAt(0, 1)
        let violation = try #require(q.firstInvariantViolation())
        #expect(violation.hasPrefix("heap order: entry 1 "), "\(violation)")
    }
}
