/// Compares two `summary.csv` files cell by cell over every metric both hold
/// (`SummaryCells+Metrics`), as `pushsim compare BASELINE NEW` does: each rate by the pooled
/// two-proportion z-test with the difference in points, Newcombe's interval and Cohen's h
/// (`RateDifference`), each mean by Welch's t-test with the difference, its interval, the
/// change relative to the baseline and Cohen's d (`WelchTest`, the standard errors from the
/// means' 95% intervals, each widened by the rounding of the printed figures:
/// `roundingError`). The tests form one family held at `alpha` by Holm's step-down
/// procedure (`Holm`): a test moved when its Holm-adjusted p < alpha, so a replay of the
/// same model flags anything with probability at most alpha.
///
/// Not tests, and not counted in the family: a rate whose runs are all or none in both
/// files (the pooled rate is 0 or 1) and a mean that does not vary in either file and did
/// not move (`constant`); a mean with fewer than two runs with a value on either side
/// (`cellsWithoutInterval`). Metrics only one file holds are listed (`onlyBaseline`,
/// `onlyCurrent`), as are the baseline's cells missing from the new file (`missing`, a
/// failure) and the new file's cells the baseline lacks (`extra`, not compared).
///
/// Runs of both files with the same seed share random numbers: the tests assume
/// independent samples and are then usually conservative, the common random numbers
/// correlating the two sides positively (`compare --paired` on the runs.csv files uses the
/// pairing).
public struct SummaryComparison: Sendable {
    /// One test of one metric of one cell.
    public struct Test: Sendable, Equatable {
        /// The cell, e.g. `variant=lossy strategy=hintPull`.
        public var cell: String
        /// The metric's column (`convergence_rate`, `mean_stale_screen_s`).
        public var metric: String
        /// Baseline and new values: a rate in [0, 1] or a mean in the column's unit.
        public var baseline: Double, current: Double
        /// The rate test's counts; nil for a mean.
        public var counts: RateCounts?
        /// New − baseline, with its 95% interval (Newcombe for a rate, Welch for a mean).
        public var difference: Double
        public var interval: ClosedRange<Double>
        /// Cohen's h for a rate, Cohen's d for a mean (±∞ for a mean that moved without varying).
        public var effect: Double
        /// z for a rate, t for a mean.
        public var statistic: Double
        /// Welch's degrees of freedom; nil for a rate.
        public var degreesOfFreedom: Double?
        /// The two-sided p-value and its Holm adjustment over the family.
        public var p: Double, adjusted: Double
        /// The level `--detect` raised this test to (a convergence rate), nil when not raised:
        /// the test also moves when p < it.
        public var raised: Double?

        /// Whether the test moved at family-wise level `alpha` (or below its raised level).
        public func moved(alpha: Double) -> Bool { adjusted < alpha || raised.map { p < $0 } == true }
    }

    /// A rate test's runs: `baseline` of `baselineRuns`, `current` of `currentRuns`.
    public struct RateCounts: Sendable, Equatable {
        public var baseline: Int, baselineRuns: Int, current: Int, currentRuns: Int
    }

    /// The family-wise level.
    public var alpha: Double
    /// Every test made, most significant first: by p, then by |effect| (larger first), then
    /// in the baseline's cell order and the metrics' order.
    public var tests: [Test]
    /// Rates and means tested (present in both files), in the baseline's order.
    public var rates: [String], means: [String]
    /// Tests not made because nothing varies (above), and one example of them.
    public var constant: Int, constantExample: String?
    /// Cell means not tested for want of an interval on a side (fewer than two runs with a value).
    public var cellsWithoutInterval: Int
    /// Mean columns of either file without an interval (`SummaryCells.withoutInterval`),
    /// and means with an interval but no n (`SummaryCells.withoutCount`): not tested.
    public var meansWithoutInterval: [String], meansWithoutCount: [String]
    /// Metrics only one file has (by name).
    public var onlyBaseline: [String], onlyCurrent: [String]
    /// The baseline's cells missing from the new file, and the new file's cells the baseline lacks.
    public var missing: [String], extra: [String]

    /// The tests that moved (`Test.moved`), most significant first.
    public var moved: [Test] { tests.filter { $0.moved(alpha: alpha) } }

    /// Compares `current` with `baseline` at family-wise level `alpha`; `raised` gives the
    /// level of a cell's convergence-rate test where `--detect` raised it (cell key → level).
    /// - Precondition: alpha in (0, 1); the files have the same key columns
    ///   (`SummaryCells.checkComparable`).
    /// - Complexity: O(cells × metrics + tests log tests).
    public static func compare(baseline a: SummaryCells, current b: SummaryCells, alpha: Double,
                               raised: [String: Double] = [:]) -> SummaryComparison {
        precondition(alpha > 0 && alpha < 1, "alpha must be in (0, 1)")
        let rateMap = Dictionary(b.rates.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { x, _ in x })
        let meanMap = Dictionary(b.means.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { x, _ in x })
        let rates = a.rates.enumerated().compactMap { i, r in rateMap[r.name].map { (i, $0, r.name) } }
        let means = a.means.enumerated().compactMap { i, m in meanMap[m.name].map { (i, $0, m.name) } }
        var out = SummaryComparison(alpha: alpha, tests: [], rates: rates.map(\.2), means: means.map(\.2), constant: 0, constantExample: nil,
                                    cellsWithoutInterval: 0, meansWithoutInterval: union(a.withoutInterval, b.withoutInterval),
                                    meansWithoutCount: union(a.withoutCount, b.withoutCount),
                                    onlyBaseline: [], onlyCurrent: [], missing: [], extra: [])
        let aNames = a.rates.map(\.name) + a.means.map(\.name), bNames = b.rates.map(\.name) + b.means.map(\.name)
        let aUntested = a.withoutCount + a.withoutInterval, bUntested = b.withoutCount + b.withoutInterval
        out.onlyBaseline = aNames.filter { !bNames.contains($0) && !bUntested.contains($0) }
        out.onlyCurrent = bNames.filter { !aNames.contains($0) && !aUntested.contains($0) }
        for (xi, x) in a.cells.enumerated() {
            guard let yi = b.index(x.key) else { out.missing.append(x.key); continue }
            let y = b.cells[yi]
            for (i, j, name) in rates {
                let (k, l) = (a.count(cell: xi, rate: i), b.count(cell: yi, rate: j))
                let d = RateDifference(successes: k, trials: x.replications, successes: l, trials: y.replications)
                guard d.varies else { out.noteConstant("\(name) of \(x.key): \(k)/\(x.replications) → \(l)/\(y.replications)"); continue }
                out.tests.append(Test(cell: x.key, metric: name, baseline: Double(k) / Double(x.replications),
                                      current: Double(l) / Double(y.replications),
                                      counts: RateCounts(baseline: k, baselineRuns: x.replications, current: l, currentRuns: y.replications),
                                      difference: d.difference, interval: d.interval, effect: d.cohensH, statistic: d.z,
                                      degreesOfFreedom: nil, p: d.p, adjusted: d.p, raised: name == "convergence_rate" ? raised[x.key] : nil))
            }
            for (i, j, name) in means {
                guard let u = a.mean(cell: xi, i), let v = b.mean(cell: yi, j), let ui = u.interval, let vi = v.interval else {
                    out.cellsWithoutInterval += 1   // fewer than two runs with a value on a side
                    continue
                }
                let s1 = WelchTest.standardError(low: ui.lowerBound, high: ui.upperBound, count: u.runs)
                let s2 = WelchTest.standardError(low: vi.lowerBound, high: vi.upperBound, count: v.runs)
                guard s1 > 0 || s2 > 0 || u.mean != v.mean else {
                    out.noteConstant("\(name) of \(x.key): \(SummaryTable.number(u.mean)) in every run, in both files")
                    continue
                }
                // Each printed figure carries the rounding of `%.6f`, uniform over one step: its
                // standard deviation is added to each side's, so that a difference of a step
                // between two constant columns is no change (t ≤ 2.45), while a real one is.
                let r = roundingError * roundingError
                guard let w = WelchTest(mean: u.mean, standardError: (s1 * s1 + r).squareRoot(), count: u.runs,
                                        mean: v.mean, standardError: (s2 * s2 + r).squareRoot(), count: v.runs) else { continue }
                out.tests.append(Test(cell: x.key, metric: name, baseline: u.mean, current: v.mean, counts: nil,
                                      difference: w.difference, interval: w.interval, effect: w.cohensD, statistic: w.t,
                                      degreesOfFreedom: w.degreesOfFreedom, p: w.p, adjusted: w.p, raised: nil))
            }
        }
        for (k, p) in Holm.adjusted(out.tests.map(\.p)).enumerated() { out.tests[k].adjusted = p }
        let ranked = out.tests.indices.sorted { i, j in
            let (s, t) = (out.tests[i], out.tests[j])
            if s.p != t.p { return s.p < t.p }
            if abs(s.effect) != abs(t.effect) { return abs(s.effect) > abs(t.effect) }
            return i < j   // made in the baseline's cell order, then the metrics' order
        }
        out.tests = ranked.map { out.tests[$0] }
        out.extra = b.cells.filter { a.cell($0.key) == nil }.map(\.key)
        return out
    }

    /// The standard deviation of the rounding of a `%.6f` figure: one step, 10⁻⁶, over √12.
    static let roundingError = 1e-6 / 12.0.squareRoot()

    /// `x`, then the names of `y` not in `x`.
    private static func union(_ x: [String], _ y: [String]) -> [String] { x + y.filter { !x.contains($0) } }

    private mutating func noteConstant(_ example: @autoclosure () -> String) {
        constant += 1
        if constantExample == nil { constantExample = example() }
    }
}
