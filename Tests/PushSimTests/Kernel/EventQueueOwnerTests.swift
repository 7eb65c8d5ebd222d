import Testing
@testable import SimKernel

private func sec(_ seconds: Int64) -> SimTime { .zero + .seconds(seconds) }

/// One list of many owners (a fleet's recipients): each owner's events run in the order a
/// list of its own would give them, owners in turn at an equal time (docs/model.md, Fleets, Order).
@Suite("EventQueue: owners")
struct EventQueueOwnerTests {
    /// An event of the scripts below: its owner and its index in that owner's schedule.
    struct Tag: Equatable { var owner: UInt32, index: Int }

    @Test("At an equal time the lower owner runs first, whatever the ranks and tiers; then rank, tier and FIFO within an owner")
    func ownerBeforeRankAndTier() {
        var q = EventQueue<String>()
        q.owner = 2; q.schedule(at: sec(5), tier: 0, "2-tier0")
        q.owner = 1; q.schedule(at: sec(5), tier: 15, rank: 7, "1-rank7")
        q.owner = 1; q.schedule(at: sec(5), tier: 9, "1-tier9")
        q.owner = 0; q.schedule(at: sec(5), tier: 15, "0-tier15")
        q.owner = 1; q.schedule(at: sec(5), tier: 9, "1-tier9-later")
        q.owner = 3; q.schedule(at: sec(4), tier: 15, "3-earlier")
        var order: [String] = []
        while let e = q.next(until: .distantFuture) { order.append(e) }
        #expect(order == ["3-earlier", "0-tier15", "1-tier9", "1-tier9-later", "1-rank7", "2-tier0"])
    }

    /// Random schedules of four owners, each event scheduling more of its owner's at or after
    /// now (some at now, some cancelled): run through one list by turns, every owner's events
    /// come in the order its own list gives them, and the owners of an instant in order.
    @Test("Run by turns, one list gives every owner the run a list of its own gives it")
    func sharedListMatchesOwnLists() {
        var ties = 0, cancels = 0
        for seed in UInt64(0)..<300 {
            let owners: UInt32 = 4
            // Each owner's script: the same draws whichever list runs it.
            func script(_ owner: UInt32, _ q: inout EventQueue<Tag>, _ rng: inout SplitMix64, pending: inout [EventID], index: inout Int) {
                for _ in 0..<(1 + rng.below(3)) {
                    let delay = Int64(rng.below(4))   // many equal times
                    let tier = UInt8(rng.below(3)), rank = rng.percent(20) ? UInt32(1 + rng.below(3)) : 0
                    pending.append(q.schedule(at: q.now + .seconds(delay), tier: tier, rank: rank, Tag(owner: owner, index: index)))
                    index += 1
                }
                if rng.percent(15), !pending.isEmpty, q.cancel(pending.remove(at: rng.below(pending.count))) { cancels += 1 }
            }
            // Own lists.
            var expected: [[Int]] = []
            for o in 0..<owners {
                var q = EventQueue<Tag>()
                var rng = SplitMix64(state: seed &* 31 &+ UInt64(o)), pending: [EventID] = [], index = 0, got: [Int] = []
                q.beginStaging(); script(o, &q, &rng, pending: &pending, index: &index); q.endStaging()
                while got.count < 40, let e = q.next(until: sec(30)) { got.append(e.index); script(o, &q, &rng, pending: &pending, index: &index) }
                expected.append(got)
            }
            // One list, by turns.
            var shared = EventQueue<Tag>()
            var rngs = (0..<owners).map { SplitMix64(state: seed &* 31 &+ UInt64($0)) }
            var pendings = Array(repeating: [EventID](), count: Int(owners)), indices = Array(repeating: 0, count: Int(owners))
            var got = Array(repeating: [Int](), count: Int(owners))
            shared.beginStaging()
            for o in 0..<owners { shared.owner = o; script(o, &shared, &rngs[Int(o)], pending: &pendings[Int(o)], index: &indices[Int(o)]) }
            shared.endStaging()
            var last: (SimTime, UInt32)? = nil
            while let (t, o, _) = shared.nextKey, t <= sec(30) {
                if let last { #expect(last.0 < t || (last.0 == t && last.1 < o), "turns in (time, owner) order") }
                if last?.0 == t { ties += 1 }
                last = (t, o)
                shared.owner = o
                while let e = shared.next(until: t, owner: o) {
                    #expect(e.owner == o)
                    if got[Int(o)].count < 40 {
                        got[Int(o)].append(e.index)
                        script(o, &shared, &rngs[Int(o)], pending: &pendings[Int(o)], index: &indices[Int(o)])
                    }
                }
            }
            for o in 0..<Int(owners) { #expect(got[o] == expected[o], "seed \(seed), owner \(o)") }
            shared.checkInvariants()
        }
        #expect(ties > 1_000 && cancels > 100)
    }

    @Test("next(until:owner:) stops at another owner's event or a later one, and then leaves now alone")
    func turnStops() {
        var q = EventQueue<String>()
        q.owner = 1; q.schedule(at: sec(3), "1-a")
        q.owner = 2; q.schedule(at: sec(3), "2-a")
        q.owner = 1; q.schedule(at: sec(4), "1-b")
        #expect(q.next(until: sec(10), owner: 2) == nil)   // owner 1 is first
        #expect(q.now == .zero)
        #expect(q.next(until: sec(2), owner: 1) == nil)    // not due yet
        #expect(q.now == .zero)
        #expect(q.next(until: sec(3), owner: 1) == "1-a")
        #expect(q.next(until: sec(3), owner: 1) == nil)    // owner 2 at 3 s comes first
        #expect(q.nextKey.map { [$0.time.microseconds, Int64($0.owner)] } == [3_000_000, 2])
        #expect(q.next(until: sec(3), owner: 2) == "2-a")
        #expect(q.next(until: sec(3), owner: 1) == nil)    // 1-b is later
        #expect(q.now == sec(3) && q.pendingCount == 1)
    }

    @Test("A turn runs what the handler schedules for its owner at now, not another owner's")
    func simulatorTurn() {
        var q = EventQueue<String>()
        q.owner = 0; q.schedule(at: sec(1), "0-a")
        q.owner = 1; q.schedule(at: sec(1), "1-a")
        q.owner = 0
        var seen: [String] = []
        var driver = QueueDriver(queue: q) { q, name in
            seen.append(name)
            if name == "0-a" { q.schedule(at: q.now, "0-spawned") }
        }
        Simulator.run(&driver, turnOf: 0, until: sec(1))
        #expect(seen == ["0-a", "0-spawned"])
        #expect(driver.queue.pendingCount == 1 && driver.queue.nextKey?.owner == 1)
    }

    @Test("Stagings nest: the list is sorted when the outermost ends, and runs as one staging would")
    func nestedStaging() {
        var q = EventQueue<String>()
        q.beginStaging()
        q.owner = 1; q.beginStaging(); q.schedule(at: sec(2), "1-late"); q.schedule(at: sec(1), "1-early"); q.endStaging()
        #expect(q.pendingCount == 2)
        q.owner = 0; q.beginStaging(); q.schedule(at: sec(2), "0-late"); q.endStaging()
        q.endStaging()
        q.checkInvariants()
        var order: [String] = []
        while let e = q.next(until: .distantFuture) { order.append(e) }
        #expect(order == ["1-early", "0-late", "1-late"])
    }

    @Test("Events handed to owners after a turn, at its instant, run before the later owners of that instant: the lower owner's again, then the same owner's")
    func handedAtTheTurnsInstant() {
        var q = EventQueue<String>()
        q.owner = 2; q.schedule(at: sec(1), "2-a")
        q.owner = 3; q.schedule(at: sec(1), "3-a")
        #expect(q.next(until: sec(1), owner: 2) == "2-a")
        #expect(q.next(until: sec(1), owner: 2) == nil)
        // After the turn: a pull answer for owner 0 and one for owner 2, at the instant.
        q.owner = 2; q.schedule(at: sec(1), "2-answer")
        q.owner = 0; q.schedule(at: sec(1), "0-answer")
        var order: [String] = []
        while let (t, o, _) = q.nextKey, t <= sec(1) { while let e = q.next(until: t, owner: o) { order.append(e) } }
        #expect(order == ["0-answer", "2-answer", "3-a"])
    }

    @Test("Shuffled ties are keyed by the owner's own count: an owner lent the list in turns gets the order a list of its own gives it")
    func shuffledByOwnerSequence() {
        // Owner 1's events, all at one instant and tier, interleaved with owner 0's in one
        // list (its count carried across), and alone in a list of its own.
        var own = EventQueue<Int>()
        own.shuffleTies(salt: 0xABCD)
        for i in 0..<50 { own.schedule(at: sec(1), i) }
        var alone: [Int] = []
        while let e = own.next(until: sec(1)) { alone.append(e) }
        #expect(alone != Array(0..<50), "the salt shuffles")

        var shared = EventQueue<Int>()
        var count: UInt64 = 0
        for i in 0..<50 {
            shared.owner = 0; shared.shuffleTies(salt: 7); shared.ownerSequence = UInt64(i); shared.schedule(at: sec(1), 1_000 + i)
            shared.owner = 1; shared.shuffleTies(salt: 0xABCD); shared.ownerSequence = count; shared.schedule(at: sec(1), i)
            count = shared.ownerSequence
        }
        var together: [Int] = []
        while let e = shared.next(until: sec(1)) { if e < 1_000 { together.append(e) } }
        #expect(together == alone)
    }
}
