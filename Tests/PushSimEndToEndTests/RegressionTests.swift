import Foundation
import Testing
@testable import PushSim

/// Regression baselines: `pushsim compare` flags a moved convergence rate and passes an
/// unchanged one; the study still matches its committed baseline (the fast form of
/// `make regress`). `CompareSummaryTests` checks the other metrics.
@Suite struct RegressionTests {
    static let baseline = scenarioURL("Results/baselines/push-hint-study.summary.csv")

    @Test func studyMatchesItsCommittedBaseline() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(runCLI(["run", scenarioURL("Scenarios/push-hint-study.json").path, "--out", dir.path]).status == 0)
        let r = runCLI(["compare", Self.baseline.path, dir.appendingPathComponent("summary.csv").path])
        #expect(r.status == 0, "\(r.out)")
        #expect(r.out.contains("9 cells: nothing moved (family-wise alpha 0.001 over "), "\(r.out)")
    }

    /// Another seed is an honest rerun of the same model: nothing may move at the family-wise
    /// 0.001 (Holm over every metric of every cell), so this fails a correct model with
    /// probability at most 0.001 (outside `Family`; docs/testing.md).
    @Test func unchangedModelWithAnotherSeedPasses() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(runCLI(["run", scenarioURL("Scenarios/push-hint-study.json").path, "--out", dir.path, "--seed", "99"]).status == 0)
        let r = runCLI(["compare", Self.baseline.path, dir.appendingPathComponent("summary.csv").path])
        #expect(r.status == 0, "\(r.out)")
    }

    /// A planted change (the lossy channel loses 0.5 instead of 0.3: hintPull's rate drops
    /// by about 0.12, twelve standard errors at 1,000 replications) is flagged in the
    /// convergence rates of hintPull and applyPayload; only cells of the lossy variant move
    /// (the other variants' runs are the same runs: same seed, same channel).
    @Test func plantedChangeIsFlagged() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let text = String(decoding: try Data(contentsOf: scenarioURL("Scenarios/push-hint-study.json")), as: UTF8.self)
            .replacingOccurrences(of: #""loss": 0.3"#, with: #""loss": 0.5"#)
        let file = dir.appendingPathComponent("planted.json")
        try Data(text.utf8).write(to: file)
        #expect(runCLI(["run", file.path, "--out", dir.appendingPathComponent("out").path]).status == 0)
        let new = dir.appendingPathComponent("out/summary.csv")
        let r = runCLI(["compare", Self.baseline.path, new.path])
        #expect(r.status == 1)
        let moved = movedRows(r.out)
        for strategy in ["hintPull", "applyPayload"] {
            #expect(moved.contains { $0.hasPrefix("variant=lossy strategy=\(strategy) ") && $0.contains(" convergence_rate ") }, "\(r.out)")
        }
        #expect(!moved.isEmpty && moved.allSatisfy { $0.hasPrefix("variant=lossy ") }, "\(r.out)")
    }

    @Test func twoProportionPValues() {
        // 50/100 vs 70/100: z = 2.887 (pooled p = 0.6), two-sided p = 0.00389.
        #expect(abs(TwoProportionTest.pValue(successes: 50, trials: 100, successes: 70, trials: 100) - 0.003893) < 1e-5)
        #expect(TwoProportionTest.pValue(successes: 30, trials: 60, successes: 30, trials: 60) == 1)
        #expect(TwoProportionTest.pValue(successes: 100, trials: 100, successes: 50, trials: 50) == 1)
        #expect(TwoProportionTest.pValue(successes: 0, trials: 1000, successes: 10, trials: 1000) < 0.01)
    }

    @Test func pairedDifferenceIsNewcombesInterval() {
        // Fagerland, Lydersen and Laake, ch. 8 (Cavo et al. 2012): both 59, A only 6, B only 16,
        // neither 80: estimate −0.0621, 95% Newcombe square-and-add interval −0.1186 to −0.0046.
        var d = PairedDifference()
        for (count, a, b) in [(59, true, true), (6, true, false), (16, false, true), (80, false, false)] {
            for _ in 0..<count { d.add(a: a, b: b) }
        }
        #expect(abs(d.difference - -0.0621) < 5e-5)
        let ci = d.interval()
        #expect(abs(ci.low - -0.1186) < 5e-5 && abs(ci.high - -0.0046) < 5e-5)
        // A converges always, B in 90 of 100: the interval excludes 0 and contains 0.1.
        var e = PairedDifference()
        for i in 0..<100 { e.add(a: true, b: i >= 10) }
        #expect(e.difference == 0.1)
        let ce = e.interval()
        #expect(ce.low > 0 && ce.low < 0.1 && ce.high > 0.1 && ce.high <= 1)
        // No pair disagrees: the interval keeps the uncertainty of 100 replications (Wald: [0, 0]).
        var same = PairedDifference()
        for _ in 0..<100 { same.add(a: true, b: true) }
        let cs = same.interval()
        let wilsonLow = Statistics.wilsonInterval(successes: 100, trials: 100).low
        #expect(abs(cs.low - -(1 - wilsonLow)) < 1e-12 && abs(cs.high - (1 - wilsonLow)) < 1e-12 && cs.high > 0.03)
        var mixed = PairedDifference()
        for i in 0..<100 { mixed.add(a: i < 60, b: i < 60) }   // 60 both, 40 neither
        let cm = mixed.interval()
        #expect(cm.low < 0 && cm.high > 0 && cm.low == -cm.high)
    }
}
