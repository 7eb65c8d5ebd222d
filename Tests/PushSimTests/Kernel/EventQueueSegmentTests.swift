import Testing
@testable import SimKernel
@testable import PushSim

/// Staging into segments of time (`beginStaging(segments:of:)`, a fleet's day): the run is
/// the one staging into one list gives, and a segment is dropped once the list has passed it.
@Suite("EventQueue: staged segments")
struct EventQueueSegmentTests {
    /// The same random schedule staged both ways (nested stagings, owners, ranks, tiers,
    /// events far past the last window, cancels while staging, shuffled ties on odd seeds),
    /// then run with the same random events scheduled and cancelled, the same horizons and
    /// owners' turns: every pop, clock, next key and count agrees.
    @Test("Segments run every event as one staged list does, and passed segments are dropped")
    func segmentsMatchOneList() {
        var (pops, turnPops, dropped, cancels, far) = (0, 0, 0, 0, 0)
        for seed in UInt64(0)..<400 {
            var rng = SplitMix64(state: seed)
            var one = EventQueue<Int>(), cut = EventQueue<Int>()
            if seed % 2 == 1 { one.shuffleTies(salt: seed); cut.shuffleTies(salt: seed) }
            let count = Int(1 + rng.below(20))
            one.beginStaging()
            cut.beginStaging(segments: count, of: .microseconds(Int64(1 + rng.below(60))))
            var ids: [EventID] = []
            func schedule(at t: SimTime, tier: UInt8, rank: UInt32 = 0) {
                let owner = UInt32(rng.below(3))
                (one.owner, cut.owner) = (owner, owner)
                ids.append(one.schedule(at: t, tier: tier, rank: rank, ids.count))
                #expect(cut.schedule(at: t, tier: tier, rank: rank, ids.count - 1) == ids.last)
            }
            for _ in 0..<(1 + rng.below(6)) {
                one.beginStaging(); cut.beginStaging()
                for _ in 0..<rng.below(70) {
                    let farOff = rng.percent(5)
                    if farOff { far += 1 }
                    let t = farOff ? Int64(rng.below(1_000_000_000_000)) : Int64(rng.below(1_000))
                    schedule(at: SimTime(microseconds: t), tier: UInt8(rng.below(16)), rank: UInt32(rng.below(3) == 0 ? 1 : 0))
                }
                if !ids.isEmpty, rng.percent(50) {
                    let id = ids[Int(rng.below(UInt64(ids.count)))]
                    #expect(one.cancel(id) == cut.cancel(id))
                }
                one.endStaging(); cut.endStaging()
            }
            one.endStaging(); cut.endStaging()
            #expect(cut.pendingCount == one.pendingCount)
            let ahead = cut.laneLater.count
            #expect(ahead < count)   // the last segment holds every later event
            for step in 0..<400 {
                let roll = rng.below(10)
                if roll < 3 {
                    schedule(at: one.now + .microseconds(Int64(rng.below(300))), tier: UInt8(rng.below(16)))
                } else if roll < 4, !ids.isEmpty {
                    let id = ids[Int(rng.below(UInt64(ids.count)))]
                    let done = one.cancel(id)
                    #expect(cut.cancel(id) == done)
                    if done { cancels += 1 }
                } else if roll < 6 {
                    // An owner's turn, as a fleet runs it.
                    let (a, b) = (one.nextKey, cut.nextKey)
                    #expect(a?.time == b?.time && a?.owner == b?.owner, "seed \(seed) step \(step)")
                    guard let key = a else { continue }
                    let horizon = key.time + .microseconds(Int64(rng.below(3)))
                    while let p = one.next(until: horizon, owner: key.owner) {
                        #expect(cut.next(until: horizon, owner: key.owner) == p, "seed \(seed) step \(step)")
                        turnPops += 1
                    }
                    #expect(cut.next(until: horizon, owner: key.owner) == nil)
                } else {
                    let horizon = one.now + .microseconds(Int64(rng.below(40)))
                    let a = one.next(until: horizon), b = cut.next(until: horizon)
                    #expect(a == b, "seed \(seed) step \(step)")
                    if a != nil { pops += 1 }
                }
                #expect(one.now == cut.now && one.pendingCount == cut.pendingCount)
                if cut.laneLater.count < ahead { dropped += 1 }
                if step % 50 == 0 { #expect(cut.firstInvariantViolation() == nil, "seed \(seed): \(cut.firstInvariantViolation() ?? "")") }
            }
            while let a = one.next(until: .distantFuture) { #expect(cut.next(until: .distantFuture) == a); pops += 1 }
            // Cancelled entries left in later segments go when the list reaches them.
            #expect(cut.next(until: .distantFuture) == nil)
            #expect(cut.isEmpty && cut.laneLater.isEmpty && cut.firstInvariantViolation() == nil)
        }
        #expect(pops > 50_000 && turnPops > 10_000 && cancels > 1_000 && far > 1_000)
        #expect(dropped > 10_000)   // steps after a segment was passed
    }
}
