import Foundation

/// The text `pushsim compare A/runs.csv B/runs.csv --paired` prints: the verdict with the
/// family-wise level, then a table of the tests that moved (or, when none did, of the most
/// significant ones) with their effect sizes.
extension PairedRunComparison.Result {
    /// The family-wise statement, e.g. `family-wise alpha 0.001 over 42 tests, Holm`.
    public var level: String { "family-wise alpha \(String(format: "%.4g", alpha)) over \(tests) test\(tests == 1 ? "" : "s"), Holm" }

    /// The whole report. `shown`: how many of the most significant tests to list when
    /// nothing moved.
    public func text(shown: Int = 5) -> String {
        let moves = self.moves
        guard !moves.isEmpty else {
            var out = "\(runs) paired runs, \(tests) sign tests: nothing moved (\(level))\n"
            if !ranked.isEmpty {
                out += "  the most significant, none significant at that level:\n" + Self.table(ranked.prefix(shown))
            }
            return out
        }
        return "\(moves.count) of \(tests) sign tests moved (\(level); \(runs) paired runs), most significant first:\n"
            + Self.table(moves[...])
    }

    /// The tests as an aligned table, indented by two spaces.
    static func table(_ moves: ArraySlice<PairedRunComparison.Move>) -> String {
        let header = ["cell", "column", "pairs", "up", "down", "mean change [95% CI]", "d_z", "p", "Holm p"]
        let rows = moves.map { m -> [String] in
            let ci = m.interval.map { " [\(signed($0.lowerBound)), \(signed($0.upperBound))]" } ?? ""
            let relative = m.baselineMean == 0 ? "" : " (\(signed(100 * m.meanDifference / abs(m.baselineMean)))%)"
            let effect = m.effect.isInfinite ? (m.effect > 0 ? "+∞" : "−∞") : String(format: "%+.2f", m.effect)
            return [m.cell, m.column, "\(m.pairs)", "\(m.up)", "\(m.down)", signed(m.meanDifference) + ci + relative, effect,
                    String(format: "%.2g", m.p), String(format: "%.2g", m.adjusted)]
        }
        return TextTable.render(header: header, rows: rows, numeric: [2, 3, 4, 6, 7, 8])
            .split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { "  " + $0 + "\n" }.joined()
    }

    /// Three significant digits with a sign (`%+.3g`).
    private static func signed(_ x: Double) -> String { String(format: "%+.3g", x) }
}
