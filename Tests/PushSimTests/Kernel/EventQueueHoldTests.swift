import Testing
@testable import SimKernel
@testable import PushSim

/// Held segments (`hold(from:)`, `reserve()`, `stage(reserved:ownerSequence:at:tier:_:)`):
/// an event whose place is reserved at staging and which is staged when the run nears its
/// segment runs exactly where it would have run had it been staged at once (a fleet's day,
/// drawn a block of windows at a time).
@Suite("EventQueue: held segments")
struct EventQueueHoldTests {
    /// One staged event as the script made it.
    struct Planned { let time: SimTime, tier: UInt8, owner: UInt32, payload: Int }

    /// The same random script run twice: staged at once (`whole`), and with every segment
    /// from `heldFrom` on held, its events reserved and staged block by block when the run
    /// reaches the block (`held`), with run-time events scheduled and cancelled alike in
    /// both. Every pop, clock and count agrees, and the invariants hold throughout.
    @Test("events staged into held segments run where they would have run staged at once")
    func heldMatchesWhole() {
        var (pops, reservedTotal) = (0, 0)
        for seed in UInt64(0)..<300 {
            var rng = SplitMix64(state: seed)
            var whole = EventQueue<Int>(), held = EventQueue<Int>()
            let salt: UInt64 = seed % 2 == 1 ? seed : 0
            if salt != 0 { whole.shuffleTies(salt: salt); held.shuffleTies(salt: salt) }
            let count = Int(4 + rng.below(12)), width = Int64(1 + rng.below(50))
            let block = Int(1 + rng.below(UInt64(count - 1)))
            whole.beginStaging(segments: count, of: .microseconds(width))
            held.beginStaging(segments: count, of: .microseconds(width))
            held.hold(from: block)
            // What each reserved place holds: its sequence, the owner's count then, the event.
            var reserved: [(sequence: UInt64, own: UInt64, event: Planned)] = []
            var next = 0
            for _ in 0..<rng.below(120) {
                let e = Planned(time: SimTime(microseconds: Int64(rng.below(UInt64(width) * UInt64(count + 2)))),
                                tier: UInt8(rng.below(16)), owner: UInt32(rng.below(3)), payload: next)
                next += 1
                (whole.owner, held.owner) = (e.owner, e.owner)
                let own = held.ownerSequence
                whole.schedule(at: e.time, tier: e.tier, e.payload)
                if held.isHeld(e.time) {
                    reserved.append((held.reserve(), own, e))
                } else {
                    held.schedule(at: e.time, tier: e.tier, e.payload)
                }
            }
            whole.endStaging(); held.endStaging()
            reservedTotal += reserved.count
            #expect(held.firstInvariantViolation() == nil, "seed \(seed)")
            var released = block
            func release() {
                let to = min(released + block, count)
                for r in reserved where (released..<to).contains(held.segment(of: r.event.time)) {
                    held.owner = r.event.owner
                    held.stage(reserved: r.sequence, ownerSequence: r.own, at: r.event.time, tier: r.event.tier, r.event.payload)
                }
                released = to
                held.hold(from: to == count ? .max : to)
            }
            var ids: [EventID] = []
            for step in 0..<500 {
                // A held block is staged before the run reaches its first segment.
                while released < count, held.nextTime.map({ $0.microseconds >= Int64(released) * width }) ?? true { release() }
                let roll = rng.below(10)
                if roll < 3 {
                    let t = whole.now + .microseconds(Int64(rng.below(UInt64(3 * width))))
                    let owner = UInt32(rng.below(3)), tier = UInt8(rng.below(16))
                    (whole.owner, held.owner) = (owner, owner)
                    ids.append(whole.schedule(at: t, tier: tier, next))
                    #expect(held.schedule(at: t, tier: tier, next) == ids.last)
                    next += 1
                } else if roll < 4, !ids.isEmpty {
                    let id = ids[Int(rng.below(UInt64(ids.count)))]
                    #expect(whole.cancel(id) == held.cancel(id))
                } else {
                    let a = whole.next(until: .distantFuture), b = held.next(until: .distantFuture)
                    #expect(a == b && whole.now == held.now, "seed \(seed) step \(step): \(String(describing: a)) against \(String(describing: b))")
                    if a != nil { pops += 1 }
                }
                #expect(whole.pendingCount == held.pendingCount + reserved.filter { released <= held.segment(of: $0.event.time) }.count)
                #expect(held.firstInvariantViolation() == nil, "seed \(seed) step \(step)")
            }
        }
        #expect(pops > 20_000 && reservedTotal > 2_000, "pops \(pops), reserved \(reservedTotal)")
    }

    @Test("a reserved event cannot be staged in a segment the run may already have reached")
    func stagingBeforeTheHoldTraps() async {
        await #expect(processExitsWith: .failure) {
            var q = EventQueue<Int>()
            q.beginStaging(segments: 4, of: .seconds(1))
            q.hold(from: 2)
            let s = q.reserve()
            q.endStaging()
            q.stage(reserved: s, ownerSequence: 0, at: .zero + .milliseconds(1_500), tier: 0, 1)   // segment 1: not held
        }
    }

    @Test("the run stops before a held segment: its staged events wait for the hold to move")
    func heldSegmentWaits() {
        var q = EventQueue<String>()
        q.beginStaging(segments: 4, of: .seconds(10))
        q.hold(from: 1)
        q.schedule(at: .zero + .seconds(1), tier: 0, "first window")
        q.schedule(at: .zero + .seconds(15), tier: 0, "held window")
        let place = q.reserve()
        q.endStaging()
        #expect(q.next(until: .distantFuture) == "first window")
        #expect(q.nextTime == nil && q.pendingCount == 1)   // the held segment is not reached
        q.stage(reserved: place, ownerSequence: 2, at: .zero + .seconds(12), tier: 0, "reserved")
        q.hold(from: .max)
        #expect(q.next(until: .distantFuture) == "reserved")
        #expect(q.next(until: .distantFuture) == "held window")
        #expect(q.next(until: .distantFuture) == nil)
        q.checkInvariants()
    }
}
