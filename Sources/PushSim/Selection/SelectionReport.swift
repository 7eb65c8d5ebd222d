import Foundation

/// What a finished `StrategySelection` reports: per variant the status of every strategy,
/// the one selected, and the files `selection.csv` and `selection-meta.json` (docs/csv.md,
/// Selection reports).
///
/// The selected strategy of a variant: its one survivor; among tied survivors, the one
/// that is best or tied-best on the most variants of the scenario, then the first in
/// scenario order; none when the variant is undecided.
public struct SelectionReport: Sendable {
    /// The status of one strategy on one variant.
    public enum Status: String, Sendable {
        /// The one survivor.
        case selected
        /// One of several survivors with equal means when every W is 0.
        case tiedBest = "tied-best"
        /// Eliminated by another strategy.
        case eliminated
        /// A survivor when the cap on replications was reached.
        case undecided
    }

    public let selection: StrategySelection

    public init(_ selection: StrategySelection) { self.selection = selection }

    private var strategies: [String] { selection.scenario.strategies.map(\.name) }
    private var variants: [String] { selection.scenario.variants.map(\.name) }

    /// The strategies best or tied-best on variant `v` (empty when undecided).
    public func best(variant v: Int) -> [Int] {
        switch selection.procedures[v].status {
        case .selected(let i): [i]
        case .tied(let survivors): survivors
        case .running, .undecided: []
        }
    }

    /// Per strategy, the variants on which it is best or tied-best.
    public var bestCounts: [Int] {
        var counts = Array(repeating: 0, count: strategies.count)
        for v in variants.indices { for s in best(variant: v) { counts[s] += 1 } }
        return counts
    }

    /// The strategy selected on variant `v` (see the type's description), or nil when undecided.
    public func selected(variant v: Int) -> Int? {
        let counts = bestCounts
        // max(by:) keeps the last of equal elements: compare so that the first in scenario order wins.
        return best(variant: v).max { (counts[$0], -$0) < (counts[$1], -$1) }
    }

    /// The strategies best or tied-best on every variant (none if a variant is undecided).
    public var bestEverywhere: [Int] { bestCounts.indices.filter { bestCounts[$0] == variants.count } }

    /// The status of strategy `s` on variant `v`, and its elimination if it was eliminated.
    public func status(variant v: Int, strategy s: Int) -> (Status, KimNelson.Elimination?) {
        let kn = selection.procedures[v]
        if let e = kn.eliminations.first(where: { $0.system == s }) { return (.eliminated, e) }
        switch kn.status {
        case .selected: return (.selected, nil)
        case .tied: return (.tiedBest, nil)
        case .running, .undecided: return (.undecided, nil)
        }
    }

    /// `selection.csv`'s columns, in order.
    public static let columns = ["variant", "strategy", "status", "selected", "replications", "mean", "eliminated_at_replication",
                                 "by_strategy", "by_mean", "w", "metric", "unit", "better", "delta", "alpha", "n0", "batch", "h2", "seed"]

    /// `selection.csv`: the header, then a row per variant × strategy in scenario order.
    public var csv: String {
        let o = selection.options, divisor = o.divisor, b = o.batch
        var line = CSVLine(capacity: 4096)
        for (v, variant) in variants.enumerated() {
            let kn = selection.procedures[v]
            let chosen = selected(variant: v)
            for (s, strategy) in strategies.enumerated() {
                let (status, e) = self.status(variant: v, strategy: s)
                line.append(variant); line.append(strategy); line.append(status.rawValue)
                line.append(chosen == s ? 1 : 0)
                line.append(kn.replications(of: s) * b)
                line.appendDecimal(kn.mean(s) / divisor)
                if let e { line.append(e.replication * b) } else { line.append("") }
                line.append(e.map { strategies[$0.by] } ?? "")
                line.appendDecimal(e.map { $0.byMean / divisor })
                line.appendDecimal(e.map { $0.halfWidth / divisor })
                line.append(o.metric.name); line.append(o.metric.unit); line.append(o.metric.better)
                line.appendDecimal(o.delta); line.appendDecimal(o.alpha); line.append(o.firstStage)
                line.append(b); line.appendDecimal(kn.hSquared); line.append(selection.scenario.seed)
                line.end()
            }
        }
        return CSV.record(Self.columns) + String(decoding: line.bytes, as: UTF8.self)
    }

    /// `selection-meta.json`: keys sorted, no timestamps (as `meta.json`).
    /// - Parameter maxReplications: the cap as the user gave it (`--max-replications`).
    public func metaJSON(_ p: StudyReport.Provenance, maxReplications: Int) throws -> String {
        let scenario = selection.scenario, o = selection.options
        let kn = selection.procedures[0]
        var object: [String: Any] = [
            "pushsim_version": StudyReport.version,
            "commit": p.commit ?? NSNull(),
            "scenario": scenario.name,
            "scenario_file": p.scenarioFile,
            "scenario_fnv1a64": FNV1a64.hex(p.scenarioBytes),
            "seed": NSNumber(value: scenario.seed),
            "horizon_s": SecondsFormat.string(scenario.horizon.microseconds),
            "generator": scenario.generator.name,
            "gsl_version": GSL.version,
            "stream_seeding": StudyReport.streamSeeding(scenario.generator),
            "variants": variants,
            "strategies": strategies,
            "procedure": "Kim & Nelson (2001) fully sequential procedure KN, c = 1, common random numbers",
            "metric": o.metric.name,
            "unit": o.metric.unit,
            "better": o.metric.better,
            "delta": o.delta,
            "alpha": o.alpha,
            "n0": o.firstStage,
            "batch": o.batch,
            "max_replications": maxReplications,
            "eta": kn.eta,
            "h2": kn.hSquared,
            // The floor of S² of the paired differences of batch means, in the unit squared.
            "variance_floor": kn.parameters.varianceFloor / (o.divisor * o.divisor),
            "runs_computed": selection.runsComputed,
        ]
        if !scenario.sampleFiles.isEmpty {
            object["sample_files"] = scenario.sampleFiles.map { ["file": $0.file, "fnv1a64": $0.fnv1a64] }
        }
        let data = try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
