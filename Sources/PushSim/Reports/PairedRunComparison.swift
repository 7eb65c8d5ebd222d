import CGSL

/// Compares two `runs.csv` files of the same runs (same scenario and seed, e.g. FIFO and
/// shuffled tie order, `make check-determinism`) run by run: the runs are paired by every
/// column before `seed` (point, variant, strategy, replication), so the test is a paired
/// two-sample test that uses the common random numbers.
///
/// For every cell (the pair's columns before `replication`) and every numeric column, the
/// sign test of the paired differences: under "nothing moved" a nonzero difference is as
/// likely positive as negative, so the positives are Binomial(n, ½) with n the nonzero
/// differences, and the two-sided p-value is min(1, 2 · P(X ≤ min(k, n − k)))
/// (`gsl_cdf_binomial_P`). For the 0/1 `converged` column this is McNemar's exact test. The
/// family of all tests made (those with n > 0) is held at `alpha` by Bonferroni: a test
/// moves when p < alpha / tests. Non-numeric columns (`rejected_codes`, `fingerprint`) and
/// empty values (an undefined time) are skipped; runs missing from either file are errors.
public enum PairedRunComparison {
    /// One (cell, column) whose paired differences lean one way beyond chance.
    public struct Move: Sendable, Equatable, CustomStringConvertible {
        /// The cell, e.g. `variant=lossy strategy=hintPull`.
        public var cell: String
        /// The column of `runs.csv`.
        public var column: String
        /// Runs where the second file's value is larger / smaller.
        public var up: Int, down: Int
        /// The sign test's two-sided p-value.
        public var p: Double

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
        public var moves: [Move]
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
        // (cell, numeric column) → (up, down), cells numbered in the first file's order.
        let m = x.numeric.count
        var cellNumber: [String: Int] = [:], cells: [String] = []
        var counts: [(up: Int, down: Int)] = []
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
                counts += repeatElement((up: 0, down: 0), count: m)
            }
            for k in 0..<m {
                let u = row.values[k], v = values[k]
                guard !u.isNaN, !v.isNaN, u != v else { continue }
                if v > u { counts[cell * m + k].up += 1 } else { counts[cell * m + k].down += 1 }
            }
        }
        let tests = counts.count(where: { $0.up + $0.down > 0 })
        var moves: [Move] = []
        for (cell, name) in cells.enumerated() {
            for k in 0..<m {
                let t = counts[cell * m + k]
                guard t.up + t.down > 0 else { continue }
                let p = signTestP(up: t.up, down: t.down)
                if p < alpha / Double(max(tests, 1)) { moves.append(Move(cell: name, column: x.header[x.numeric[k]], up: t.up, down: t.down, p: p)) }
            }
        }
        return Result(tests: tests, runs: x.runs.count, moves: moves)
    }

    /// The two-sided sign test p-value of `up` positive and `down` negative differences.
    public static func signTestP(up: Int, down: Int) -> Double {
        let n = up + down
        guard n > 0 else { return 1 }
        return min(1, 2 * gsl_cdf_binomial_P(UInt32(min(up, down)), 0.5, UInt32(n)))
    }
}
