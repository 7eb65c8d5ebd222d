/// The runs of one sweep point, computed (with adaptive replications if asked) and
/// rendered as the rows it contributes to `runs.csv`, `summary.csv` and `paired.csv`.
struct PointResult {
    let point: SweepPlan.Point
    /// Outcomes per cell (variant × strategies + strategy), indexed by replication.
    let outcomes: [[RunOutcome]]

    /// Runs the point: `replications` from its scenario, then, with a target half-width,
    /// doubling (up to `cap`) until every cell's 95% Wilson interval is at most that wide
    /// on each side. Deterministic: replication r is the same run whatever the rounds.
    static func compute(_ point: SweepPlan.Point, jobs: Int, targetHalfwidth: Double?, cap: Int,
                        progress: (Int) -> Void) -> PointResult {
        let scenario = point.scenario
        let simulation = Simulation(scenario: scenario)
        let strategies = scenario.strategies.count
        let cells = scenario.variants.count * strategies
        var outcomes = [[RunOutcome]](repeating: [], count: cells)
        var done = 0, target = scenario.replications
        while true {
            let fresh = target - done, first = done
            ParallelRunner.run(count: cells * fresh, jobs: jobs, body: { i in
                simulation.run(.init(variant: i / fresh / strategies, strategy: (i / fresh) % strategies, replication: first + i % fresh))
            }) { start, batch in
                for (k, o) in batch.enumerated() { outcomes[(start + k) / fresh].append(o) }
                progress(batch.count)
            }
            done = target
            guard let w = targetHalfwidth, done < cap else { break }
            let widest = outcomes.map { cell -> Double in
                let ci = Statistics.wilsonInterval(successes: cell.filter(\.converged).count, trials: cell.count)
                return (ci.high - ci.low) / 2
            }.max() ?? 0
            if widest <= w { break }
            target = min(cap, target * 2)
        }
        return PointResult(point: point, outcomes: outcomes)
    }

    /// `point` and the axis values, the first columns of every row.
    var prefix: [String] { [String(point.index)] + point.values.map(\.label) }

    func runRows() -> String {
        let s = point.scenario
        var text = ""
        for (cell, runs) in outcomes.enumerated() {
            let variant = s.variants[cell / s.strategies.count].name, strategy = s.strategies[cell % s.strategies.count].name
            for (r, o) in runs.enumerated() {
                let id = "\(point.index)/\(variant)/\(strategy)/\(r)"
                text += CSV.record([id] + prefix + RunsTable.fields(variant: variant, strategy: strategy, replication: r, seed: s.seed, outcome: o))
            }
        }
        return text
    }

    func summaryRows() -> String {
        let s = point.scenario
        var text = ""
        for (cell, runs) in outcomes.enumerated() {
            var summary = CellSummary(variant: s.variants[cell / s.strategies.count].name, strategy: s.strategies[cell % s.strategies.count].name)
            for o in runs { summary.add(o) }
            text += CSV.record(prefix + SummaryTable.fields(summary))
        }
        return text
    }

    /// One row per (variant, strategy A, strategy B) with A before B in scenario order.
    func pairedRows() -> String {
        let s = point.scenario, n = s.strategies.count
        var text = ""
        for v in s.variants.indices {
            for a in 0..<n {
                for b in (a + 1)..<max(a + 1, n) {
                    var d = PairedDifference()
                    for (x, y) in zip(outcomes[v * n + a], outcomes[v * n + b]) { d.add(a: x.converged, b: y.converged) }
                    let ci = d.interval()
                    let rate = { (k: Int) in SummaryTable.number(d.pairs == 0 ? 0 : Double(k) / Double(d.pairs)) }
                    text += CSV.record(prefix + [s.variants[v].name, s.strategies[a].name, s.strategies[b].name, String(d.pairs),
                                                 rate(d.aConverged), rate(d.bConverged), SummaryTable.number(d.difference),
                                                 SummaryTable.number(ci.low), SummaryTable.number(ci.high), String(d.aOnly), String(d.bOnly)])
                }
            }
        }
        return text
    }

    static let pairedColumns = ["variant", "strategy_a", "strategy_b", "replications", "rate_a", "rate_b",
                                "difference", "ci_low", "ci_high", "a_only", "b_only"]
}
