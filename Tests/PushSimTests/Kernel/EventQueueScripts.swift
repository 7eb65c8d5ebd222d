import Testing
@testable import SimKernel
@testable import PushSim

// Random schedule scripts and a sorted reference the EventQueue tests compare with.

/// The obviously correct model: an array sorted by (time, rank, insertion index) before each pop.
struct SortedReference {
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

struct ScriptResult {
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
/// With `ranked`, half the schedules go through `schedule(at:tier:rank:_:)` (the last tier) with a rank in 0...2
/// (the others keep the default rank 0), so equal times mix ranks. With `staging`, some
/// steps schedule a batch of 0 … 79 events between `beginStaging()` and `endStaging()`
/// instead (both sorting paths: insertion up to 64 entries, the library's sort beyond);
/// the reference is not told, since staging must not change the order.
func randomScript(seed: UInt64, cancelling: Bool, drain: Bool, ranked: Bool = false, staging: Bool = false,
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
            let id = q.schedule(at: q.now + .microseconds(delay), tier: type(of: q).lastTier, rank: rank, payload)
            let index = ref.schedule(at: ref.now + delay, rank: rank, payload)
            if id.sequence != index { fail("id \(id.sequence), reference index \(index)") }
            out.ids.append(id)
            return
        }
        let id = q.schedule(at: q.now + .microseconds(delay), payload)
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
            if queue.nextKey?.rank != ref.pending.first?.rank { fail("next rank \(String(describing: queue.nextKey?.rank)), reference \(String(describing: ref.pending.first?.rank))") }
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
