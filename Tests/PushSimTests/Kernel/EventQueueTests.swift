import Testing
@testable import SimKernel
@testable import PushSim

private func sec(_ seconds: Int64) -> SimTime { .zero + .seconds(seconds) }

@Suite("EventQueue")
struct EventQueueTests {
    @Test("Equal-time events run FIFO, in scheduling order")
    func equalTimesRunFIFO() {
        var q = EventQueue<String>()
        for (name, t) in [("a", 10), ("b", 5), ("c", 10), ("d", 5), ("e", 0), ("f", 10), ("g", 5), ("h", 0)] {
            q.schedule(at: sec(Int64(t)), name)
        }
        var order: [String] = []
        q.run(until: .distantFuture) { _, name in order.append(name) }
        #expect(order == ["e", "h", "b", "d", "g", "a", "c", "f"])

        var many = EventQueue<Int>(reservingCapacity: 4)
        for i in 0..<300 {  // 100 at t=7 s, interleaved with 100 at t=3 s and 100 at t=9 s
            many.schedule(at: sec([7, 9, 3][i % 3]), i)
        }
        var got: [Int] = []
        while let i = many.next(until: .distantFuture) { got.append(i) }
        let expected = Array(stride(from: 2, to: 300, by: 3)) + Array(stride(from: 0, to: 300, by: 3))
            + Array(stride(from: 1, to: 300, by: 3))
        #expect(got == expected)
        #expect(many.eventsPopped == 300)
    }

    @Test("Timeline events scheduled at time 0 first run before events scheduled later at time 0")
    func timelineAtZeroRunsFirst() {
        var q = EventQueue<String>()
        q.schedule(at: .zero, "timeline-1")
        q.schedule(at: .zero, "timeline-2")
        q.schedule(at: sec(1), "later")
        var order: [String] = []
        q.run(until: .distantFuture) { q, name in
            order.append(name)
            if name == "timeline-1" { q.schedule(at: q.now, "spawned-at-0") }
        }
        #expect(order == ["timeline-1", "timeline-2", "spawned-at-0", "later"])
    }

    @Test("Random schedules pop in sorted-reference order", arguments: [false, true])
    func randomSchedulesMatchReference(cancelling: Bool) {
        var (cancelled, ties, pops) = (0, 0, 0)
        for seed in UInt64(0)..<2_000 {
            var q = EventQueue<Int>(reservingCapacity: Int(seed % 3))
            let result = randomScript(seed: seed, cancelling: cancelling, drain: true, &q)
            #expect(result.mismatch == nil)
            q.checkInvariants()
            (cancelled, ties, pops) = (cancelled + result.cancelledOK, ties + result.tiedPops, pops + result.log.count)
        }
        // The schedules really exercised ties, cancellations and many pops.
        #expect(ties > 10_000 && pops > 100_000)
        #expect(cancelling ? cancelled > 10_000 : cancelled == 0)
    }

    @Test("Random ranked schedules pop in (time, rank, sequence) order of a sorted reference", arguments: [false, true])
    func randomRankedSchedulesMatchReference(cancelling: Bool) {
        var (ties, pops) = (0, 0)
        for seed in UInt64(0)..<2_000 {
            var q = EventQueue<Int>(reservingCapacity: Int(seed % 3))
            let result = randomScript(seed: seed, cancelling: cancelling, drain: true, ranked: true, &q)
            #expect(result.mismatch == nil)
            q.checkInvariants()
            (ties, pops) = (ties + result.tiedPops, pops + result.log.count)
        }
        #expect(ties > 10_000 && pops > 100_000)
    }

    @Test("At an equal time a lower rank runs first, even if scheduled later; equal ranks run FIFO")
    func ranksOrderEqualTimes() {
        var q = EventQueue<String>()
        q.schedule(at: sec(5), tier: type(of: q).lastTier, rank: 7, "delivery-a")
        q.schedule(at: sec(5), tier: type(of: q).lastTier, rank: 3, "delivery-b")
        q.schedule(at: sec(5), "change")            // rank 0
        q.schedule(at: sec(4), tier: type(of: q).lastTier, rank: 9, "earlier")  // time first, whatever the rank
        q.schedule(at: sec(5), tier: type(of: q).lastTier, rank: 3, "delivery-c")
        #expect(q.nextKey?.rank == 9 && q.nextTime == sec(4))
        var order: [String] = []
        q.run(until: .distantFuture) { q, name in
            order.append(name)
            // Scheduled "now" at rank 0 while rank-3 events are still due: it runs next.
            if name == "delivery-b" { q.schedule(at: q.now, "pull-complete") }
        }
        #expect(order == ["earlier", "change", "delivery-b", "pull-complete", "delivery-c", "delivery-a"])
        #expect(q.nextKey?.rank == nil)
    }

    @Test("A WorldEvent entry is 40 bytes: time, sequence, owner and rank in one word, then the 10-byte payload")
    func entryLayout() {
        #expect(MemoryLayout<WorldEvent>.size == 10)
        #expect(MemoryLayout<EventQueue<WorldEvent>.Entry>.stride == 40)
        #expect(MemoryLayout<EventQueue<WorldEvent>.Entry>.offset(of: \.order) == 16)
    }

    @Test("Time never moves back; horizons advance now; later events wait")
    func timeNeverMovesBack() {
        var q = EventQueue<String>()
        #expect(q.next(until: sec(100)) == nil)
        #expect(q.now == sec(100))
        #expect(q.next(until: sec(50)) == nil)  // an earlier horizon does not rewind
        #expect(q.now == sec(100))
        #expect(q.next(until: .distantFuture) == nil)  // no limit: nothing to advance to
        #expect(q.now == sec(100))

        q.schedule(at: sec(150), "x")
        q.schedule(at: q.now + .seconds(200), "y")  // at 300 s
        #expect(q.next(until: sec(150)) == "x")  // an event exactly at the horizon runs
        #expect(q.now == sec(150))
        #expect(q.next(until: sec(200)) == nil)
        #expect(q.now == sec(200))
        #expect(q.pendingCount == 1 && q.nextTime == sec(300))
        q.schedule(at: q.now + .seconds(10), "z")  // relative to the advanced now: 210 s
        var seen: [(String, SimTime)] = []
        q.run(until: sec(250)) { q, name in seen.append((name, q.now)) }
        #expect(seen.map(\.0) == ["z"] && seen.map(\.1) == [sec(210)])
        #expect(q.now == sec(250) && q.pendingCount == 1)
        q.run(until: .distantFuture) { q, name in seen.append((name, q.now)) }
        #expect(seen.map(\.0) == ["z", "y"])
        #expect(q.now == sec(300))  // the last event's time, not distantFuture
        #expect(q.isEmpty && q.eventsPopped == 3)
    }

    @Test("Cancelled events never pop; cancel reports what it did")
    func cancellation() {
        var q = EventQueue<String>()
        let a = q.schedule(at: sec(10), "a")
        let b = q.schedule(at: sec(20), "b")
        let c = q.schedule(at: sec(30), "c")
        let cancelledB = q.cancel(b), cancelledBAgain = q.cancel(b)
        #expect(cancelledB && !cancelledBAgain)  // the second time it is already cancelled
        #expect(q.pendingCount == 2)
        #expect(q.next(until: .distantFuture) == "a")
        let cancelledA = q.cancel(a)
        #expect(!cancelledA)  // already ran
        #expect(q.nextTime == sec(30))  // the cancelled head at 20 s is skipped
        #expect(q.pendingCount == 1)
        #expect(q.next(until: .distantFuture) == "c")
        let cancelledC = q.cancel(c), cancelledUnknown = q.cancel(EventID(sequence: 99))
        #expect(!cancelledC && !cancelledUnknown)  // ran; never issued
        #expect(q.next(until: .distantFuture) == nil && q.isEmpty && q.eventsPopped == 2)

        // A cancelled entry discarded at pop cannot be "cancelled" again (pendingCount stays 0).
        let d = q.schedule(at: q.now + .seconds(1), "d")
        let cancelledD = q.cancel(d)
        #expect(cancelledD && q.isEmpty && q.nextTime == nil)
        #expect(q.next(until: .distantFuture) == nil)
        let cancelledDAgain = q.cancel(d)
        #expect(!cancelledDAgain && q.pendingCount == 0 && q.eventsPopped == 2)
        q.checkInvariants()
    }

    @Test("reset() reuse gives the same run as a fresh queue, keeping capacity")
    func resetReuse() {
        var used = EventQueue<Int>(reservingCapacity: 1)
        for seed in UInt64(0)..<300 {
            let capacity = used.heap.capacity
            used.reset()
            #expect(used.now == .zero && used.isEmpty && used.eventsPopped == 0 && used.nextTime == nil)
            #expect(used.heap.capacity == capacity)
            var fresh = EventQueue<Int>()
            let a = randomScript(seed: seed, cancelling: true, drain: false, &fresh)
            let b = randomScript(seed: seed, cancelling: true, drain: false, &used)
            #expect(a.mismatch == nil && b.mismatch == nil)
            #expect(a.log == b.log && a.ids == b.ids)
            #expect(fresh.now == used.now && fresh.pendingCount == used.pendingCount)
            #expect(fresh.eventsPopped == used.eventsPopped)
            // `used` keeps its leftover events (some cancelled) into the next reset.
        }
        #expect(used.heap.capacity > 1)
    }

    @Test("The invariant check detects a broken heap")
    func invariantCheckCanFail() {
        var q = EventQueue<Int>()
        for i in 0..<10 { q.schedule(at: sec(Int64(i)), i) }
        #expect(q.firstInvariantViolation() == nil)
        q.heap.swapAt(0, 9)
        #expect(q.firstInvariantViolation()?.hasPrefix("heap order") == true)
    }

    @Test("Scheduling into the past traps, at the start too")
    func schedulingIntoThePastTraps() async {
        await #expect(processExitsWith: .failure) {
            var q = EventQueue<Int>()
            _ = q.next(until: sec(5))
            q.schedule(at: sec(4), 0)
        }
        await #expect(processExitsWith: .failure) {
            var q = EventQueue<Int>()
            q.schedule(at: q.now + .microseconds(-1), 0)
        }
    }

    @Test("reset() empties the queue and restarts its clock and counts, and keeps the owner and the tie salt")
    func resetKeepsOwnerAndSalt() {
        var q = EventQueue<Int>()
        q.owner = 3
        q.shuffleTies(salt: 77)
        q.beginStaging(); q.schedule(at: sec(2), 1); q.endStaging()
        q.cancel(q.schedule(at: sec(1), 2))
        #expect(q.next(until: sec(5)) == 1)
        q.schedule(at: sec(9), 3)
        q.reset()
        #expect(q.owner == 3 && q.tieShuffleSalt == 77)
        #expect(q.now == .zero && q.eventsPopped == 0 && q.pendingCount == 0 && q.ownerSequence == 0)
        #expect(q.schedule(at: sec(1), 4).sequence == 0, "sequences restart at 0")
        q.checkInvariants()
        #expect(q.next(until: .distantFuture) == 4)
    }
}
