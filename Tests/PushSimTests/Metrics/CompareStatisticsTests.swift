import Foundation
import Testing
@testable import PushSim

/// The statistics of `pushsim compare` against values computed elsewhere: Welch's t-test
/// against SciPy 1.17 (`scipy.stats.ttest_ind_from_stats(..., equal_var=False)` and
/// `scipy.stats.t.ppf`), Newcombe's interval for the difference of independent rates
/// against his published table, Holm's adjustment by hand.
@Suite struct CompareStatisticsTests {
    /// (baseline mean, sd, n, new mean, sd, n) → SciPy's t, two-sided p, Welch's df and the
    /// 95% half-width t(0.975, df)·√(s₁²/n₁ + s₂²/n₂).
    static let welchCases: [(m1: Double, s1: Double, n1: Int, m2: Double, s2: Double, n2: Int,
                             t: Double, p: Double, df: Double, half: Double)] = [
        (54.42, 8.7, 1000, 57.12, 6.4, 400, 6.397996485771933, 2.423930104221832e-10, 990.6679767416385, 0.8281304952825244),
        (3.0, 1.5811388, 5, 5.5, 2.7386128, 7, 1.9943100939236649, 0.07488248816178478, 9.728643150052928, 2.8037161796717216),
        (10, 10, 100, 13, 10, 100, 2.1213203435596424, 0.035138664204966495, 198, 2.7888538623929002),
    ]

    @Test("Welch's t, df, p and interval match SciPy's; Cohen's d uses the pooled standard deviation")
    func welchMatchesSciPy() throws {
        for c in Self.welchCases {
            let se1 = c.s1 / Double(c.n1).squareRoot(), se2 = c.s2 / Double(c.n2).squareRoot()
            let w = try #require(WelchTest(mean: c.m1, standardError: se1, count: c.n1, mean: c.m2, standardError: se2, count: c.n2))
            #expect(abs(w.t - c.t) < 1e-9 * abs(c.t), "t \(w.t)")
            #expect(abs(w.degreesOfFreedom - c.df) < 1e-9 * c.df, "df \(w.degreesOfFreedom)")
            #expect(abs(w.p - c.p) < 1e-7 * c.p, "p \(w.p) vs \(c.p)")
            #expect(abs(w.difference - (c.m2 - c.m1)) < 1e-12)
            #expect(abs(w.interval.upperBound - w.difference - c.half) < 1e-9 && abs(w.difference - w.interval.lowerBound - c.half) < 1e-9)
            let pooled = ((Double(c.n1 - 1) * c.s1 * c.s1 + Double(c.n2 - 1) * c.s2 * c.s2) / Double(c.n1 + c.n2 - 2)).squareRoot()
            #expect(abs(w.cohensD - (c.m2 - c.m1) / pooled) < 1e-9, "d \(w.cohensD)")
        }
        // The sign follows new − baseline.
        let down = try #require(WelchTest(mean: 13, standardError: 1, count: 100, mean: 10, standardError: 1, count: 100))
        #expect(down.t < 0 && down.difference == -3 && down.cohensD < 0)
    }

    @Test("Welch without variation: no test when nothing moved, p = 0 and ±∞ when every value changed")
    func welchWithoutVariation() throws {
        #expect(WelchTest(mean: 60, standardError: 0, count: 10, mean: 60, standardError: 0, count: 20) == nil)
        let moved = try #require(WelchTest(mean: 60, standardError: 0, count: 10, mean: 30, standardError: 0, count: 20))
        #expect(moved.p == 0 && moved.t == -.infinity && moved.cohensD == -.infinity && moved.interval == -30 ... -30)
        // One side constant: df is the other side's n − 1.
        let one = try #require(WelchTest(mean: 60, standardError: 0, count: 10, mean: 61, standardError: 0.5, count: 20))
        #expect(abs(one.degreesOfFreedom - 19) < 1e-12)
    }

    @Test("a standard error from a 95% t-interval inverts Statistics.meanInterval (t table: 20 ± 127.06 over 2 values is 10)")
    func standardErrorFromInterval() {
        #expect(abs(WelchTest.standardError(low: 20 - 127.062, high: 20 + 127.062, count: 2) - 10) < 1e-3)
        for (n, variance) in [(2, 200.0), (5, 2.5), (1000, 73.96)] {
            let ci = Statistics.meanInterval(count: n, mean: 4, variance: variance)
            #expect(abs(WelchTest.standardError(low: ci.low, high: ci.high, count: n) - (variance / Double(n)).squareRoot()) < 1e-12)
        }
    }

    /// Newcombe (1998), "Interval estimation for the difference between independent
    /// proportions: comparison of eleven methods", Statistics in Medicine 17:873–890,
    /// Table II, method 10: 56/70 − 48/80 = 0.2000 in (0.0524, 0.3339); 9/10 − 3/10 = 0.6 in
    /// (0.1705, 0.8090); 5/56 − 0/29 in (−0.0381, 0.1926); 0/10 − 0/20 in (−0.1611, 0.2775).
    @Test("Newcombe's hybrid score interval of a difference of independent rates matches his Table II (method 10)",
          arguments: [(48, 80, 56, 70, 0.0524, 0.3339), (3, 10, 9, 10, 0.1705, 0.8090), (0, 29, 5, 56, -0.0381, 0.1926),
                      (0, 20, 0, 10, -0.1611, 0.2775)])
    func newcombeTableII(x1: Int, n1: Int, x2: Int, n2: Int, low: Double, high: Double) {
        let d = RateDifference(successes: x1, trials: n1, successes: x2, trials: n2)
        #expect(abs(d.interval.lowerBound - low) < 5e-5 && abs(d.interval.upperBound - high) < 5e-5, "\(d.interval)")
        #expect(abs(d.difference - (Double(x2) / Double(n2) - Double(x1) / Double(n1))) < 1e-15)
        // The other way round: the interval mirrors.
        let r = RateDifference(successes: x2, trials: n2, successes: x1, trials: n1)
        #expect(abs(r.interval.lowerBound + high) < 5e-5 && abs(r.interval.upperBound + low) < 5e-5)
    }

    @Test("the rate test: pooled z signed as the change, p as TwoProportionTest, Cohen's h, nothing varying")
    func rateTest() {
        // 50/100 → 70/100: pooled 0.6, se = √(0.24 · 0.02) = 0.069282, z = 0.2 / se = 2.8868.
        let d = RateDifference(successes: 50, trials: 100, successes: 70, trials: 100)
        #expect(abs(d.z - 2.886751) < 1e-6 && abs(d.p - 0.003893) < 1e-5 && d.varies)
        #expect(abs(d.cohensH - (2 * asin(0.7.squareRoot()) - 2 * asin(0.5.squareRoot()))) < 1e-12)
        let none = RateDifference(successes: 0, trials: 1000, successes: 0, trials: 400)
        #expect(!none.varies && none.p == 1 && none.z == 0)
        #expect(!RateDifference(successes: 30, trials: 30, successes: 9, trials: 9).varies)
    }

    @Test("Holm: adjusted p-values by hand, and the step-down's running maximum")
    func holm() {
        // Sorted 0.005, 0.01, 0.03, 0.04 times 4, 3, 2, 1: 0.02, 0.03, 0.06, 0.04 → max so far 0.06.
        #expect(zip(Holm.adjusted([0.01, 0.04, 0.03, 0.005]), [0.03, 0.06, 0.06, 0.02]).allSatisfy { abs($0 - $1) < 1e-15 })
        #expect(Holm.adjusted([0.5, 0.5]) == [1, 1])
        #expect(Holm.adjusted([]) == [])
        #expect(Holm.adjusted([0.0004]) == [0.0004])
        // Holm rejects what Bonferroni rejects, and more: at 0.05 over 0.01, 0.02, 0.03 Bonferroni
        // (p < 0.0167) rejects one, Holm all three (0.03, 0.04, 0.04).
        #expect(Holm.adjusted([0.01, 0.02, 0.03]).allSatisfy { $0 < 0.05 })
    }
}
