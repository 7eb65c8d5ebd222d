import Foundation
import Testing
@testable import PushSim

/// `FleetOutcomes` keeps a fleet's outcomes deflated in blocks: what it gives back is what
/// went in, in order, across block boundaries (the last block open), and it holds far less
/// than the outcomes themselves.
@Suite struct FleetOutcomesTests {
    /// Outcomes of real runs: a lossy channel and Doze-free app use, so counts, durations,
    /// optionals and fingerprints all vary from run to run.
    private static func outcomes(_ count: Int) throws -> [RunOutcome] {
        let json = """
        {"name": "outcomes", "seed": 9, "replications": 1, "horizon": "2h",
         "server": {"keys": 4, "retainLast": 10, "changes": {"count": 30, "gap": {"kind": "exponential", "mean": 4, "unit": "m"}}},
         "device": {"app": {"opens": {"gap": {"kind": "exponential", "mean": 20, "unit": "m"},
                                      "session": {"kind": "uniform", "min": 10, "max": 90, "unit": "s"}}}},
         "strategies": ["applyPayload", "hintPull"],
         "variants": [{"name": "v", "channel": {"kind": "lossy", "loss": 0.3}}]}
        """
        let scenario = try Scenario.decode(Data(json.utf8), file: "outcomes.json")
        let simulation = Simulation(scenario: scenario)
        return (0 ..< count).map { simulation.run(.init(variant: 0, strategy: $0 % 2, replication: $0 / 2)) }
    }

    @Test(arguments: [0, 1, FleetOutcomes.block - 1, FleetOutcomes.block, 2 * FleetOutcomes.block + 7])
    func givesBackWhatWentIn(count: Int) throws {
        let all = try Self.outcomes(count)
        var store = FleetOutcomes()
        for o in all { store.append(o) }
        #expect(store.count == count)
        let back = store.all
        #expect(back.count == count)
        #expect(back == all)
        if count > 2 * FleetOutcomes.block {
            // Two sealed blocks and 7 open outcomes: the sealed ones at under a quarter of their size.
            let raw = MemoryLayout<RunOutcome>.stride
            #expect(store.storedBytes - 7 * raw < 2 * FleetOutcomes.block * raw / 4, "\(store.storedBytes) B")
        }
        // The runs differ, so an order mistake would show.
        if count > 2 { #expect(Set(all.map(\.fingerprint.hex)).count >= count / 2) }   // a replication per two runs
    }
}
