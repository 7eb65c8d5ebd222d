/// `paired.csv`: one row per variant and pair of strategies (A before B in scenario order)
/// with the difference in convergence rate over the replications they share and its 95%
/// Newcombe interval (`PairedDifference`). `pushsim run` writes it (header only with one
/// strategy); a sweep writes it per point, after the point and axis columns.
public enum PairedTable {
    /// The columns after any point and axis columns.
    public static let columns = ["variant", "strategy_a", "strategy_b", "replications", "rate_a", "rate_b",
                                 "difference", "difference_ci_low", "difference_ci_high", "a_only", "b_only"]

    /// The rows of one scenario's cells: `difference(v, a, b)` is variant `v`'s pair of
    /// strategies `a` < `b`; every row starts with `prefix`.
    static func rows(prefix: [String] = [], variants: [String], strategies: [String],
                     difference: (Int, Int, Int) -> PairedDifference) -> String {
        var text = ""
        for v in variants.indices {
            for a in strategies.indices {
                for b in strategies.indices where b > a {
                    let d = difference(v, a, b), ci = d.interval()
                    let rate = { (k: Int) in SummaryTable.number(d.pairs == 0 ? 0 : Double(k) / Double(d.pairs)) }
                    text += CSV.record(prefix + [variants[v], strategies[a], strategies[b], String(d.pairs),
                                                 rate(d.aConverged), rate(d.bConverged), SummaryTable.number(d.difference),
                                                 SummaryTable.number(ci.low), SummaryTable.number(ci.high), String(d.aOnly), String(d.bOnly)])
                }
            }
        }
        return text
    }
}

/// The paired differences of a run's cells, fed one run at a time in run order
/// (replication-major: every cell of replication r before any of r + 1, as
/// `Simulation.runID(at:)` numbers them). Memory: O(cells²), whatever the replications.
struct PairedAccumulator {
    let strategies: Int
    private(set) var differences: [PairedDifference]
    private var current: [Bool]

    init(variants: Int, strategies: Int) {
        self.strategies = strategies
        differences = Array(repeating: PairedDifference(), count: variants * strategies * strategies)
        current = Array(repeating: false, count: variants * strategies)
    }

    /// Adds the run of cell `cell` (variant · strategies + strategy); the last cell of a
    /// replication folds the replication's pairs in.
    mutating func add(cell: Int, converged: Bool) {
        current[cell] = converged
        guard cell == current.count - 1 else { return }
        for v in 0..<(current.count / strategies) {
            for a in 0..<strategies {
                for b in (a + 1)..<max(a + 1, strategies) {
                    differences[(v * strategies + a) * strategies + b].add(a: current[v * strategies + a], b: current[v * strategies + b])
                }
            }
        }
    }

    func difference(_ v: Int, _ a: Int, _ b: Int) -> PairedDifference { differences[(v * strategies + a) * strategies + b] }
}
