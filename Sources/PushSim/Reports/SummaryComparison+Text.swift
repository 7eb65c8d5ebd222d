import Foundation

/// The text `pushsim compare BASELINE NEW` prints for a `SummaryComparison`: the verdict
/// with the family-wise level, a table of the tests that moved (or, when none did, of the
/// most significant ones), then what was not tested and why.
extension SummaryComparison {
    /// The family-wise statement, e.g. `family-wise alpha 0.001 over 126 tests, Holm`.
    public var level: String { "family-wise alpha \(Self.number(alpha)) over \(tests.count) test\(tests.count == 1 ? "" : "s"), Holm" }

    /// The whole report; `cells`: the baseline's; `newFile` names the new summary in the
    /// missing-cell lines. `shown`: how many of the most significant tests that did not move
    /// to list after those that did.
    public func text(cells: Int, newFile: String, shown: Int = 5) -> String {
        let rateTests = tests.count { $0.counts != nil }
        let what = "\(rateTests) rate\(rateTests == 1 ? "" : "s") by the two-proportion test, "
            + "\(tests.count - rateTests) mean\(tests.count - rateTests == 1 ? "" : "s") by Welch's t"
        var out = ""
        let moved = self.moved
        if moved.isEmpty {
            out += "\(cells) cell\(cells == 1 ? "" : "s"): nothing moved (\(level); \(what))\n"
            let changed = tests.filter { $0.difference != 0 }
            if !changed.isEmpty {
                out += "  the most significant changes, none significant at that level:\n"
                out += Self.table(changed.prefix(shown))
            } else if !tests.isEmpty {
                out += "  every figure tested is the same in both files\n"
            }
        } else {
            out += "\(cells) cell\(cells == 1 ? "" : "s"): moved in \(moved.count) of \(tests.count) tests (\(level); \(what)), most significant first:\n"
            out += Self.table(moved[...])
            let next = tests.filter { !$0.moved(alpha: alpha) && $0.difference != 0 }.prefix(shown)
            if !next.isEmpty { out += "  the next most significant, not significant at that level:\n" + Self.table(next) }
        }
        for key in missing { out += "  \(key): missing from \(newFile)\n" }
        if let first = extra.first {
            out += "  \(extra.count) cell\(extra.count == 1 ? "" : "s") of \(newFile) not in the baseline (not compared), e.g. \(first)\n"
        }
        out += notes()
        return out
    }

    /// What was tested and what was not, one indented line each.
    func notes() -> String {
        var out = ""
        if !rates.isEmpty { out += "  rates tested: \(rates.joined(separator: ", "))\n" }
        if !means.isEmpty { out += "  means tested (standard error from the 95% interval): \(means.joined(separator: ", "))\n" }
        if constant > 0, let e = constantExample {
            out += "  \(constant) test\(constant == 1 ? "" : "s") not made, nothing varies in either file (e.g. \(e))\n"
        }
        if cellsWithoutInterval > 0 {
            out += "  \(cellsWithoutInterval) cell mean\(cellsWithoutInterval == 1 ? "" : "s") not tested: fewer than two runs with a value on a side (no interval)\n"
        }
        if !onlyBaseline.isEmpty { out += "  only in the baseline, not tested: \(onlyBaseline.joined(separator: ", "))\n" }
        if !onlyCurrent.isEmpty { out += "  only in the new file, not tested: \(onlyCurrent.joined(separator: ", "))\n" }
        if !meansWithoutCount.isEmpty {
            out += "  not tested, no run count (<mean>_runs: rewrite the summary with this pushsim): \(meansWithoutCount.joined(separator: ", "))\n"
        }
        if !meansWithoutInterval.isEmpty {
            out += "  not tested, no 95% interval (no standard error in summary.csv; compare --paired tests runs.csv): "
                + meansWithoutInterval.joined(separator: ", ") + "\n"
        }
        out += "  not tested: quantiles, totals, maxima and pooled ratios (no standard error in summary.csv)\n"
        return out
    }

    /// The tests as an aligned table, indented by two spaces.
    static func table(_ tests: ArraySlice<Test>) -> String {
        let header = ["cell", "metric", "baseline", "new", "change [95% CI]", "effect", "test", "p", "Holm p"]
        let rows = tests.map { t -> [String] in
            let p = probability(t.p) + (t.raised.map { t.p < $0 ? " < \(probability($0)) (--detect)" : "" } ?? "")
            if let c = t.counts {
                return [t.cell, t.metric, "\(number(t.baseline)) (\(c.baseline)/\(c.baselineRuns))",
                        "\(number(t.current)) (\(c.current)/\(c.currentRuns))",
                        "\(signed(100 * t.difference)) points [\(signed(100 * t.interval.lowerBound)), \(signed(100 * t.interval.upperBound))]",
                        "h = " + fixed(t.effect), "z = " + fixed(t.statistic), p, probability(t.adjusted)]
            }
            let relative = t.baseline == 0 ? "" : " (\(signed(100 * t.difference / abs(t.baseline)))%)"
            return [t.cell, t.metric, number(t.baseline), number(t.current),
                    "\(signed(t.difference)) [\(signed(t.interval.lowerBound)), \(signed(t.interval.upperBound))]\(relative)",
                    "d = " + fixed(t.effect), "t = " + fixed(t.statistic) + (t.degreesOfFreedom.map { String(format: ", df %.0f", $0) } ?? ""),
                    p, probability(t.adjusted)]
        }
        return TextTable.render(header: header, rows: rows, numeric: [2, 3, 7, 8])
            .split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { "  " + $0 + "\n" }.joined()
    }

    /// Four significant digits (`%.4g`).
    static func number(_ x: Double) -> String { String(format: "%.4g", x) }
    /// A probability with two significant digits (`%.2g`).
    static func probability(_ p: Double) -> String { String(format: "%.2g", p) }
    /// Three significant digits with a sign (`%+.3g`).
    static func signed(_ x: Double) -> String { String(format: "%+.3g", x) }
    /// Two decimals with a sign; ±∞ spelled out.
    static func fixed(_ x: Double) -> String { x.isInfinite ? (x > 0 ? "+∞" : "−∞") : String(format: "%+.2f", x) }
}
