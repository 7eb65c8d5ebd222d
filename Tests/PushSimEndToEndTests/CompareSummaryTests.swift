import Foundation
import Testing
@testable import PushSim

/// `pushsim compare` of two summaries over every metric (issue 35's acceptance): a planted
/// loss change of 0.1 moves stale time and pulls, not only the convergence rate; a replay
/// of the same model with other seeds moves nothing at the stated family-wise level.
@Suite struct CompareSummaryTests {
    /// A lossy channel and hintPull in the foreground for 30 minutes: 55 changes, one every
    /// 30 s over 5 keys. Each lost push leaves the screen stale until a later push arrives;
    /// each delivered one is a pull.
    static func scenario(loss: Double, seed: UInt64, replications: Int) -> String {
        """
        {"name": "planted-loss", "seed": \(seed), "replications": \(replications), "horizon": "30m",
         "server": {"keys": 5, "retainLast": 8, "changes": {"count": 55, "start": "10s", "interval": "30s"}},
         "device": {"app": {"initialState": "foreground",
                            "opens": {"gap": {"kind": "exponential", "mean": 5, "unit": "m"}, "session": "2m"}}},
         "strategies": ["hintPull"],
         "variants": [{"name": "lossy", "channel": {"kind": "lossy", "loss": \(loss), "duplicate": 0.1,
                                                    "delay": {"kind": "uniformInt", "min": 0, "max": 4, "unit": "s"}}}]}
        """
    }

    /// Runs the scenario into `dir/name/` and returns that folder.
    static func run(_ name: String, in dir: URL, loss: Double, seed: UInt64, replications: Int, runs: Bool = false) throws -> URL {
        let file = dir.appendingPathComponent("\(name).json"), out = dir.appendingPathComponent(name)
        try Data(scenario(loss: loss, seed: seed, replications: replications).utf8).write(to: file)
        let r = runCLI(["run", file.path, "--out", out.path, "--quiet", "--no-plot"] + (runs ? [] : ["--runs", "none"]))
        try #require(r.status == 0, "\(r.err)")
        return out
    }

    /// The seed moved by `make test-reseed`'s offset, as `Family.reseeded` moves a scenario's.
    static func seed(_ s: UInt64) -> UInt64 { s &+ Family.reseed &* 1_000_003 }

    /// Loss 0.3 → 0.4 with the same seed, 3,000 runs a side. Seed 11 gives: convergence
    /// 0.710 → 0.590 (z = −9.7), stale time 294 → 376 s (t = 24), pulls 38.4 → 33.0 a run
    /// (the sign test: 2,847 of 3,000 runs pull less). The expected effects are about that
    /// size for any seed (a rate drop of about 0.115 is 9.4 standard errors at 3,000 runs),
    /// against Holm's strictest level 0.001/8 (|z| > 3.84): a correct compare misses one
    /// with probability below 10⁻⁸.
    @Test("a planted loss change of 0.1 moves stale time, pulls and the convergence rate (exit 1)")
    func plantedLossChange() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let base = try Self.run("base", in: dir, loss: 0.3, seed: Self.seed(11), replications: 3000, runs: true)
        let lossier = try Self.run("lossier", in: dir, loss: 0.4, seed: Self.seed(11), replications: 3000, runs: true)
        let (a, b) = (base.appendingPathComponent("summary.csv").path, lossier.appendingPathComponent("summary.csv").path)
        let r = runCLI(["compare", a, b])
        #expect(r.status == 1, "\(r.out)\(r.err)")
        #expect(r.out.hasPrefix("1 cell: moved in ") && r.out.contains("(family-wise alpha 0.001 over "), "\(r.out)")
        let moved = movedRows(r.out)
        for metric in ["convergence_rate", "mean_stale_screen_s", "mean_freshness_p95_s"] {
            #expect(moved.contains { $0.contains(" \(metric) ") }, "\(metric) not flagged:\n\(r.out)")
        }
        // The library's view of the same files: the direction of each change.
        let x = try SummaryCells.read(Array(try Data(contentsOf: URL(fileURLWithPath: a))), file: a, intervals: false)
        let y = try SummaryCells.read(Array(try Data(contentsOf: URL(fileURLWithPath: b))), file: b, intervals: false)
        let c = SummaryComparison.compare(baseline: x, current: y, alpha: 0.001)
        let byMetric = Dictionary(c.moved.map { ($0.metric, $0) }, uniquingKeysWith: { f, _ in f })
        #expect((byMetric["convergence_rate"]?.difference ?? 0) < 0 && (byMetric["mean_stale_screen_s"]?.difference ?? 0) > 0)
        // mean_pulls has its interval in summary.csv: the summaries themselves show it.
        #expect(x.means.contains { $0.name == "mean_pulls" } && (byMetric["mean_pulls"]?.difference ?? 0) < 0, "mean_pulls not flagged:\n\(r.out)")
        let paired = try PairedRunComparison.compare(Array(try Data(contentsOf: base.appendingPathComponent("runs.csv"))), "base",
                                                     Array(try Data(contentsOf: lossier.appendingPathComponent("runs.csv"))), "lossier")
        let pulls = try #require(paired.moves.first { $0.column == "pulls" }, "\(paired.text())")
        #expect(pulls.meanDifference < 0 && pulls.down > pulls.up && (pulls.interval?.upperBound ?? 0) < 0)
        #expect(paired.moves.contains { $0.column == "stale_screen_s" && $0.meanDifference > 0 }, "\(paired.text())")
    }

    /// Six replays of the same model with other seeds (1,000 runs each) against one
    /// baseline: each compare runs at this test's share of the target's family-wise error
    /// (`Family`, α = 0.001 / (tests × 6) ≈ 6.9·10⁻⁶), and Holm holds each compare's whole
    /// family of tests at that α. So a correct compare fails this test with probability at
    /// most 6α ≈ 4.2·10⁻⁵ (the normal and t approximations of the tests taken as exact).
    @Test("a replay with other seeds moves nothing at the stated family-wise level (exit 0 for each of 6 seeds)")
    func replayWithOtherSeeds() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let family = Family(checks: 6)
        let base = try Self.run("base", in: dir, loss: 0.3, seed: Self.seed(11), replications: 1000).appendingPathComponent("summary.csv")
        for k in 1...6 {
            let replay = try Self.run("replay\(k)", in: dir, loss: 0.3, seed: Self.seed(11 + 7919 * UInt64(k)), replications: 1000)
            let alpha = family.check()
            let r = runCLI(["compare", base.path, replay.appendingPathComponent("summary.csv").path, "--alpha", "\(alpha)"])
            #expect(r.status == 0 && r.out.hasPrefix("1 cell: nothing moved (family-wise alpha \(SummaryComparison.number(alpha)) over "),
                    "seed \(k): exit \(r.status)\n\(r.out)\(r.err)")
        }
        #expect(family.done)
    }
}
