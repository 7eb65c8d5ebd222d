import Testing
@testable import SimKernel
@testable import PushSim

/// `EventQueue.advance(to:)`: moves `now` forward without running anything, never back
/// (a fleet's outer loop may ask a recipient's queue for an instant it has already passed).
@Suite struct EventQueueAdvanceTests {
    @Test("advance(to:) moves now forward to a later time and leaves it where it is for an earlier one")
    func forwardOnly() {
        var q = EventQueue<String>()
        q.schedule(at: .zero + .seconds(10), "a")
        q.schedule(at: .zero + .seconds(30), "b")
        #expect(q.next(until: .distantFuture) == "a" && q.now == .zero + .seconds(10))
        q.advance(to: .zero + .seconds(4))
        #expect(q.now == .zero + .seconds(10), "an earlier instant does not move time back")
        q.advance(to: .zero + .seconds(25))
        #expect(q.now == .zero + .seconds(25))
        q.schedule(after: .seconds(1), "c")
        #expect(q.next(until: .distantFuture) == "c" && q.now == .zero + .seconds(26), "scheduled from the advanced now")
        #expect(q.next(until: .distantFuture) == "b" && q.eventsPopped == 3)
    }
}
