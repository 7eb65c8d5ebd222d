import Foundation

extension SelectionReport {
    /// What `pushsim select` prints: the question, a table (variant, selected, status,
    /// survivors, replications used), who was eliminated at which r and why, the ties, and
    /// an overall line naming the strategies best or tied-best on every variant.
    public var text: String {
        let o = selection.options, scenario = selection.scenario
        let names = scenario.strategies.map(\.name)
        var out = "\(scenario.name): the best strategy by the mean of \(o.metric.name) (\(o.metric.unit); \(o.metric.better) is better), "
            + "δ = \(Self.number(o.delta)), 1 − α = \(Self.number(1 - o.alpha)), seed \(scenario.seed)\n"
        let kn0 = selection.procedures[0]
        out += "Kim & Nelson (2001) procedure KN with common random numbers on means of batches of \(o.batch) replications: "
            + "n0 = \(o.firstStage) batches, h² = \(String(format: "%.4f", kn0.hSquared))"
            + (o.metric.isFlag ? ", S² at least δ(1 − δ)/\(o.batch)" : "") + "; \(selection.runsComputed) runs\n\n"
        var rows: [[String]] = [], reasons: [String] = [], ties: [String] = [], undecided: [String] = []
        for (v, variant) in scenario.variants.map(\.name).enumerated() {
            let kn = selection.procedures[v]
            let status = kn.survivors.count == 1 ? Status.selected : (best(variant: v).isEmpty ? .undecided : .tiedBest)
            rows.append([variant, selected(variant: v).map { names[$0] } ?? "-", status.rawValue,
                         kn.survivors.map { names[$0] }.joined(separator: ", "), String(kn.replications * o.batch)])
            for e in kn.eliminations { reasons.append("  \(variant): " + reason(e, names)) }
            if status == .tiedBest {
                ties.append("  \(variant): \(kn.survivors.map { names[$0] }.joined(separator: ", ")) after \(kn.replications * o.batch) "
                            + "replications: equal means \(Self.number(kn.mean(kn.survivors[0]) / o.divisor)), every W = 0 "
                            + "(the best, if δ better than the rest, is among them)")
            }
            if status == .undecided {
                undecided.append("  \(variant): still \(kn.survivors.count) survivors at the cap, \(kn.replications * o.batch) "
                                 + "replications (--max-replications); no guarantee")
            }
        }
        out += TextTable.render(header: ["variant", "selected", "status", "survivors", "replications"], rows: rows, numeric: [4])
        if !reasons.isEmpty { out += "\neliminated:\n" + reasons.joined(separator: "\n") + "\n" }
        if !ties.isEmpty { out += "\ntied:\n" + ties.joined(separator: "\n") + "\n" }
        if !undecided.isEmpty { out += "\nundecided:\n" + undecided.joined(separator: "\n") + "\n" }
        out += "\n" + overall(names) + "\n"
        return out
    }

    /// `hintPull eliminated after 740 replications (batch 37): mean 0.84 < hintPullForegroundSync's
    /// 1 − W 0.012` (`>` and `+ W` when lower is better).
    func reason(_ e: KimNelson.Elimination, _ names: [String]) -> String {
        let o = selection.options
        let (worse, sign) = o.metric.higherIsBetter ? ("<", "−") : (">", "+")
        return "\(names[e.system]) eliminated after \(e.replication * o.batch) replications (batch \(e.replication)): "
            + "mean \(Self.number(e.mean / o.divisor)) \(worse) "
            + "\(names[e.by])'s \(Self.number(e.byMean / o.divisor)) \(sign) W \(Self.number(e.halfWidth / o.divisor))"
    }

    /// The overall line.
    func overall(_ names: [String]) -> String {
        let everywhere = bestEverywhere, n = selection.procedures.count
        if !everywhere.isEmpty {
            let list = everywhere.map { names[$0] }.joined(separator: ", ")
            return "overall: \(list) \(everywhere.count == 1 ? "is" : "are") best or tied-best on every variant (\(n) of \(n))"
        }
        let counts = bestCounts
        guard let top = counts.indices.max(by: { (counts[$0], -$0) < (counts[$1], -$1) }), counts[top] > 0 else {
            return "overall: no strategy is best on any variant"
        }
        return "overall: no strategy is best or tied-best on every variant; \(names[top]) on \(counts[top]) of \(n)"
    }

    /// `x` to six significant digits.
    static func number(_ x: Double) -> String { String(format: "%.6g", x) }
}
