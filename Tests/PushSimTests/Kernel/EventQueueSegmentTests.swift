import Testing
@testable import SimKernel
@testable import PushSim

/// Staging into segments of time (`beginStaging(segments:)`, a fleet's day): the run is the
/// one staging into one list gives, and a segment's storage goes once the list has passed it.
@Suite("EventQueue: staged segments")
struct EventQueueSegmentTests {
    /// The same random schedule staged both ways (nested stagings, ranks, tiers, cancels
    /// while staging, shuffled ties on odd seeds), then run with the same random events
    /// scheduled and cancelled and the same horizons: every pop, clock and count agrees.
    @Test("Segments run every event as one staged list does, and are freed once passed")
    func segmentsMatchOneList() {
        var (pops, freed, cancels) = (0, 0, 0)
        for seed in UInt64(0)..<400 {
            var rng = SplitMix64(state: seed)
            var one = EventQueue<Int>(), cut = EventQueue<Int>()
            if seed % 2 == 1 { one.shuffleTies(salt: seed); cut.shuffleTies(salt: seed) }
            let width = SimDuration(microseconds: Int64(1 + rng.below(60)))
            one.beginStaging()
            cut.beginStaging(segments: width)
            var ids: [EventID] = []
            for _ in 0..<(1 + rng.below(6)) {
                one.beginStaging(); cut.beginStaging()
                for _ in 0..<rng.below(70) {
                    let (t, tier, rank) = (SimTime(microseconds: Int64(rng.below(1_000))), UInt8(rng.below(16)), UInt32(rng.below(3) == 0 ? 1 : 0))
                    let payload = ids.count
                    ids.append(one.schedule(at: t, tier: tier, rank: rank, payload))
                    #expect(cut.schedule(at: t, tier: tier, rank: rank, payload) == ids.last)
                }
                if !ids.isEmpty, rng.percent(50) {
                    let id = ids[Int(rng.below(UInt64(ids.count)))]
                    #expect(one.cancel(id) == cut.cancel(id))
                }
                one.endStaging(); cut.endStaging()
            }
            one.endStaging(); cut.endStaging()
            #expect(cut.pendingCount == one.pendingCount)
            let segments = cut.laneLater.count
            var fewest = segments
            for step in 0..<400 {
                let roll = rng.below(10)
                if roll < 3 {
                    let at = one.now + .microseconds(Int64(rng.below(300)))
                    let payload = ids.count
                    let tier = UInt8(rng.below(16))
                    ids.append(one.schedule(at: at, tier: tier, payload))
                    #expect(cut.schedule(at: at, tier: tier, payload) == ids.last)
                } else if roll < 4, !ids.isEmpty {
                    let id = ids[Int(rng.below(UInt64(ids.count)))]
                    let done = one.cancel(id)
                    #expect(cut.cancel(id) == done)
                    if done { cancels += 1 }
                } else {
                    let horizon = one.now + .microseconds(Int64(rng.below(40)))
                    let a = one.next(until: horizon), b = cut.next(until: horizon)
                    #expect(a == b, "seed \(seed) step \(step)")
                    if a != nil { pops += 1 }
                }
                #expect(one.now == cut.now && one.pendingCount == cut.pendingCount)
                fewest = min(fewest, cut.laneLater.count)
                if step % 50 == 0 { #expect(cut.firstInvariantViolation() == nil, "seed \(seed): \(cut.firstInvariantViolation() ?? "")") }
            }
            while let a = one.next(until: .distantFuture) { #expect(cut.next(until: .distantFuture) == a); pops += 1 }
            // Cancelled entries left in later segments go when the list reaches them.
            #expect(cut.next(until: .distantFuture) == nil)
            #expect(cut.isEmpty && cut.laneLater.isEmpty && cut.firstInvariantViolation() == nil)
            if fewest < segments { freed += 1 }
        }
        #expect(pops > 50_000 && cancels > 1_000)
        #expect(freed > 300)   // most runs pass segments before draining
    }
}
