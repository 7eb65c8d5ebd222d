import Foundation
import Testing
@testable import PushSim

/// A worker's reused worlds (`RunWorkspace`, `World.reset`) run exactly what fresh worlds
/// run: for every reference scenario, runs taken in a scrambled order through one
/// workspace have the outcomes (every count and the event fingerprint) of fresh runs.
@Suite struct WorldReuseTests {
    static let folders = ["Scenarios", "Scenarios/cases", "Scenarios/order-status", "Scenarios/outbox", "Scenarios/platform"]

    static var references: [String] {
        folders.flatMap { folder in
            ((try? FileManager.default.contentsOfDirectory(atPath: scenarioURL(folder).path)) ?? [])
                .filter { $0.hasSuffix(".json") }.sorted().map { "\(folder)/\($0)" }
        }
    }

    @Test("reused worlds give fresh worlds' outcomes, in any order, for every reference")
    func reuseEqualsFresh() throws {
        let files = Self.references
        #expect(files.count >= 50)
        for file in files {
            var (scenario, _) = try Scenario.load(path: scenarioURL(file).path)
            scenario.replications = min(scenario.replications, 6)
            let simulation = Simulation(scenario: scenario)
            let workspace = RunWorkspace()
            // Scrambled: reversed, then every other run again (a world reset after another replication).
            let order = Array((0..<simulation.runCount).reversed()) + Array(stride(from: 0, to: simulation.runCount, by: 2))
            for i in order {
                let id = simulation.runID(at: i)
                #expect(simulation.run(id, workspace: workspace) == simulation.run(id), "\(file) run \(i)")
            }
            #expect(workspace.reuses == order.count - simulation.cellCount, "\(file)")
        }
    }

    @Test("shuffled ties and mt19937 streams are restarted too")
    func reuseWithShuffledTiesAndSeededStreams() throws {
        var (scenario, _) = try Scenario.load(path: scenarioURL("Scenarios/cases/C10.json").path)
        scenario.replications = 8
        scenario.generator = .mt19937
        let simulation = Simulation(scenario: scenario, shuffleTies: 7)
        let workspace = RunWorkspace()
        for i in (0..<simulation.runCount).reversed() {
            let id = simulation.runID(at: i)
            #expect(simulation.run(id, workspace: workspace) == simulation.run(id), "run \(i)")
        }
    }

    @Test("two workers reusing worlds across batches give the committed fingerprints")
    func reuseAcrossBatchesAndWorkers() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // 500 replications × 9 cells = 4,500 runs: two batches of ParallelRunner (4,096).
        let r = runCLI(["run", scenarioURL("Scenarios/push-hint-study.json").path, "--replications", "500", "--jobs", "2",
                        "--out", folder.path, "--quiet"])
        #expect(r.status == 0, "\(r.err)")
        let seen = try MT19937CompatibilityTests.runs(String(contentsOf: folder.appendingPathComponent("runs.csv"), encoding: .utf8), below: 500)
        let expected = try MT19937CompatibilityTests.runs(
            String(contentsOf: scenarioURL("Results/baselines/fingerprints/push-hint-study.csv"), encoding: .utf8), below: 500)
        #expect(seen.count == 4_500 && seen == expected)
    }
}
