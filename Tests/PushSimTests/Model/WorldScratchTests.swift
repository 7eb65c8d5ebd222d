import Foundation
import Testing
@testable import SimKernel
@testable import PushSim

/// `WorldScratch`: one event list, one handlers' context and one set of drawing buffers,
/// shared by the worlds of one thread; the context and the buffers reached one access at
/// a time.
@Suite("World scratch")
struct WorldScratchTests {
    @Test("an access ends: the next one finds what it left, its lists' storage kept")
    func accessesFollowEachOther() {
        let scratch = WorldScratch()
        scratch.context { cx in
            cx.begin(now: .zero, cursor: 0, online: true, appState: .foreground, session: 1)
            for k in 0..<8 { cx.apply(Change(sequence: Int64(k + 1), key: 0, value: Int64(k + 1))) }
        }
        let kept = scratch.context { cx in (cx.appliedPayloads.count, cx.appliedPayloads.capacity) }
        #expect(kept.0 == 8)
        // Beginning anew empties the lists and keeps their storage: a handler that applies
        // payloads allocates nothing after the first.
        let after = scratch.context { cx in
            cx.begin(now: .zero + .seconds(1), cursor: 0, online: true, appState: .background, session: 1)
            return (cx.appliedPayloads.count, cx.appliedPayloads.capacity)
        }
        #expect(after.0 == 0 && after.1 == kept.1)
        scratch.timeline { $0.sessions.append(Session(at: .seconds(3), length: .seconds(5))) }
        #expect(scratch.timeline { $0.sessions.count } == 1)
    }

    @Test("a body that reaches the context or the buffers again traps (its invariants: one access at a time)")
    func nestedAccessTraps() async {
        await #expect(processExitsWith: .failure) { WorldScratchTests.reachInside(timeline: false) }
        await #expect(processExitsWith: .failure) { WorldScratchTests.reachInside(timeline: true) }
    }

    static func reachInside(timeline: Bool) {
        let scratch = WorldScratch()
        if timeline {
            scratch.timeline { _ in scratch.context { _ in } }
        } else {
            scratch.context { _ in scratch.timeline { _ in } }
        }
    }

    @Test("worlds that share one scratch run as worlds with their own (a fleet's recipients)")
    func sharedScratchRunsTheSame() throws {
        // Payloads applied, pulls and duplicates: every list of the context is used.
        let json = """
        {"name": "t", "seed": 9, "replications": 20, "horizon": "90s",
         "server": {"keys": 3, "retainLast": 4, "changes": {"count": 12, "start": "1s", "interval": "2s"}},
         "device": {"foreground": ["30s"]},
         "strategies": ["applyPayload", "hintPull", "hintPullForegroundSync"],
         "variants": [{"name": "a", "channel": {"kind": "lossy", "loss": 0.2, "duplicate": 0.3,
                                                "delay": {"kind": "uniformInt", "min": 0, "max": 3, "unit": "s"}}}]}
        """
        let scenario = try Scenario.decode(Data(json.utf8), file: "t.json")
        let setup = Simulation(scenario: scenario).setup(variant: 0)
        let scratch = WorldScratch()
        for strategy in scenario.strategies {
            let worldSetup = WorldSetup(setup, channel: scenario.variants[0].channel, strategy: strategy.prototype)
            for replication in stride(from: 0, to: scenario.replications, by: 2) {
                let streams = { (k: Int) in RandomStreams(generator: scenario.generator, seed: scenario.seed, replication: replication + k) }
                // Two worlds on one scratch, one event list, each world's events its own
                // (`owner` k), run a turn at a time in the list's order, as a fleet's are.
                scratch.queue = EventQueue(reservingCapacity: 16)
                var shared = (0..<2).map { k in
                    scratch.queue.owner = UInt32(k)
                    return World(setup: worldSetup, streams: streams(k), trace: NoTrace(), reusable: false, scratch: scratch)
                }
                var turns = 0
                while let (now, owner, _) = scratch.queue.nextKey, now <= worldSetup.horizon {
                    scratch.queue.owner = owner
                    Simulator.run(&shared[Int(owner)], turnOf: owner, until: now)
                    turns += 1
                }
                _ = scratch.queue.next(until: worldSetup.horizon)
                for k in 0..<2 {
                    var own = World(setup: worldSetup, streams: streams(k), trace: NoTrace())
                    let a = own.run(until: worldSetup.horizon)
                    #expect(a == shared[k].finish(at: worldSetup.horizon), "\(strategy.name), replication \(replication + k)")
                    #expect(a.counts[.events] > 0)
                    #expect(turns > 2)
                }
            }
        }
    }
}
