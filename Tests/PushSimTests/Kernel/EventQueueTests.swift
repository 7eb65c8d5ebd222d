import Testing
@testable import SimKernel
@testable import PushSim

/// The obviously correct model: an array sorted by (time, rank, insertion index) before each pop.
private struct SortedReference {
    var pending: [(time: Int64, rank: UInt32, index: UInt64, payload: Int)] = []
    var now: Int64 = 0
    var issued: UInt64 = 0

    mutating func schedule(at time: Int64, rank: UInt32 = 0, _ payload: Int) -> UInt64 {
        pending.append((time, rank, issued, payload))
        issued += 1
        return issued - 1
    }
    mutating func cancel(_ index: UInt64) -> Bool {
        guard let i = pending.firstIndex(where: { $0.index == index }) else { return false }
        pending.remove(at: i)
        return true
    }
    mutating func next(until horizon: Int64) -> Int? {
        sortPending()
        if let first = pending.first, first.time <= horizon {
            pending.removeFirst()
            now = first.time
            return first.payload
        }
        if horizon != .max { now = max(now, horizon) }
        return nil
    }
    mutating func sortPending() { pending.sort { ($0.time, $0.rank, $0.index) < ($1.time, $1.rank, $1.index) } }
}

/// A time `seconds` after the start of the run.
private func sec(_ seconds: Int64) -> SimTime { .zero + .seconds(seconds) }

private struct ScriptResult {
    var log: [Int] = []
    var ids: [EventID] = []
    var mismatch: String?
    var cancelledOK = 0
    var tiedPops = 0
    var stagedBatches = 0
}

/// Drives `queue` and a `SortedReference` through the same random schedules, cancellations,
/// `next(until:)` and `run(until:)` calls (handlers schedule and cancel too), comparing after
/// every step. Records the first disagreement in `mismatch`. Drains both at the end if asked.
/// With `ranked`, half the schedules go through `schedule(at:rank:_:)` with a rank in 0...2
/// (the others keep the default rank 0), so equal times mix ranks. With `staging`, some
/// steps schedule a batch of 0 … 79 events between `beginStaging()` and `endStaging()`
/// instead (both sorting paths: insertion up to 64 entries, the library's sort beyond);
/// the reference is not told, since staging must not change the order.
private func randomScript(seed: UInt64, cancelling: Bool, drain: Bool, ranked: Bool = false, staging: Bool = false,
                          _ queue: inout EventQueue<Int>) -> ScriptResult {
    var rng = SplitMix64(state: seed)
    var ref = SortedReference()
    var out = ScriptResult()
    var lastNow = queue.now
    var lastPopTime: Int64 = -1
    func fail(_ what: String) { if out.mismatch == nil { out.mismatch = "seed \(seed): \(what)" } }
    func popped(_ got: Int?, _ want: Int?, at now: SimTime) {
        if got != want { fail("popped \(String(describing: got)), reference \(String(describing: want))") }
        if let got { out.log.append(got) }
        if got != nil, now.microseconds == lastPopTime { out.tiedPops += 1 }
        if got != nil { lastPopTime = now.microseconds }
    }
    func schedule(_ q: inout EventQueue<Int>) {
        let roll = rng.below(10)
        let delay: Int64 = roll < 4 ? 0 : roll < 8 ? Int64(rng.below(8)) * 10 : Int64(rng.below(1_000_000))
        let payload = Int(ref.issued)
        if ranked, rng.percent(50) {
            let rank = UInt32(rng.below(3))
            let id = q.schedule(at: q.now + .microseconds(delay), rank: rank, payload)
            let index = ref.schedule(at: ref.now + delay, rank: rank, payload)
            if id.sequence != index { fail("id \(id.sequence), reference index \(index)") }
            out.ids.append(id)
            return
        }
        let id = rng.percent(50)
            ? q.schedule(after: .microseconds(delay), payload)
            : q.schedule(at: q.now + .microseconds(delay), payload)
        let index = ref.schedule(at: ref.now + delay, payload)
        if id.sequence != index { fail("id \(id.sequence), reference index \(index)") }
        out.ids.append(id)
    }
    func cancel(_ q: inout EventQueue<Int>) {
        let unknown = out.ids.isEmpty || rng.percent(10)
        let id = unknown ? EventID(sequence: ref.issued + rng.below(5)) : out.ids[Int(rng.below(UInt64(out.ids.count)))]
        let (got, want) = (q.cancel(id), ref.cancel(id.sequence))
        if got != want { fail("cancel(\(id.sequence)) returned \(got), reference \(want)") }
        if got { out.cancelledOK += 1 }
    }
    for step in 0..<150 {
        let roll = rng.below(100)
        if staging, roll < 6 {
            queue.beginStaging()
            for _ in 0..<rng.below(80) { schedule(&queue) }
            queue.endStaging()
            out.stagedBatches += 1
        } else if roll < 45 {
            schedule(&queue)
        } else if roll < 60 {
            if cancelling { cancel(&queue) }
        } else if roll < 88 {
            let horizon = rng.percent(10) ? SimTime.distantFuture : queue.now + .microseconds(Int64(rng.below(100)))
            let got = queue.next(until: horizon)
            popped(got, ref.next(until: horizon.microseconds), at: queue.now)
        } else {
            let horizon = queue.now + .microseconds(Int64(rng.below(200)))
            queue.run(until: horizon) { q, payload in
                popped(payload, ref.next(until: horizon.microseconds), at: q.now)
                if rng.percent(40) { schedule(&q) }
                if cancelling, rng.percent(15) { cancel(&q) }
            }
            if let extra = ref.next(until: horizon.microseconds) { fail("run stopped before reference event \(extra)") }
        }
        if queue.now < lastNow { fail("now moved back from \(lastNow) to \(queue.now)") }
        lastNow = queue.now
        if queue.now.microseconds != ref.now { fail("now \(queue.now.microseconds) µs, reference \(ref.now) µs") }
        if queue.pendingCount != ref.pending.count { fail("pendingCount \(queue.pendingCount), reference \(ref.pending.count)") }
        if queue.isEmpty != ref.pending.isEmpty { fail("isEmpty \(queue.isEmpty)") }
        if step % 8 == 0 {
            let want = ref.pending.map(\.time).min()
            if queue.nextTime?.microseconds != want { fail("nextTime \(String(describing: queue.nextTime)), reference \(String(describing: want))") }
            ref.sortPending()
            if queue.nextRank != ref.pending.first?.rank { fail("nextRank \(String(describing: queue.nextRank)), reference \(String(describing: ref.pending.first?.rank))") }
            if let broken = queue.firstInvariantViolation() { fail(broken) }
        }
    }
    if drain {
        while let got = queue.next(until: .distantFuture) { popped(got, ref.next(until: .max), at: queue.now) }
        if let extra = ref.next(until: .max) { fail("queue drained before reference event \(extra)") }
        if !queue.isEmpty || queue.nextTime != nil { fail("not empty after draining") }
    }
    if let broken = queue.firstInvariantViolation() { fail(broken) }
    return out
}

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
            if name == "timeline-1" { q.schedule(after: .zero, "spawned-at-0") }
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

    @Test("Staged batches mixed with heap events pop in sorted-reference order", arguments: [false, true])
    func stagedSchedulesMatchReference(cancelling: Bool) {
        var (batches, cancelled, pops) = (0, 0, 0)
        for seed in UInt64(0)..<2_000 {
            var q = EventQueue<Int>(reservingCapacity: Int(seed % 3))
            let result = randomScript(seed: seed, cancelling: cancelling, drain: true, ranked: seed % 2 == 1, staging: true, &q)
            #expect(result.mismatch == nil)
            q.checkInvariants()
            (batches, cancelled, pops) = (batches + result.stagedBatches, cancelled + result.cancelledOK, pops + result.log.count)
        }
        #expect(batches > 10_000 && pops > 100_000)
        #expect(cancelling ? cancelled > 10_000 : cancelled == 0)
    }

    @Test("Staging changes no event's turn: the same schedule calls give the same run staged or not")
    func stagingKeepsTheOrder() {
        func run(staged: Bool) -> [Int] {
            var q = EventQueue<Int>()
            if staged { q.beginStaging() }
            // Three runs in time order, as a timeline's classes are scheduled, with ties.
            for i in 0..<40 { q.schedule(at: sec(Int64(i % 7)), tier: UInt8(i % 3), i) }
            for i in 40..<70 { q.schedule(at: sec(Int64(i - 40)), tier: 1, i) }
            for i in 70..<75 { q.schedule(at: sec(3), tier: 0, rank: UInt32(i % 2), i) }
            if staged { q.endStaging() }
            var log: [Int] = []
            q.run(until: .distantFuture) { q, payload in
                log.append(payload)
                if payload < 100, payload % 5 == 0 { q.schedule(at: q.now, tier: 1, 100 + payload) }
            }
            return log
        }
        let plain = run(staged: false)
        #expect(plain.count == 75 + 15)
        #expect(run(staged: true) == plain)
    }

    @Test("Staged with shuffled ties and tiers, the run is the unstaged one under the same salt")
    func stagingUnderShuffledTies() {
        func run(staged: Bool, salt: UInt64) -> [Int] {
            var q = EventQueue<Int>()
            q.shuffleTies(salt: salt)
            if staged { q.beginStaging() }
            for i in 0..<60 { q.schedule(at: sec(Int64(i % 4)), tier: UInt8(i % 5), rank: UInt32(i % 7 == 0 ? 1 : 0), i) }
            if staged { q.endStaging() }
            for i in 60..<70 { q.schedule(at: sec(Int64(i % 3)), tier: UInt8(i % 2), i) }
            var log: [Int] = []
            while let p = q.next(until: .distantFuture) { log.append(p) }
            return log
        }
        for salt: UInt64 in [0, 1, 0xBEEF, 12_345_678] {
            let plain = run(staged: false, salt: salt)
            #expect(plain.count == 70 && run(staged: true, salt: salt) == plain)
        }
        #expect(run(staged: false, salt: 1) != run(staged: false, salt: 0xBEEF))   // the salts do reorder ties
    }

    @Test("A staged event can be cancelled (also while staging); reading the queue while staging traps")
    func stagedCancellationAndMisuse() async {
        var q = EventQueue<String>()
        q.beginStaging()
        let early = q.schedule(at: sec(3), "early-cancelled")
        let a = q.schedule(at: sec(1), "a")
        q.schedule(at: sec(2), "b")
        let cancelledWhileStaging = q.cancel(early)
        #expect(cancelledWhileStaging)
        q.endStaging()
        #expect(q.pendingCount == 2)
        let cancelled = q.cancel(a)
        let nextTime = q.nextTime
        #expect(cancelled && q.pendingCount == 1 && nextTime == sec(2))
        let popped = q.next(until: .distantFuture)
        let cancelledAgain = q.cancel(a)
        #expect(popped == "b" && !cancelledAgain && q.isEmpty)
        q.checkInvariants()
        await #expect(processExitsWith: .failure) {
            var q = EventQueue<Int>()
            q.beginStaging()
            q.schedule(at: sec(1), 0)
            _ = q.next(until: sec(5))
        }
        await #expect(processExitsWith: .failure) {
            var q = EventQueue<Int>()
            q.endStaging()
        }
        await #expect(processExitsWith: .failure) {
            var q = EventQueue<Int>()
            q.beginStaging()
            let a = q.schedule(at: sec(5), 0)
            q.schedule(at: sec(1), 1)
            q.cancel(a)
            _ = q.nextTime   // would discard from the unsorted list
        }
        await #expect(processExitsWith: .failure) {
            var q = EventQueue<Int>()
            q.beginStaging()
            _ = q.nextRank
        }
    }

    @Test("The invariant check detects an unsorted staged list")
    func invariantCheckSeesStagedOrder() {
        var q = EventQueue<Int>()
        q.beginStaging()
        for i in 0..<5 { q.schedule(at: sec(Int64(i)), i) }
        q.endStaging()
        #expect(q.firstInvariantViolation() == nil)
        q.lane.swapAt(0, 4)
        #expect(q.firstInvariantViolation()?.hasPrefix("staged order") == true)
    }

    @Test("At an equal time a lower rank runs first, even if scheduled later; equal ranks run FIFO")
    func ranksOrderEqualTimes() {
        var q = EventQueue<String>()
        q.schedule(at: sec(5), rank: 7, "delivery-a")
        q.schedule(at: sec(5), rank: 3, "delivery-b")
        q.schedule(at: sec(5), "change")            // rank 0
        q.schedule(at: sec(4), rank: 9, "earlier")  // time first, whatever the rank
        q.schedule(at: sec(5), rank: 3, "delivery-c")
        #expect(q.nextRank == 9 && q.nextTime == sec(4))
        var order: [String] = []
        q.run(until: .distantFuture) { q, name in
            order.append(name)
            // Scheduled "now" at rank 0 while rank-3 events are still due: it runs next.
            if name == "delivery-b" { q.schedule(at: q.now, "pull-complete") }
        }
        #expect(order == ["earlier", "change", "delivery-b", "pull-complete", "delivery-c", "delivery-a"])
        #expect(q.nextRank == nil)
    }

    @Test("The rank fills the padding after the payload: a WorldEvent entry stays 32 bytes")
    func entryLayout() {
        #expect(MemoryLayout<EventQueue<WorldEvent>.Entry>.stride == 32)
        #expect(MemoryLayout<EventQueue<WorldEvent>.Entry>.offset(of: \.rank)! >= 16 + MemoryLayout<WorldEvent>.size)
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
        q.schedule(after: .seconds(200), "y")  // at 300 s
        #expect(q.next(until: sec(150)) == "x")  // an event exactly at the horizon runs
        #expect(q.now == sec(150))
        #expect(q.next(until: sec(200)) == nil)
        #expect(q.now == sec(200))
        #expect(q.pendingCount == 1 && q.nextTime == sec(300))
        q.schedule(after: .seconds(10), "z")  // relative to the advanced now: 210 s
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
        let d = q.schedule(after: .seconds(1), "d")
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

    @Test("Scheduling into the past or with a negative delay traps")
    func schedulingIntoThePastTraps() async {
        await #expect(processExitsWith: .failure) {
            var q = EventQueue<Int>()
            _ = q.next(until: sec(5))
            q.schedule(at: sec(4), 0)
        }
        await #expect(processExitsWith: .failure) {
            var q = EventQueue<Int>()
            q.schedule(after: .microseconds(-1), 0)
        }
    }
}
