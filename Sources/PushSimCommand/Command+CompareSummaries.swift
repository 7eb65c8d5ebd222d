import Foundation
import PushSim

extension Command {
    /// Every metric of every baseline cell against the same cell of the new summary
    /// (`SummaryComparison`: rates by the two-proportion test, means by Welch's t, one family
    /// at `alpha` by Holm), printed as `SummaryComparison.text` does. With `detect`, each
    /// cell's convergence-rate test also moves below the larger of `alpha` and the level
    /// that flags a change of `detect` with probability `power` (`RatePower.alphaToDetect`,
    /// at most 0.05; a cell that needs more is named). Then the smallest change of
    /// convergence rate each cell could detect with `power` (`RatePower.detectableChange`)
    /// at its level: Holm's first, alpha / tests, or the raised one; reported for the
    /// hardest cell. O(cells × metrics + tests log tests).
    /// - Returns: 1 when a test moved or a baseline cell is missing, else 0.
    static func compareSummaries(_ baseline: SummaryCells, _ current: SummaryCells,
                                 alpha: Double, power: Double, detect: Double?, out: (String) -> Void) -> Int32 {
        /// The highest level --detect may raise a cell's test to; a cell needing more is not raised.
        let levelCap = 0.05
        var raised: [String: Double] = [:], undetectable: [String] = []
        if let d = detect {
            for b in baseline.cells {
                guard let c = current.cell(b.key) else { continue }
                let needed = RatePower.alphaToDetect(change: d, rate: b.rate, trials: b.replications, c.replications, power: power)
                if needed > levelCap { undetectable.append(b.key) } else { raised[b.key] = max(alpha, needed) }
            }
        }
        let r = SummaryComparison.compare(baseline: baseline, current: current, alpha: alpha, raised: raised)
        out(r.text(cells: baseline.cells.count, newFile: current.file))
        if let d = detect {
            let levels = raised.values.sorted()
            if let low = levels.first, let high = levels.last {
                out(String(format: "  --detect %g with power %g: each cell's convergence-rate test also moves at p below %@ (%@)\n", d, power,
                           low == high ? String(format: "%.2g", low) : String(format: "%.2g … %.2g", low, high),
                           levels.count == 1 ? "1 cell" : "\(levels.count) cells"))
                out(String(format: "  if nothing moved, expect at most %.2g false alarms: the family's alpha plus the sum of the raised levels\n",
                           alpha + levels.reduce(0, +)))
            }
            if let first = undetectable.first {
                out(String(format: "  %d cell%@ cannot detect a change of %g with power %g at any level up to %g (too few runs; not raised), e.g. %@\n",
                           undetectable.count, undetectable.count == 1 ? "" : "s", d, power, levelCap, first))
            }
        }
        let first = alpha / Double(max(1, r.tests.count))
        var hardest: (change: Double?, key: String, cell: SummaryCells.Cell, other: Int)?
        for b in baseline.cells {
            guard let c = current.cell(b.key) else { continue }
            let change = RatePower.detectableChange(rate: b.rate, trials: b.replications, c.replications, alpha: raised[b.key] ?? first, power: power)
            if hardest == nil || (change ?? 2) > (hardest!.change ?? 2) { hardest = (change, b.key, b, c.replications) }
        }
        if let h = hardest {
            let cell = String(format: "%@, rate %.3f, %d vs %d runs", h.key, h.cell.rate, h.cell.replications, h.other)
            let level = raised.isEmpty ? String(format: "Holm's first level alpha/tests = %.2g", first) : "each cell's level"
            if let change = h.change {
                out(String(format: "  detectable with power %g at %@: a change of convergence rate of %.3f or more in every cell (the hardest: %@)\n",
                           power, level, change, cell))
            } else {
                out(String(format: "  some cells cannot detect any change of convergence rate with power %g at %@ (e.g. %@); rerun with more replications\n",
                           power, level, cell))
            }
        }
        return r.moved.isEmpty && r.missing.isEmpty ? 0 : 1
    }
}
