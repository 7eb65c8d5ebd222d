import Testing
@testable import SimKernel

/// A plain payload of 10 bytes, as PushSim's `WorldEvent`: an enum with payloads of
/// different sizes (the tag after them).
private enum Event: Equatable {
    case change(key: Int32, schedule: Int32)
    case online(Bool)
    case open(length: Int64)
    case deliver(id: Int64, copy: Int8)
    case plain
}

/// A seeded generator for the schedules (SplitMix64).
private struct Mix: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ z >> 30) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ z >> 27) &* 0x94D0_49BB_1331_11EB
        return z ^ z >> 31
    }
}

@Suite("EventQueue: packed staged list")
struct EventQueuePackedStagedTests {
    /// One seeded schedule: a staged timeline (ties, tiers, ranks, big and small gaps, every
    /// case), events scheduled while it runs, some cancelled; packed after `packAfter` pops
    /// (nil: never), staged again after `restageAfter` pops. Returns what ran, in order,
    /// with its time and the pending count before each pop.
    private func run(seed: UInt64, packAfter: Int?, restageAfter: Int?, salt: UInt64) -> [String] {
        var g = Mix(state: seed)
        var q = EventQueue<Event>(reservingCapacity: 8)
        q.shuffleTies(salt: salt)
        let count = Int(g.next() % 60) + 2
        var times: [Int64] = []
        q.beginStaging()
        var t: Int64 = 0
        var doomed: [EventID] = []
        for i in 0..<count {
            // Gaps of 0 (ties), microseconds, or hours.
            switch g.next() % 4 { case 0: break; case 1: t += Int64(g.next() % 1_000); default: t += Int64(g.next() % 20_000_000_000) }
            let event: Event
            switch g.next() % 5 {
            case 0: event = .change(key: Int32(g.next() % 4), schedule: Int32(g.next() % 3))
            case 1: event = .online(g.next() % 2 == 0)
            case 2: event = .open(length: Int64(g.next() % 200_000_000))
            case 3: event = .deliver(id: Int64(g.next() % 1_000_000), copy: Int8(truncatingIfNeeded: g.next()))
            default: event = .plain
            }
            let rank = g.next() % 5 == 0 ? UInt32(truncatingIfNeeded: g.next()) | 1 : 0
            let id = q.schedule(at: .zero + .microseconds(t), tier: UInt8(g.next() % 16), rank: rank, event)
            if i % 7 == 3 { doomed.append(id) }
            times.append(t)
        }
        q.endStaging()
        for id in doomed { q.cancel(id) }
        var log: [String] = []
        var pops = 0
        if packAfter == 0 { q.packStaged(); q.checkInvariants() }
        while true {
            let pending = q.pendingCount
            guard let e = q.next(until: .distantFuture) else { break }
            pops += 1
            log.append("\(q.now.microseconds) \(e) \(pending)")
            if pops % 5 == 0 { q.schedule(at: q.now + .microseconds(Int64(g.next() % 5_000)), tier: 3, .plain) }
            if pops == packAfter { q.packStaged(); q.checkInvariants() }
            if pops == restageAfter {
                q.beginStaging()
                q.schedule(at: q.now + .seconds(1), tier: 1, .online(true))
                q.schedule(at: q.now, tier: 2, .change(key: 9, schedule: 9))
                q.endStaging()
                q.checkInvariants()
            }
        }
        #expect(q.pendingCount == 0)
        return log
    }

    @Test("Packing at any point changes no event's turn, payload or the pending count", arguments: [0, 0x5EED_0001])
    func packedRunsTheSame(salt: UInt64) {
        for seed in UInt64(1)...300 {
            let plain = run(seed: seed, packAfter: nil, restageAfter: nil, salt: salt)
            for packAfter in [0, 1, 3, 17] {
                #expect(run(seed: seed, packAfter: packAfter, restageAfter: nil, salt: salt) == plain, "seed \(seed), packed after \(packAfter)")
            }
            let restaged = run(seed: seed, packAfter: nil, restageAfter: 4, salt: salt)
            #expect(run(seed: seed, packAfter: 1, restageAfter: 4, salt: salt) == restaged, "seed \(seed), staged again while packed")
        }
    }

    @Test("A day's timeline packs into fewer than half its bytes, and the codes are given back as it is consumed")
    func packedIsSmaller() {
        var q = EventQueue<Event>()
        q.beginStaging()
        // 40 entries about an hour apart: changes, connectivity, app opens.
        for i in 0..<40 {
            let t = SimTime.zero + .seconds(Int64(i) * 2_137 + 11)
            let event: Event = i % 3 == 0 ? .change(key: Int32(i % 4), schedule: 0) : i % 3 == 1 ? .online(i % 2 == 0) : .open(length: 60_000_000)
            q.schedule(at: t, tier: UInt8(i % 3), event)
        }
        q.endStaging()
        q.packStaged()
        #expect(q.lane.count == 1 && q.packed.remaining == 39)
        let perEntry = Double(q.packed.bytes.count - 8) / 39
        #expect(perEntry < 16, "\(perEntry) bytes an entry")
        #expect(q.packed.bytes.capacity < q.packed.bytes.count + 32)
        var peak = q.packed.bytes.count
        for _ in 0..<30 { _ = q.next(until: .distantFuture) }
        #expect(q.packed.bytes.count < peak / 2 + 32, "consumed codes given back")
        peak = q.packed.bytes.count
        while q.next(until: .distantFuture) != nil {}
        #expect(q.packed.remaining == 0 && q.pendingCount == 0)
    }

    @Test("A payload that is not a plain value is not packed")
    func referencePayloadIsLeftAlone() {
        var q = EventQueue<String>()
        q.beginStaging()
        for i in 0..<10 { q.schedule(at: .zero + .seconds(Int64(i)), "event \(i)") }
        q.endStaging()
        q.packStaged()
        #expect(q.packed.remaining == 0 && q.lane.count == 10)
        var seen: [String] = []
        while let e = q.next(until: .distantFuture) { seen.append(e) }
        #expect(seen == (0..<10).map { "event \($0)" })
    }

    @Test("Packing while staging is refused")
    func packWhileStagingTraps() async {
        await #expect(processExitsWith: .failure) {
            var q = EventQueue<Int>()
            q.beginStaging()
            q.packStaged()
        }
    }
}
