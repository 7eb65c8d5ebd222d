import CGSL
import Foundation
import Testing
@testable import PushSim

/// `pushsim compare`'s tests, effect sizes, Holm adjustment and ranking on hand-made files
/// whose expected values this test computes itself from GSL's distributions (the pooled z
/// and `gsl_cdf_ugaussian_Q` for a rate; the standard error from the printed 95% interval,
/// Welch's t and degrees of freedom and `gsl_cdf_tdist_Q` for a mean).
@Suite struct CompareRankingTests {
    static let header = "variant,strategy,replications,converged,convergence_rate,convergence_rate_ci_low,convergence_rate_ci_high,"
        + "runs_with_regression,regression_run_rate,mean_stale_screen_s,mean_stale_screen_s_ci_low,mean_stale_screen_s_ci_high,"
        + "mean_freshness_p95_s,mean_freshness_p95_s_ci_low,mean_freshness_p95_s_ci_high,mean_freshness_p95_s_runs,mean_pulls\n"
    /// Cell a moves a little everywhere; b's convergence drops, its freshness rises by 4 s and
    /// its stale time, the same in every run, goes from 60 to 61 s; c's, also the same in
    /// every run, from 10 to 40 s (a larger effect than b's, in a later cell); c has no
    /// freshness at all.
    static let baseline = header + "v,a,1000,500,0.5,0.469,0.531,100,0.1,20.0,19.0,21.0,5.0,4.8,5.2,400,3.0\n"
        + "v,b,1000,900,0.9,0.88,0.917,0,0,60.0,60.0,60.0,10.0,9.0,11.0,100,2.0\n"
        + "v,c,1000,1000,1,0.996,1,0,0,10.0,10.0,10.0,,,,0,1.0\n"
    static let current = header + "v,a,1000,560,0.56,0.529,0.591,100,0.1,21.5,20.4,22.6,5.1,4.9,5.3,500,3.1\n"
        + "v,b,1000,850,0.85,0.826,0.871,0,0,61.0,61.0,61.0,14.0,13.0,15.0,100,2.0\n"
        + "v,c,1000,1000,1,0.996,1,0,0,40.0,40.0,40.0,,,,0,1.0\n"

    /// One expected test: (cell, metric, p, effect, difference).
    struct Expected { var cell: String, metric: String, p: Double, effect: Double, difference: Double }

    static func rate(_ cell: String, _ metric: String, _ x1: Int, _ x2: Int, n: Int = 1000) -> Expected {
        let p1 = Double(x1) / Double(n), p2 = Double(x2) / Double(n), pooled = Double(x1 + x2) / Double(2 * n)
        let z = (p2 - p1) / (pooled * (1 - pooled) * 2 / Double(n)).squareRoot()
        return Expected(cell: "variant=v strategy=\(cell)", metric: metric, p: 2 * gsl_cdf_ugaussian_Q(abs(z)),
                        effect: 2 * asin(p2.squareRoot()) - 2 * asin(p1.squareRoot()), difference: p2 - p1)
    }

    /// A mean's test from the printed mean, interval and n on each side.
    static func mean(_ cell: String, _ metric: String, _ a: (Double, Double, Double, Int), _ b: (Double, Double, Double, Int)) -> Expected {
        func se(_ s: (Double, Double, Double, Int)) -> Double {
            let fromInterval = (s.2 - s.1) / 2 / gsl_cdf_tdist_Pinv(0.975, Double(s.3 - 1))
            return (fromInterval * fromInterval + 1e-12 / 12).squareRoot()   // and the rounding of %.6f
        }
        let (s1, s2) = (se(a), se(b)), d = b.0 - a.0
        let v1 = s1 * s1, v2 = s2 * s2, t = d / (v1 + v2).squareRoot()
        let df = (v1 + v2) * (v1 + v2) / (v1 * v1 / Double(a.3 - 1) + v2 * v2 / Double(b.3 - 1))
        let sd = ((Double(a.3 - 1) * v1 * Double(a.3) + Double(b.3 - 1) * v2 * Double(b.3)) / Double(a.3 + b.3 - 2)).squareRoot()
        return Expected(cell: "variant=v strategy=\(cell)", metric: metric, p: 2 * gsl_cdf_tdist_Q(abs(t), df), effect: d / sd, difference: d)
    }

    @Test("every rate and mean tested, ranked by p then |effect|, Holm-adjusted, with the values computed here")
    func rankingAndValues() throws {
        let expected = [
            Self.rate("a", "convergence_rate", 500, 560), Self.rate("a", "regression_run_rate", 100, 100),
            Self.mean("a", "mean_stale_screen_s", (20, 19, 21, 1000), (21.5, 20.4, 22.6, 1000)),
            Self.mean("a", "mean_freshness_p95_s", (5, 4.8, 5.2, 400), (5.1, 4.9, 5.3, 500)),
            Self.rate("b", "convergence_rate", 900, 850),
            Self.mean("b", "mean_stale_screen_s", (60, 60, 60, 1000), (61, 61, 61, 1000)),
            Self.mean("b", "mean_freshness_p95_s", (10, 9, 11, 100), (14, 13, 15, 100)),
            Self.mean("c", "mean_stale_screen_s", (10, 10, 10, 1000), (40, 40, 40, 1000)),
        ]
        // The ranking: p, then the larger |effect| (b's and c's stale times both have p = 0).
        let ranked = expected.sorted { $0.p != $1.p ? $0.p < $1.p : abs($0.effect) > abs($1.effect) }
        #expect(ranked.prefix(2).map(\.cell) == ["variant=v strategy=c", "variant=v strategy=b"] && ranked[0].p == 0 && ranked[1].p == 0)
        // Holm by hand over the 8 tests.
        var holm: [Double] = [], running = 0.0
        for (k, e) in ranked.enumerated() { running = max(running, min(1, Double(8 - k) * e.p)); holm.append(running) }

        let a = try SummaryCells.read(Array(Self.baseline.utf8), file: "a.csv", intervals: false)
        let b = try SummaryCells.read(Array(Self.current.utf8), file: "b.csv", intervals: false)
        let c = SummaryComparison.compare(baseline: a, current: b, alpha: 0.001)
        #expect(c.tests.map { "\($0.cell) \($0.metric)" } == ranked.map { "\($0.cell) \($0.metric)" })
        for (k, (t, e)) in zip(c.tests, ranked).enumerated() {
            #expect(abs(t.p - e.p) <= 1e-9 * e.p && abs(t.adjusted - holm[k]) <= 1e-9 * holm[k], "\(e.metric) of \(e.cell): p \(t.p) vs \(e.p)")
            #expect(abs(t.effect - e.effect) <= 1e-9 * abs(e.effect) && abs(t.difference - e.difference) < 1e-12, "\(e.metric) of \(e.cell)")
        }
        #expect(c.moved.count == 3 && c.constant == 3 && c.cellsWithoutInterval == 1 && c.meansWithoutInterval == ["mean_pulls"])
        // The intervals: Newcombe's from the two Wilson intervals, Welch's from t(0.975, df).
        let rateTest = try #require(c.tests.first { $0.cell == "variant=v strategy=a" && $0.metric == "convergence_rate" })
        let (w1, w2) = (Statistics.wilsonInterval(successes: 500, trials: 1000), Statistics.wilsonInterval(successes: 560, trials: 1000))
        let low = 0.06 - ((0.56 - w2.low) * (0.56 - w2.low) + (w1.high - 0.5) * (w1.high - 0.5)).squareRoot()
        let high = 0.06 + ((w2.high - 0.56) * (w2.high - 0.56) + (0.5 - w1.low) * (0.5 - w1.low)).squareRoot()
        #expect(abs(rateTest.interval.lowerBound - low) < 1e-12 && abs(rateTest.interval.upperBound - high) < 1e-12)
        let meanTest = try #require(c.tests.first { $0.cell == "variant=v strategy=b" && $0.metric == "mean_freshness_p95_s" })
        let df = try #require(meanTest.degreesOfFreedom)
        let se = 2 * ((1 / gsl_cdf_tdist_Pinv(0.975, 99)) * (1 / gsl_cdf_tdist_Pinv(0.975, 99)) + 1e-12 / 12)
        #expect(abs(df - 198) < 1e-6 && abs(meanTest.interval.upperBound - 4 - gsl_cdf_tdist_Pinv(0.975, df) * se.squareRoot()) < 1e-9)

        // The command prints the same order: the three that moved, then the next ones that
        // changed at all (a's regression rate, 100 of 1,000 on both sides, is not shown).
        let files = try CompareFiles()
        defer { files.remove() }
        let r = runCLI(["compare", try files.write("a.csv", Self.baseline), try files.write("b.csv", Self.current)])
        #expect(r.status == 1 && r.out.hasPrefix("3 cells: moved in 3 of 8 tests (family-wise alpha 0.001 over 8 tests, Holm; "
                                                  + "3 rates by the two-proportion test, 5 means by Welch's t)"), "\(r.out)")
        let printed = (movedRows(r.out) + tableRows(r.out, after: "  the next most significant")).map {
            $0.split(separator: " ").prefix(3).joined(separator: " ")
        }
        #expect(printed == ranked.filter { $0.difference != 0 }.map { "\($0.cell) \($0.metric)" } && printed.count == 7, "\(r.out)")
        for note in ["3 tests not made, nothing varies in either file", "1 cell mean not tested",
                     "no 95% interval (no standard error in summary.csv; compare --paired tests runs.csv): mean_pulls",
                     "rates tested: convergence_rate, regression_run_rate", "means tested (standard error from the 95% interval): "
                     + "mean_stale_screen_s, mean_freshness_p95_s"] {
            #expect(r.out.contains(note), "\(note)\n\(r.out)")
        }
        // b's convergence rate: 900 → 850 of 1000 is −5 points, z = −3.38.
        let bRow = try #require(tableRows(r.out, after: "  the next most significant").first, "\(r.out)")
        #expect(bRow.contains("0.9 (900/1000)") && bRow.contains("0.85 (850/1000)") && bRow.contains("-5 points") && bRow.contains("z = -3.38"), "\(bRow)")
    }

    @Test("--paired: the mean paired difference with its t-interval and d_z; ties in p ranked by |d_z|; Holm over the tests")
    func pairedRanking() throws {
        let header = "variant,strategy,replication,seed,converged,pulls,stale_screen_s,rejected_codes,fingerprint\n"
        let base = header + (0..<40).map { r in "v,s,\(r),1,1,3,100,,00000000000000ab\n" }.joined()
        // pulls: +1 in 29 runs and +4 in one (up 30, noisy); stale time: +10 s in 30 runs (up 30,
        // steadier: a larger d_z in a later column); converged: lost in 6 runs.
        let new = header + (0..<40).map { r in
            "v,s,\(r),1,\(r < 6 ? 0 : 1),\(r < 29 ? 4 : r == 29 ? 7 : 3),\(r < 30 ? 110 : 100),,00000000000000ab\n"
        }.joined()
        let result = try PairedRunComparison.compare(base, "base", new, "new")
        #expect(result.ranked.map(\.column) == ["stale_screen_s", "pulls", "converged"] && result.moves.map(\.column) == ["stale_screen_s", "pulls"])
        let p30 = 2 * 0x1p-30, p6 = 2 * 0x1p-6
        func close(_ x: [Double], _ y: [Double]) -> Bool { zip(x, y).allSatisfy { abs($0 - $1) <= 1e-12 * $1 } && x.count == y.count }
        #expect(close(result.ranked.map(\.p), [p30, p30, p6]) && result.ranked[0].p == result.ranked[1].p)
        #expect(close(result.ranked.map(\.adjusted), [3 * p30, 3 * p30, p6]))
        // Stale time: 30 differences of 10 and 10 of 0: mean 7.5, variance (30·2.5² + 10·7.5²)/39.
        let stale = result.ranked[0], variance = (30 * 6.25 + 10 * 56.25) / 39.0
        let half = gsl_cdf_tdist_Pinv(0.975, 39) * (variance / 40).squareRoot()
        #expect(stale.pairs == 40 && stale.up == 30 && stale.down == 0 && abs(stale.meanDifference - 7.5) < 1e-12)
        #expect(abs(stale.interval!.lowerBound - (7.5 - half)) < 1e-9 && abs(stale.interval!.upperBound - (7.5 + half)) < 1e-9)
        #expect(abs(stale.effect - 7.5 / variance.squareRoot()) < 1e-12 && abs(result.ranked[1].effect) < stale.effect)
        #expect(abs(result.ranked[2].meanDifference - -0.15) < 1e-12 && result.ranked[2].down == 6)

        let files = try CompareFiles()
        defer { files.remove() }
        let r = runCLI(["compare", try files.write("a.csv", base), try files.write("b.csv", new), "--paired"])
        #expect(r.status == 1 && r.out.hasPrefix("2 of 3 sign tests moved (family-wise alpha 0.001 over 3 tests, Holm; 40 paired runs)"), "\(r.out)")
        let rows = r.out.split(separator: "\n").dropFirst(3).map { $0.split(separator: " ").prefix(3).joined(separator: " ") }
        #expect(rows == ["variant=v strategy=s stale_screen_s", "variant=v strategy=s pulls"], "\(r.out)")
        #expect(r.out.contains("+7.5 [+\(String(format: "%.3g", 7.5 - half)), +\(String(format: "%.3g", 7.5 + half))] (+7.5%)"), "\(r.out)")
    }
}
