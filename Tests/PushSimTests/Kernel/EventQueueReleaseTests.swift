import Testing
@testable import SimKernel

private func sec(_ seconds: Int64) -> SimTime { .zero + .seconds(seconds) }

@Suite("EventQueue: releasePoppedStaged")
struct EventQueueReleaseTests {
    /// 60 staged events, heap events scheduled as it goes, and one staged event cancelled
    /// (before its turn, while the list is being released or not): the popped payloads, and
    /// the staged list's length and next index after each release.
    private func run(releasing: Bool) -> (log: [Int], lanes: [(count: Int, next: Int)]) {
        var q = EventQueue<Int>()
        q.beginStaging()
        var ids: [EventID] = []
        for i in 0..<60 { ids.append(q.schedule(at: sec(Int64(i % 20)), tier: UInt8(i % 3), i)) }
        q.endStaging()
        var log: [Int] = [], lanes: [(Int, Int)] = []
        while let p = q.next(until: .distantFuture) {
            log.append(p)
            if p == 5 { q.cancel(ids[59]) }                        // a staged entry, still pending
            if p % 7 == 0, p < 100 { q.schedule(at: q.now + .seconds(1), tier: 1, 100 + p) }
            if releasing {
                let before = q.lane.count
                q.releasePoppedStaged()
                q.checkInvariants()
                if q.lane.count != before { lanes.append((q.lane.count, q.laneNext)) }
            }
        }
        return (log, lanes)
    }

    @Test("Releasing the popped staged entries changes no event's turn, and the list shrinks by halves")
    func releaseKeepsTheRun() {
        let plain = run(releasing: false)
        let released = run(releasing: true)
        #expect(plain.log == released.log)
        #expect(plain.log.count == 59 + 9 && !plain.log.contains(59))
        // Each release keeps only the pending entries: the next index is 0 and the list holds
        // at most half of what it held (at least 4 were popped each time).
        #expect(released.lanes.count >= 3)
        var previous = 60
        for (count, next) in released.lanes {
            #expect(next == 0 && count <= previous / 2 && count >= 0)
            previous = count
        }
    }

    @Test("Fewer than the minimum popped, or less than half: the list is kept")
    func keepsSmallOrMostlyPending() {
        var q = EventQueue<Int>()
        q.beginStaging()
        for i in 0..<10 { q.schedule(at: sec(Int64(i)), i) }
        q.endStaging()
        for _ in 0..<3 { _ = q.next(until: .distantFuture) }
        q.releasePoppedStaged()                                    // 3 < 4 popped
        #expect(q.lane.count == 10 && q.laneNext == 3)
        _ = q.next(until: .distantFuture)
        q.releasePoppedStaged()                                    // 4 popped of 10: less than half
        #expect(q.lane.count == 10 && q.laneNext == 4)
        _ = q.next(until: .distantFuture)
        q.releasePoppedStaged(minimum: 5)                          // 5 of 10: released
        #expect(q.lane.count == 5 && q.laneNext == 0 && q.pendingCount == 5)
        var rest: [Int] = []
        while let p = q.next(until: .distantFuture) { rest.append(p) }
        #expect(rest == [5, 6, 7, 8, 9])
    }
}
