import Foundation
import Testing
@testable import PushSim

/// The platform rule scenarios added after the mt19937 snapshots (`MT19937CompatibilityTests`;
/// S1, a 6,000-run study of its own, is left to `make regress`) keep their committed run fingerprints (Results/baselines/fingerprints, what `make
/// regress` compares) under the default generator: replications 0–9 (or all, when fewer),
/// so a change that moves only their event streams fails `make test`, not just `make regress`.
@Suite struct ReferenceFingerprintTests {
    static let names = ["A11", "A12", "F14", "F15", "I6", "I7", "I8"]

    @Test("a platform scenario without an mt19937 snapshot keeps its committed run fingerprints", arguments: names)
    func committedFingerprints(_ name: String) throws {
        let baseline = try String(contentsOf: scenarioURL("Results/baselines/fingerprints/\(name).csv"), encoding: .utf8)
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let replications = min(10, (CSV.parse(baseline).dropFirst().compactMap { Int($0[4]) }.max() ?? 0) + 1)
        let r = runCLI(["run", scenarioURL("Scenarios/platform/\(name).json").path, "--out", folder.path,
                        "--replications", "\(replications)", "--runs", "csv", "--no-plot", "--quiet"])
        #expect(r.status == 0, "\(r.err)")
        let expected = try MT19937CompatibilityTests.runs(baseline, below: replications)
        let seen = try MT19937CompatibilityTests.runs(String(contentsOf: folder.appendingPathComponent("runs.csv"), encoding: .utf8), below: replications)
        #expect(!expected.isEmpty && seen == expected,
                "\(name): \(zip(seen, expected).first { $0 != $1 }.map { "\($0) vs \($1)" } ?? "counts differ: \(seen.count) vs \(expected.count)")")
    }
}
