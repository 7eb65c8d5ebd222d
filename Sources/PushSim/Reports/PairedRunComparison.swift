import CGSL

/// Compares two `runs.csv` files of the same runs (same scenario and seed, e.g. FIFO and
/// shuffled tie order, `make check-determinism`) run by run: the runs are paired by every
/// column before `seed` (point, variant, strategy, replication), so the test is a paired
/// two-sample test that uses the common random numbers.
///
/// For every cell (the pair's columns before `replication`) and every numeric column, the
/// sign test of the paired differences (new − baseline): under "nothing moved" a nonzero
/// difference is as likely positive as negative, so the positives are Binomial(n, ½) with n
/// the nonzero differences, and the two-sided p-value is min(1, 2 · P(X ≤ min(k, n − k)))
/// (`gsl_cdf_binomial_P`). For the 0/1 `converged` column this is McNemar's exact test. The
/// family of all tests made (those with n > 0) is held at `alpha` by Holm's step-down
/// procedure (`Holm`): a test moves when its Holm-adjusted p < alpha. Each test carries its
/// effect: the mean paired difference over the pairs where both runs have a value, its 95%
/// Student-t interval (`Statistics.meanInterval`) and the standardised d_z = mean / standard
/// deviation of the differences. Tests are ranked by p, then |d_z|. Non-numeric columns
/// (`rejected_codes`, `fingerprint`) and empty values (an undefined time) are skipped; runs
/// missing from either file are errors.
public enum PairedRunComparison {
    /// One sign test: a (cell, column) and its paired differences.
    public struct Move: Sendable, Equatable, CustomStringConvertible {
        /// The cell, e.g. `variant=lossy strategy=hintPull`.
        public var cell: String
        /// The column of `runs.csv`.
        public var column: String
        /// Runs where the second file's value is larger / smaller.
        public var up: Int, down: Int
        /// Runs where both files have a value (equal ones included).
        public var pairs: Int
        /// The mean of the differences (new − baseline) over `pairs`, in the column's unit.
        public var meanDifference: Double
        /// Its 95% Student-t interval; nil with fewer than two pairs.
        public var interval: ClosedRange<Double>?
        /// The baseline's mean over `pairs` (for the change relative to it).
        public var baselineMean: Double
        /// d_z: the mean difference over the differences' standard deviation (±∞ when every
        /// difference is the same nonzero value; 0 with fewer than two pairs).
        public var effect: Double
        /// The sign test's two-sided p-value, and its Holm adjustment over the family.
        public var p: Double, adjusted: Double

        public var description: String {
            "\(cell): \(column) up in \(up) \(up == 1 ? "run" : "runs"), down in \(down) (sign test p = \(String(format: "%.2g", p)))"
        }
    }

    /// The comparison: the tests made and the moves among them.
    public struct Result: Sendable, Equatable {
        /// Tests made (cell × column pairs with at least one nonzero difference).
        public var tests: Int
        /// Paired runs.
        public var runs: Int
        /// The family-wise level.
        public var alpha: Double
        /// Every test made, most significant first (p, then |d_z|, then cell and column order).
        public var ranked: [Move]
        /// The tests that moved (Holm-adjusted p < alpha), most significant first.
        public var moves: [Move] { ranked.filter { $0.adjusted < alpha } }
    }

    /// Compares `a` (named `aName`) with `b` at family-wise level `alpha`.
    /// - Throws: as `compare(_:_:_:_:alpha:)` of the bytes.
    public static func compare(_ a: String, _ aName: String, _ b: String, _ bName: String, alpha: Double = 0.001) throws(ScenarioError) -> Result {
        try compare(Array(a.utf8), aName, Array(b.utf8), bName, alpha: alpha)
    }

    /// Compares the runs.csv bytes `a` (named `aName`) with `b` at family-wise level
    /// `alpha`. O(runs × columns): each file is read once and each run found by key.
    /// - Throws: `ScenarioError` naming the file, row and column when a file is not a
    ///   runs.csv (`PairedRuns`), when the headers differ, or when a run of one file is not
    ///   in the other.
    public static func compare(_ a: [UInt8], _ aName: String, _ b: [UInt8], _ bName: String, alpha: Double = 0.001) throws(ScenarioError) -> Result {
        let x = try PairedRuns.read(a, file: aName)
        let y = try PairedRuns.read(b, file: bName, like: x)
        for row in y.runs where x.index[row.run] == nil {
            throw ScenarioError(file: bName, path: "row \(row.row)", message: "the run \(row.run) is not in \(aName)")
        }
        // (cell, numeric column) → tally, cells numbered in the first file's order.
        let m = x.numeric.count
        var cellNumber: [String: Int] = [:], cells: [String] = []
        var tallies: [Tally] = []
        for row in x.runs {
            guard let j = y.index[row.run] else {
                throw ScenarioError(file: aName, path: "row \(row.row)", message: "the run \(row.run) is not in \(bName)")
            }
            let values = y.runs[j].values
            let cell: Int
            if let n = cellNumber[row.cell] { cell = n } else {
                cell = cells.count
                cellNumber[row.cell] = cell
                cells.append(row.cell)
                tallies += repeatElement(Tally(), count: m)
            }
            for k in 0..<m {
                let u = row.values[k], v = values[k]
                guard !u.isNaN, !v.isNaN else { continue }
                tallies[cell * m + k].add(u, v)
            }
        }
        var made: [Move] = []
        for (cell, name) in cells.enumerated() {
            for k in 0..<m {
                let t = tallies[cell * m + k]
                guard t.up + t.down > 0 else { continue }
                let sd = t.differences.variance.map { $0.squareRoot() }
                let mean = t.differences.mean
                let effect = sd.map { $0 > 0 ? mean / $0 : (mean > 0 ? Double.infinity : -Double.infinity) } ?? 0
                let ci = t.differences.meanInterval().map { $0.low...$0.high }
                let p = signTestP(up: t.up, down: t.down)
                made.append(Move(cell: name, column: x.header[x.numeric[k]], up: t.up, down: t.down, pairs: t.differences.count,
                                 meanDifference: mean, interval: ci, baselineMean: t.baseline.mean, effect: effect, p: p, adjusted: p))
            }
        }
        for (i, q) in Holm.adjusted(made.map(\.p)).enumerated() { made[i].adjusted = q }
        let order = made.indices.sorted { i, j in
            if made[i].p != made[j].p { return made[i].p < made[j].p }
            if abs(made[i].effect) != abs(made[j].effect) { return abs(made[i].effect) > abs(made[j].effect) }
            return i < j
        }
        return Result(tests: made.count, runs: x.runs.count, alpha: alpha, ranked: order.map { made[$0] })
    }

    /// One test's paired differences, accumulated run by run.
    private struct Tally {
        var up = 0, down = 0
        var differences = RunningMoments(), baseline = RunningMoments()

        mutating func add(_ u: Double, _ v: Double) {
            if v > u { up += 1 } else if v < u { down += 1 }
            differences.add(v - u)
            baseline.add(u)
        }
    }

    /// The two-sided sign test p-value of `up` positive and `down` negative differences.
    public static func signTestP(up: Int, down: Int) -> Double {
        let n = up + down
        guard n > 0 else { return 1 }
        return min(1, 2 * gsl_cdf_binomial_P(UInt32(min(up, down)), 0.5, UInt32(n)))
    }
}
