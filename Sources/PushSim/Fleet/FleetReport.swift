import Foundation

/// A fleet scenario's reports (`StudyReport.run` hands a scenario with `fleet` here):
/// the recipient-level files of any run, with recipient r of fleet replication k as run
/// k·N + r (`runs.csv`, `summary.csv`, `paired.csv`: rates over recipients, whose
/// intervals assume independent recipients), and the fleet's own files: `fleet.csv`,
/// `fleet-summary.csv` (intervals across replications) and `timeline.csv`, plus
/// `timeline.gp` (docs/csv.md, Fleets). One commit, as for any run (`ReportSet`).
enum FleetReport {
    /// Runs every fleet run (replication × variant × strategy, `jobs` at once) and writes
    /// the reports into `set`; returns the recipient-level summaries.
    static func run(_ scenario: Scenario, fleet: FleetSpec, simulation: Simulation, set: ReportSet, jobs: Int, runs format: RunsFormat,
                    figureSize: FigureSize = .text, progress: ((Int, Int) -> Void)?) throws -> [CellSummary] {
        var cells: [CellSummary] = []
        for v in scenario.variants { for s in scenario.strategies { cells.append(CellSummary(variant: v.name, strategy: s.name)) } }
        let runs = try set.runs(format)
        try runs.write(bytes: Array(CSV.record(RunsTable.columns).utf8))
        let fleetFile = try set.file("fleet.csv"), timelineFile = try set.file("timeline.csv")
        try fleetFile.write(FleetTables.fleetHeader)
        try timelineFile.write(CSV.record(FleetTables.timelineNames))
        var paired = PairedAccumulator(variants: scenario.variants.count, strategies: scenario.strategies.count)
        var measures = Array(repeating: [FleetMeasures](), count: cells.count)
        var firstTimelines = Array(repeating: FleetTimeline?.none, count: cells.count)
        let n = fleet.population.count
        let total = simulation.runCount
        // A fleet run holds every recipient's world: one batch of `jobs` runs at a time.
        // Workers also format the recipients' rows. The rows and the pairs of one
        // replication are written recipient by recipient across its cells, in the order of
        // the lone runs k·N + r, once its last cell is in (cells of a replication are
        // consecutive runs).
        var converged = Array(repeating: [Bool](), count: cells.count)
        var rows = Array(repeating: [[UInt8]](), count: cells.count)
        try ParallelRunner.run(count: total, jobs: jobs, batchSize: jobs, body: { i -> (FleetOutcome, [[UInt8]]) in
            let id = simulation.runID(at: i)
            let o = FleetRun(simulation: simulation, fleet: fleet, id: id, setups: FleetSetups(simulation: simulation, fleet: fleet)).run()
            guard format.writesRows else { return (o, []) }
            let variant = scenario.variants[id.variant].name, strategy = scenario.strategies[id.strategy].name
            return (o, o.recipientRows { run, outcome in
                var row = CSVLine()
                RunsTable.append(to: &row, variant: variant, strategy: strategy, replication: run, seed: scenario.seed, outcome: outcome)
                return row.bytes
            })
        }) { first, results in
            for (k, (o, recipientRows)) in results.enumerated() {
                let id = simulation.runID(at: first + k)
                let cell = id.variant * scenario.strategies.count + id.strategy
                let variant = scenario.variants[id.variant].name, strategy = scenario.strategies[id.strategy].name
                converged[cell] = o.add(to: &cells[cell])
                rows[cell] = recipientRows
                measures[cell].append(o.measures)
                if id.replication == 0 { firstTimelines[cell] = o.timeline }
                try fleetFile.write(bytes: FleetTables.fleetRow(o, variant: variant, strategy: strategy))
                try timelineFile.write(bytes: FleetTables.timelineRows(o, variant: variant, strategy: strategy))
                guard cell == cells.count - 1 else { continue }
                for r in 0..<n {
                    for c in cells.indices {
                        paired.add(cell: c, converged: converged[c][r])
                        if format.writesRows { try runs.write(bytes: rows[c][r]) }
                    }
                }
            }
            progress?(first + results.count, total)
        }
        var summary: [UInt8] = Array(FleetTables.summaryHeader.utf8)
        for (c, cell) in cells.enumerated() { summary += FleetTables.summaryRows(variant: cell.variant, strategy: cell.strategy, runs: measures[c]) }
        try set.file("fleet-summary.csv").write(bytes: summary)
        let summaryRows = cells.map { SummaryTable.record($0) }
        try set.write("summary.csv", CSV.record(SummaryTable.columns) + summaryRows.joined())
        let timelineFigure = FleetPlot.figure(name: scenario.name, cells: cells.map { "\($0.variant) / \($0.strategy)" },
                                              timelines: firstTimelines.map { $0! }, size: figureSize)
        try set.write("plot.gp", RunPlot.script(name: scenario.name, summary: summaryRows.flatMap { CSV.parse($0) }, runs: "runs", size: figureSize)
            + "# The fleet's timeline (replication 0): timeline.svg, timeline.png and timeline.pdf.\n" + timelineFigure.script())
        try set.write("paired.csv", CSV.record(PairedTable.columns)
            + PairedTable.rows(variants: scenario.variants.map(\.name), strategies: scenario.strategies.map(\.name), difference: paired.difference))
        return cells
    }
}
