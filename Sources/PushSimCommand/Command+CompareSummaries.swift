import Foundation
import PushSim

extension Command {
    /// The two-proportion test of every baseline cell against the same cell of the new
    /// summary (`TwoProportionTest`, at `alpha`, or with `detect` at the larger level that
    /// flags a change of `detect` with probability `power`: `RatePower.alphaToDetect`), then
    /// the smallest change each cell could detect (`RatePower.detectableChange`, at the
    /// level used and `power`), reported for the hardest cell.
    /// Cells of `current` that the baseline lacks are counted on one line (not compared).
    /// O(cells): each cell is found by key.
    /// - Returns: 1 when a cell moved or is missing, else 0.
    static func compareRates(_ baseline: SummaryCells, _ current: SummaryCells,
                             alpha: Double, power: Double, detect: Double?, out: (String) -> Void) -> Int32 {
        let newFile = current.file
        var failures: [String] = [], levels: [Double] = []
        var hardest: (change: Double?, key: String, cell: SummaryCells.Cell, other: Int)?
        var largest: (p: Double, text: String)?
        var undetectable: [String] = []
        /// The highest level --detect may raise a cell's test to; a cell needing more keeps --alpha.
        let levelCap = 0.05
        for b in baseline.cells {
            let key = b.key
            guard let c = current.cell(key) else { failures.append("\(key): missing from \(newFile)"); continue }
            var level = alpha
            if let d = detect {
                let needed = RatePower.alphaToDetect(change: d, rate: b.rate, trials: b.replications, c.replications, power: power)
                if needed > levelCap { undetectable.append(key) } else { level = max(alpha, needed) }
            }
            levels.append(level)
            let p = TwoProportionTest.pValue(successes: b.converged, trials: b.replications, successes: c.converged, trials: c.replications)
            if p < 1, largest == nil || p < largest!.p {
                largest = (p, String(format: "%@: %d/%d → %d/%d (p = %.2g)", key, b.converged, b.replications, c.converged, c.replications, p))
            }
            if p < level {
                failures.append(String(format: "%@: %d/%d → %d/%d (p = %.2g%@)", key, b.converged, b.replications, c.converged, c.replications, p,
                                       detect == nil ? "" : String(format: " < %.2g", level)))
            }
            let change = RatePower.detectableChange(rate: b.rate, trials: b.replications, c.replications, alpha: level, power: power)
            if hardest == nil || (change ?? 2) > (hardest!.change ?? 2) { hardest = (change, key, b, c.replications) }
        }
        func range(_ a: Double, _ b: Double) -> String { a == b ? String(format: "%.2g", a) : String(format: "%.2g … %.2g", a, b) }
        let test = detect.map { String(format: "two-proportion test, alpha raised per cell to detect a change of %g with power %g: %@",
                                         $0, power, range(levels.min() ?? alpha, levels.max() ?? alpha)) } ?? "two-proportion test, alpha \(alpha)"
        let cells = baseline.cells.count == 1 ? "1 cell" : "\(baseline.cells.count) cells"
        let status = report(failures, out: out, ok: "\(cells): no convergence rate moved significantly (\(test))",
                            moved: "convergence rate moved (\(test)) in \(failures.count) of \(cells):")
        if status == 0, let largest { out("  the most significant change: \(largest.text)\n") }
        let extra = current.cells.filter { baseline.cell($0.key) == nil }
        if let first = extra.first {
            out("  \(extra.count) cell\(extra.count == 1 ? "" : "s") of \(newFile) not in the baseline (not compared), e.g. \(first.key)\n")
        }
        if let d = detect, let first = undetectable.first {
            out(String(format: "  %d cell%@ cannot detect a change of %g with power %g at any level up to %g (too few runs; tested at alpha %g), e.g. %@\n",
                       undetectable.count, undetectable.count == 1 ? "" : "s", d, power, levelCap, alpha, first))
        }
        if detect != nil, !levels.isEmpty {
            out(String(format: "  if nothing moved, expect %.2g false alarms over %@ (the sum of their alphas)\n", levels.reduce(0, +),
                       levels.count == 1 ? "1 cell" : "\(levels.count) cells"))
        }
        if let h = hardest {
            let cell = String(format: "%@, rate %.3f, %d vs %d runs", h.key, h.cell.rate, h.cell.replications, h.other)
            if let change = h.change {
                out(String(format: "  detectable with power %g: a change of %.3f or more in every cell (the hardest: %@)\n", power, change, cell))
            } else {
                out(String(format: "  some cells cannot detect any change with power %g (e.g. %@); rerun with more replications\n", power, cell))
            }
        }
        return status
    }
}
