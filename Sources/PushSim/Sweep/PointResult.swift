/// The runs of one sweep point, computed (with adaptive replications if asked): their
/// rows (unless the runs format is `none`) stream into the point's `runs` part as they are computed,
/// their messages' rows (with `--messages`) into its `messages` part, and what `summary.csv`
/// and `paired.csv` need is kept: one `CellSummary` and one converged flag per run.
///
/// Memory: O(cells × replications) bytes for the flags (plus the convergence times of
/// converged runs), never the runs themselves.
struct PointResult {
    let point: SweepPlan.Point
    /// The point's axis fields (`Axis.fields`), in axis order.
    let axisFields: [String]
    /// Per cell (variant × strategies + strategy).
    var summaries: [CellSummary]
    /// Per cell, whether replication r converged (a fleet: recipient r of fleet replication k at k·N + r).
    var converged: [[Bool]]
    /// A fleet point's `fleet.csv` rows (prefixed), and per cell its fleet runs' measures.
    var fleetRows: [UInt8] = []
    var fleetMeasures: [[FleetMeasures]] = []

    /// Runs the point: `replications` from its scenario, then, with a target half-width,
    /// doubling (up to `cap`) until every cell's 95% Wilson interval is at most that wide
    /// on each side. Deterministic: replication r is the same run whatever the rounds.
    /// Rows go to `runs` by round, then replication, then cell (variant, strategy); each
    /// run's `MessagesTable` rows (prefixed as its runs row) go to `messages` in the same
    /// order, when its format writes rows: each such run is run traced (`Simulation.messages`),
    /// in a fresh world, with the same outcome. A fleet point writes no messages.
    static func compute(_ point: SweepPlan.Point, axes: [Axis], jobs: Int, targetHalfwidth: Double?, cap: Int,
                        runs: RunsWriter, messages: RunsWriter, progress: (Int) -> Void) throws -> PointResult {
        let scenario = point.scenario
        let simulation = Simulation(scenario: scenario)
        let strategies = scenario.strategies.count
        var result = PointResult(point: point, axisFields: zip(axes, point.values).flatMap { $0.fields($1) },
                                 summaries: scenario.variants.flatMap { v in scenario.strategies.map { CellSummary(variant: v.name, strategy: $0.name) } },
                                 converged: [[Bool]](repeating: [], count: scenario.variants.count * strategies))
        let prefix = result.prefix
        let writesMessages = messages.format.writesRows
        if let fleet = scenario.fleet {
            precondition(!writesMessages, "messages.csv is for points of one recipient (SweepManifest refuses it for fleets)")
            try result.computeFleet(fleet, simulation: simulation, jobs: jobs, targetHalfwidth: targetHalfwidth, cap: cap, runs: runs, progress: progress)
            return result
        }
        var done = 0, target = scenario.replications
        while true {
            let fresh = target - done, first = done
            let cells = result.summaries.count
            try ParallelRunner.run(count: cells * fresh, jobs: jobs, context: { RunWorkspace() }, body: { workspace, i -> (RunOutcome, [UInt8]) in
                let id = Simulation.RunID(variant: (i % cells) / strategies, strategy: i % strategies, replication: first + i / cells)
                guard writesMessages else { return (simulation.run(id, workspace: workspace), []) }
                // Formatted by the worker, so the calling thread only writes.
                let (o, rows) = simulation.messages(id, cache: workspace.cache)
                let (variant, strategy) = (scenario.variants[id.variant].name, scenario.strategies[id.strategy].name)
                var line = CSVLine()
                MessagesTable.append(rows, to: &line, prefix: ["\(point.index)/\(variant)/\(strategy)/\(id.replication)"] + prefix,
                                     variant: variant, strategy: strategy, replication: id.replication)
                return (o, line.bytes)
            }) { start, batch in
                var line = CSVLine(capacity: batch.count * 256)
                for (k, (o, messageRows)) in batch.enumerated() {
                    try messages.write(bytes: messageRows)
                    let cell = (start + k) % cells, r = first + (start + k) / cells
                    result.summaries[cell].add(o)
                    result.converged[cell].append(o.converged)
                    guard runs.format.writesRows else { continue }
                    let (variant, strategy) = (result.summaries[cell].variant, result.summaries[cell].strategy)
                    RunsTable.append(to: &line, prefix: ["\(point.index)/\(variant)/\(strategy)/\(r)"] + prefix, variant: variant,
                                     strategy: strategy, replication: r, seed: scenario.seed, outcome: o)
                }
                try runs.write(bytes: line.bytes)
                progress(batch.count)
            }
            done = target
            guard let w = targetHalfwidth, done < cap else { break }
            let widest = result.summaries.map { ($0.interval.high - $0.interval.low) / 2 }.max() ?? 0
            if widest <= w { break }
            target = min(cap, target * 2)
        }
        return result
    }

    /// `point` and the axis fields, the first columns of every row.
    var prefix: [String] { [String(point.index)] + axisFields }

    func summaryRows() -> String {
        summaries.map { SummaryTable.record($0, prefix: prefix) }.joined()
    }

    /// `paired.csv`'s rows of this point (`PairedTable`).
    func pairedRows() -> String {
        let s = point.scenario, n = s.strategies.count
        return PairedTable.rows(prefix: prefix, variants: s.variants.map(\.name), strategies: s.strategies.map(\.name)) { v, a, b in
            var d = PairedDifference()
            for (x, y) in zip(converged[v * n + a], converged[v * n + b]) { d.add(a: x, b: y) }
            return d
        }
    }
}
