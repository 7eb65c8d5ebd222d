import Foundation
import Testing

/// `scripts/crash-consistency.py` (`make crash-test`, 200 kills) on a fixed seed and a few
/// kills, with this build's `pushsim`: every trial must leave the old or the new complete
/// set, no stale point, and a rerun must complete it.
@Suite struct CrashConsistencyScriptTests {
    @Test("15 kills of runs, sweeps, shards and merges (seed 1): no mixed set, no stale point")
    func fixedSeedSubset() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", scenarioURL("scripts/crash-consistency.py").path, "--kills", "15", "--seed", "1",
                             "--bin", Reliability.binary.path, "--work", dir.appendingPathComponent("work").path,
                             "--csv", dir.appendingPathComponent("trials.csv").path]
        process.environment = ProcessInfo.processInfo.environment.merging(["CI": "1"]) { $1 }
        let (status, output) = try runCaptured(process)
        #expect(status == 0, "\(output)")
        #expect(output.contains("15 trials") && output.contains(": 0 with a problem"), "\(output)")
        let rows = try String(contentsOf: dir.appendingPathComponent("trials.csv"), encoding: .utf8).split(separator: "\n")
        #expect(rows.count == 16)
        #expect(rows.dropFirst().filter { $0.contains(",killed,") }.count >= 8, "most trials are killed mid-command: \(rows)")
    }
}
