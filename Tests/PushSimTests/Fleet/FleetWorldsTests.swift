import Foundation
import SimKernel
import Testing
@testable import PushSim

@Suite("FleetWorlds")
struct FleetWorldsTests {
    /// A day of one recipient with FCM, Doze, drawn connectivity and app opens: worlds whose
    /// values change at every step (counts, times, the queue, the channel's state), with 4
    /// keys or 20.
    private static let scenario = scenario(keys: 4)
    private static func scenario(keys: Int) -> Scenario { try! Scenario.decode(Data("""
        {"name": "fleet-worlds", "seed": 3, "replications": 1, "horizon": "1d",
         "server": {"keys": \(keys), "retainLast": 50, "changes": {"count": 30, "start": "10m", "gap": {"kind": "exponential", "mean": 1, "unit": "h"}}},
         "device": {"platform": "android",
                    "connectivity": {"online": {"kind": "exponential", "mean": 3, "unit": "h"}, "offline": {"kind": "exponential", "mean": 20, "unit": "m"}},
                    "app": {"opens": {"gap": {"kind": "exponential", "mean": 2, "unit": "h"}, "session": {"kind": "uniform", "min": 20, "max": 120, "unit": "s"}}}},
         "strategies": ["recommended"], "variants": [{"name": "v", "channel": {"kind": "fcm"}}]}
        """.utf8), file: "fleet-worlds.json") }

    private static func world(_ replication: Int, streams: RandomStreams? = nil, scenario: Scenario = scenario) -> World {
        let simulation = Simulation(scenario: scenario)
        let streams = streams ?? RandomStreams(generator: scenario.generator, seed: scenario.seed, replication: replication)
        return Simulation.world(channel: scenario.variants[0].channel, strategy: scenario.strategies[0].prototype,
                                setup: simulation.setup(variant: 0), streams: streams, trace: NoTrace())
    }

    /// The same worlds run side by side, plain and in the store (each step a recipient
    /// running to the next quarter hour, with a read of another recipient and a change to a
    /// third nested in it), with streams of their own or one shared set resumed per
    /// recipient, with 4 or 20 keys: the same outcomes, event for event (fingerprints).
    @Test("A stored world runs exactly as a plain one", arguments: [(false, 4), (true, 4), (true, 20)])
    func storedRunsTheSame(shared: Bool, keys: Int) {
        let n = 12, first = 40
        let scenario = Self.scenario(keys: keys)
        var plain = (0..<n).map { Self.world(first + $0, scenario: scenario) }
        let streams = shared ? RandomStreams(generator: scenario.generator, seed: scenario.seed, replication: first) : nil
        streams?.share(recipients: n, firstReplication: first)
        let stored = FleetWorlds(count: n, streams: streams)
        for r in 0..<n {
            streams?.load(recipient: r)
            stored.store(r, Self.world(first + r, streams: streams, scenario: scenario))
        }
        let horizon = SimTime.zero + .days(1)
        var t = SimTime.zero
        while t < horizon {
            t = t + .minutes(15)
            for r in 0..<n {
                Simulator.run(&plain[r], until: t)
                // Nested in r's access: another recipient read, and a third changed (a count
                // raised, a draw from its client stream, which moves its later draws), the
                // same as done to the plain worlds.
                let third = (r + 5) % n
                plain[third].observer.counts[.taps] += 1
                let drawn = plain[third].clientRandom.uniform()
                let (next, after) = stored.withWorld(r) { w -> (SimTime?, Double) in
                    Simulator.run(&w, until: t)
                    let otherTime = stored.read((r + 1) % n) { $0.queue.now }
                    #expect(otherTime <= t)
                    stored.withWorld(third) { o in
                        o.observer.counts[.taps] += 1
                        #expect(o.clientRandom.uniform() == drawn)
                    }
                    // After the nested access, r draws where it left its own stream.
                    return (w.queue.nextTime, w.clientRandom.uniform())
                }
                #expect(next == plain[r].queue.nextTime)
                #expect(after == plain[r].clientRandom.uniform())
                #expect(!shared || stored.isLoaded(r))
            }
        }
        for r in (0..<n).reversed() {
            var w = stored.take(r)
            let a = plain[r].finish(at: horizon), b = w.finish(at: horizon)
            #expect(a.fingerprint == b.fingerprint && a == b, "recipient \(r)")
            #expect(a.counts[.events] > 20)
        }
    }

    /// Two recipients (replications `first`, `first` + 1) stored on one shared set of
    /// streams, as a fleet builds them; `built` runs on each world before it is stored.
    private static func sharedStore(first: Int, built: (inout World) -> Void) -> FleetWorlds {
        let streams = RandomStreams(generator: scenario.generator, seed: scenario.seed, replication: first)
        streams.share(recipients: 2, firstReplication: first)
        let store = FleetWorlds(count: 2, streams: streams)
        for r in 0..<2 {
            streams.load(recipient: r)
            var w = world(first + r, streams: streams)
            built(&w)
            store.store(r, w)
        }
        return store
    }

    /// Recipients whose profiles use different streams: a stream only recipient 0 has drawn
    /// from (created after recipient 1's last draw) must still be at position 0 for
    /// recipient 1 when it first draws from it, so its draws are those of a fresh stream
    /// of recipient 1's replication (counter-based streams: the value at a position is fixed).
    @Test("A stream another recipient drew from starts at its first draw for a recipient that never did")
    func unusedStreamStartsAtZero() {
        let first = 40
        let store = Self.sharedStore(first: first) { _ in }
        store.withWorld(0) { w in for _ in 0..<3 { _ = w.streams.stream("test.only-recipient-0").uniform() } }
        let drawn = store.withWorld(1) { w in w.streams.stream("test.only-recipient-0").uniform() }
        let fresh = RandomStreams(generator: Self.scenario.generator, seed: Self.scenario.seed, replication: first + 1).stream("test.only-recipient-0").uniform()
        #expect(drawn == fresh)
        // Recipient 0 goes on from its fourth draw.
        let fourth = RandomStreams(generator: Self.scenario.generator, seed: Self.scenario.seed, replication: first).stream("test.only-recipient-0")
        for _ in 0..<3 { _ = fourth.uniform() }
        #expect(store.withWorld(0) { w in w.streams.stream("test.only-recipient-0").uniform() } == fourth.uniform())
    }

    /// Positions of more streams than a recipient's room (8 at first) are kept: the room
    /// widens for every recipient, each keeping its own, a stream created after a
    /// recipient's last load at 0 for it; a load saves only what was drawn since the last.
    @Test("Stream positions survive the room widening past 8 streams")
    func positionsWiden() {
        let streams = RandomStreams(generator: Self.scenario.generator, seed: 3, replication: 10)
        streams.share(recipients: 3, firstReplication: 10)
        func draw(_ count: Int, _ times: (Int) -> Int) -> [UInt64] {
            for i in 0..<count { for _ in 0..<times(i) { _ = streams.stream("s\(i)").uniform() } }
            return (0..<streams.count).map { streams.position(of: $0) }
        }
        streams.load(recipient: 1)
        #expect(streams.replication == 11)
        let one = draw(8) { $0 + 1 }
        streams.load(recipient: 2)
        let two = draw(12) { 2 * $0 + 1 }
        #expect(one.count == 8 && one.allSatisfy { $0 > 0 })
        let drawnTwice: [UInt64] = (0..<12).map { (i: Int) -> UInt64 in UInt64(2 * i + 1) }
        #expect(two == drawnTwice)
        streams.load(recipient: 1)
        #expect((0..<12).map { streams.position(of: $0) } == one + Array(repeating: 0, count: 4))
        // Recipient 1 draws from one stream only; recipient 2's other positions stay.
        _ = streams.stream("s3").uniform()
        streams.load(recipient: 2)
        #expect((0..<12).map { streams.position(of: $0) } == two)
        streams.load(recipient: 1)
        #expect(streams.position(of: 3) == one[3] + 1)
        streams.load(recipient: 0)
        #expect(streams.replication == 10)
        #expect((0..<12).allSatisfy { streams.position(of: $0) == 0 })
    }

    /// Draws made by a world's streams before it is stored (its timeline's) are kept: its
    /// first access goes on from them, though another recipient's world was built on the
    /// same stream objects after it.
    @Test("A stored world's streams go on from where its build left them")
    func storeKeepsBuildDraws() {
        let first = 40
        let store = Self.sharedStore(first: first) { w in
            for _ in 0..<3 { _ = w.streams.stream("test.before-store").uniform() }
        }
        let fourth = RandomStreams(generator: Self.scenario.generator, seed: Self.scenario.seed, replication: first).stream("test.before-store")
        for _ in 0..<3 { _ = fourth.uniform() }
        #expect(store.withWorld(0) { $0.streams.stream("test.before-store").uniform() } == fourth.uniform())
    }

    @Test("A world taken can be stored again, and runs from where it was")
    func takeThenStoreAgain() {
        let store = FleetWorlds(count: 2)
        for r in 0..<2 { store.store(r, Self.world(r)) }
        var plain = Self.world(0)
        let t = SimTime.zero + .hours(6)
        store.withWorld(0) { Simulator.run(&$0, until: t) }
        Simulator.run(&plain, until: t)
        store.store(0, store.take(0))
        store.withWorld(0) { Simulator.run(&$0, until: t + .hours(6)) }
        Simulator.run(&plain, until: t + .hours(6))
        #expect(store.read(0) { $0.observer.fingerprint } == plain.observer.fingerprint)
    }

    @Test("A read of a world inside an access to it is refused")
    func nestedTwiceTraps() async {
        await #expect(processExitsWith: .failure) {
            let store = FleetWorlds(count: 3)
            for r in 0..<3 { store.store(r, Self.world(r)) }
            store.withWorld(0) { _ in
                store.withWorld(1) { _ in _ = store.read(1) { $0.queue.now } }
            }
        }
    }

    @Test("A change to a world inside a read of it is refused")
    func changeInsideReadTraps() async {
        await #expect(processExitsWith: .failure) {
            let store = FleetWorlds(count: 2)
            for r in 0..<2 { store.store(r, Self.world(r)) }
            store.read(1) { _ in store.withWorld(1) { $0.observer.counts[.taps] += 1 } }
        }
    }

    @Test("A take during an access is refused")
    func takeDuringAccessTraps() async {
        await #expect(processExitsWith: .failure) {
            let store = FleetWorlds(count: 2)
            for r in 0..<2 { store.store(r, Self.world(r)) }
            store.withWorld(0) { _ in _ = store.take(1) }
        }
    }

    @Test("Worlds still stored when the store goes are released with it")
    func storeReleasesItsWorlds() {
        weak var streams: RandomStreams?
        do {
            let store = FleetWorlds(count: 3)
            for r in 0..<3 {
                let w = Self.world(r)
                if r == 1 { streams = w.streams }
                store.store(r, w)
            }
            #expect(streams != nil)
            _ = store.take(0)
        }
        #expect(streams == nil)
    }
}
