/// A sweep point whose scenario is a fleet: its fleet runs, summarised per recipient into
/// the point's summary and paired rows (as `FleetReport` does for a run) and per fleet run
/// into its `fleet` and `fleet-summary` parts.
extension PointResult {
    /// Runs the point's fleet runs: `replications`, then, with a target half-width, doubling
    /// (up to `cap`) as for any point (the interval is the recipients' Wilson interval).
    /// Rows go to `runs` by replication, recipient, cell: the order of the lone runs k·N + r.
    mutating func computeFleet(_ fleet: FleetSpec, simulation: Simulation, jobs: Int, targetHalfwidth: Double?, cap: Int,
                               runs: RunsWriter, progress: (Int) -> Void) throws {
        let scenario = simulation.scenario
        let strategies = scenario.strategies.count, cells = summaries.count, n = fleet.population.count
        fleetMeasures = Array(repeating: [], count: cells)
        var done = 0, target = scenario.replications
        var converged = Array(repeating: [Bool](), count: cells), rows = Array(repeating: [[UInt8]](), count: cells)
        let prefix = self.prefix
        let writesRows = runs.format.writesRows
        let pointIndex = point.index
        while true {
            let fresh = target - done, first = done
            try ParallelRunner.run(count: cells * fresh, jobs: jobs, batchSize: jobs, body: { i -> (FleetOutcome, [[UInt8]]) in
                let id = Simulation.RunID(variant: (i % cells) / strategies, strategy: i % strategies, replication: first + i / cells)
                let o = FleetRun(simulation: simulation, fleet: fleet, id: id, setups: FleetSetups(simulation: simulation, fleet: fleet)).run()
                guard writesRows else { return (o, []) }
                let variant = scenario.variants[id.variant].name, strategy = scenario.strategies[id.strategy].name
                return (o, o.recipientRows { replication, outcome in
                    var line = CSVLine()
                    RunsTable.append(to: &line, prefix: ["\(pointIndex)/\(variant)/\(strategy)/\(replication)"] + prefix, variant: variant,
                                     strategy: strategy, replication: replication, seed: scenario.seed, outcome: outcome)
                    return line.bytes
                })
            }) { start, batch in
                for (k, (o, recipientRows)) in batch.enumerated() {
                    let cell = (start + k) % cells
                    converged[cell] = o.add(to: &summaries[cell])
                    rows[cell] = recipientRows
                    self.converged[cell] += converged[cell]
                    fleetMeasures[cell].append(o.measures)
                    fleetRows += FleetTables.fleetRow(o, prefix: prefix, variant: summaries[cell].variant, strategy: summaries[cell].strategy)
                    if writesRows && cell == cells - 1 {
                        for r in 0..<n { for c in 0..<cells { try runs.write(bytes: rows[c][r]) } }
                    }
                }
                progress(batch.count)
            }
            done = target
            guard let w = targetHalfwidth, done < cap else { break }
            let widest = summaries.map { ($0.interval.high - $0.interval.low) / 2 }.max() ?? 0
            if widest <= w { break }
            target = min(cap, target * 2)
        }
    }

    /// The point's `fleet-summary` part: per cell and measure, the mean over its fleet runs
    /// with the 95% t-interval (`FleetTables.summaryRows`), prefixed.
    func fleetSummaryRows() -> [UInt8] {
        summaries.indices.flatMap { c in
            FleetTables.summaryRows(prefix: prefix, variant: summaries[c].variant, strategy: summaries[c].strategy, runs: fleetMeasures[c])
        }
    }
}
