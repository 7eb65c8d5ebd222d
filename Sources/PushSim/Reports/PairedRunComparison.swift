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
    /// - Throws: `ScenarioError` at `$` naming the file when a text is not a runs.csv or the
    ///   two do not hold the same runs.
    public static func compare(_ a: String, _ aName: String, _ b: String, _ bName: String, alpha: Double = 0.001) throws(ScenarioError) -> Result {
        let x = try table(a, aName), y = try table(b, bName)
        guard x.header == y.header else { throw ScenarioError(file: bName, path: "$", message: "its columns differ from \(aName)'s") }
        let other = Dictionary(y.rows.map { ($0.run, $0.values) }, uniquingKeysWith: { first, _ in first })
        guard Set(x.rows.map(\.run)).count == x.rows.count else { throw ScenarioError(file: aName, path: "$", message: "a run appears twice") }
        guard other.count == x.rows.count, x.rows.allSatisfy({ other[$0.run] != nil }) else {
            throw ScenarioError(file: bName, path: "$", message: "it does not hold the same runs as \(aName)")
        }
        // (cell, column) → (up, down), in the first file's cell order, then column order.
        var counts: [String: [Int: (up: Int, down: Int)]] = [:]
        var cells: [String] = []
        for row in x.rows {
            let values = other[row.run]!
            if counts[row.cell] == nil { counts[row.cell] = [:]; cells.append(row.cell) }
            for c in x.numeric {
                guard let u = Double(row.values[c]), let v = Double(values[c]), u != v else { continue }
                var t = counts[row.cell]![c] ?? (0, 0)
                if v > u { t.up += 1 } else { t.down += 1 }
                counts[row.cell]![c] = t
            }
        }
        let tests = counts.values.reduce(0) { $0 + $1.count }
        var moves: [Move] = []
        for cell in cells {
            for c in x.numeric {
                guard let t = counts[cell]?[c] else { continue }
                let p = signTestP(up: t.up, down: t.down)
                if p < alpha / Double(max(tests, 1)) { moves.append(Move(cell: cell, column: x.header[c], up: t.up, down: t.down, p: p)) }
            }
        }
        return Result(tests: tests, runs: x.rows.count, moves: moves)
    }

    /// The two-sided sign test p-value of `up` positive and `down` negative differences.
    public static func signTestP(up: Int, down: Int) -> Double {
        let n = up + down
        guard n > 0 else { return 1 }
        return min(1, 2 * gsl_cdf_binomial_P(UInt32(min(up, down)), 0.5, UInt32(n)))
    }

    private static func table(_ text: String, _ name: String) throws(ScenarioError)
        -> (header: [String], numeric: [Int], rows: [(run: String, cell: String, values: [String])]) {
        let rows = CSV.parse(text)
        guard let header = rows.first, let seed = header.firstIndex(of: "seed"), let replication = header.firstIndex(of: "replication"),
              replication < seed else {
            throw ScenarioError(file: name, path: "$", message: "not a runs.csv (no replication and seed columns)")
        }
        let body = Array(rows.dropFirst())
        guard body.allSatisfy({ $0.count == header.count }) else { throw ScenarioError(file: name, path: "$", message: "a row does not match the header") }
        // Numeric: every nonempty value of the column parses as a number.
        let numeric = (seed + 1 ..< header.count).filter { c in
            header[c] != "fingerprint" && body.allSatisfy { $0[c].isEmpty || Double($0[c]) != nil }
        }
        let out = body.map { row in
            (run: zip(header[..<seed], row[..<seed]).map { "\($0)=\($1)" }.joined(separator: " "),
             cell: zip(header[..<replication], row[..<replication]).map { "\($0)=\($1)" }.joined(separator: " "),
             values: row)
        }
        return (header, numeric, out)
    }
}
