import Foundation

/// Runs every replication of a scenario and writes its reports into one folder:
/// `runs.csv` (or `runs.csv.gz`, or no per-run rows: `RunsFormat`), `summary.csv` and
/// `paired.csv` (`PairedTable`), `meta.json` and `plot.gp` (`RunPlot`; docs/csv.md). The
/// folder is locked for the run (`FolderLock`: a second writer is refused) and the files
/// are committed as one set at the end (`ReportSet`), so an interrupted run leaves the
/// previous reports intact, and no reader ever sees files of two runs side by side.
public struct StudyReport {
    /// What `meta.json` records besides the scenario itself.
    public struct Provenance: Sendable {
        /// The scenario file as named by the user.
        public var scenarioFile: String
        /// Its bytes (hashed into `scenario_fnv1a64`).
        public var scenarioBytes: [UInt8]
        /// Git commit of the PushSim build, when known.
        public var commit: String?
        /// The `--strategy KIND[:JSON]` values the run added to the file's strategies, in
        /// order (`meta.json`'s `added_strategies`, only when there are any).
        public var addedStrategies: [String]

        public init(scenarioFile: String, scenarioBytes: [UInt8], commit: String?, addedStrategies: [String] = []) {
            self.scenarioFile = scenarioFile; self.scenarioBytes = scenarioBytes; self.commit = commit
            self.addedStrategies = addedStrategies
        }
    }

    /// PushSim's version, recorded in `meta.json`.
    public static let version = "0.1.0"

    /// Runs `scenario` and writes the reports into `folder` (created if needed).
    /// - Parameters:
    ///   - jobs: worker threads (≥ 1); the files are byte-identical for any value.
    ///   - shuffleTies: `--shuffle-ties` seed (see `Simulation.shuffleTies`); nil: FIFO ties.
    ///   - runs: how the per-run rows are written (`RunsFormat`; rows are built only when
    ///     written). The other formats' per-run files are removed from `folder` at the end.
    ///   - messages: how the per-message rows are written (`messages.csv`, `.csv.gz`, or none,
    ///     the default); each run with rows is run traced by `MessageSink`, in a fresh world.
    ///   - figureSize: the physical size of the figures `plot.gp` draws (`FigureSize`; default `.text`).
    ///   - progress: called on the calling thread after each batch with (runs done, total).
    /// - Returns: the per-(variant, strategy) summaries, in scenario order.
    /// - Throws: `ScenarioError` when another process writes into `folder`; file-system
    ///   errors. No report file is replaced unless all were written.
    public static func run(_ scenario: Scenario, into folder: URL, jobs: Int, provenance: Provenance, shuffleTies: UInt64? = nil,
                           runs format: RunsFormat = .csv, messages: RunsFormat = .none, figureSize: FigureSize = .text,
                           progress: ((Int, Int) -> Void)? = nil) throws -> [CellSummary] {
        let lock = try FolderLock(folder, purpose: "pushsim run \(provenance.scenarioFile)")
        defer { lock.release() }
        let simulation = Simulation(scenario: scenario, shuffleTies: shuffleTies)
        var cells: [CellSummary] = []
        for v in scenario.variants { for s in scenario.strategies { cells.append(CellSummary(variant: v.name, strategy: s.name)) } }

        let set = ReportSet(folder: folder)
        defer { set.abandon() }
        if let fleet = scenario.fleet {
            precondition(!messages.writesRows, "messages.csv is for runs of one recipient (the command refuses it for a fleet)")
            _ = try set.rows("messages", .none)   // an earlier run's messages.csv goes with the rest of its set
            let cells = try FleetReport.run(scenario, fleet: fleet, simulation: simulation, set: set, jobs: jobs, runs: format,
                                              figureSize: figureSize, progress: progress)
            try set.write("meta.json", metaJSON(scenario, provenance, shuffleTies: shuffleTies, runs: format))
            for name in GnuplotFigure.figureFiles { set.remove(name) }
            try set.commit()
            return cells
        }
        let runs = try set.runs(format)
        try runs.write(bytes: Array(CSV.record(RunsTable.columns).utf8))
        let messageRows = try set.rows("messages", messages)
        try messageRows.write(bytes: Array(CSV.record(MessagesTable.columns).utf8))
        let total = simulation.runCount
        var paired = PairedAccumulator(variants: scenario.variants.count, strategies: scenario.strategies.count)
        // Workers also format their rows, so the calling thread only sums and writes.
        try ParallelRunner.run(count: total, jobs: jobs, context: { RunWorkspace() }, body: { workspace, i -> (RunOutcome, [UInt8], [UInt8]) in
            let id = simulation.runID(at: i)
            let (variant, strategy) = (scenario.variants[id.variant].name, scenario.strategies[id.strategy].name)
            var outcome: RunOutcome, messageBytes: [UInt8] = []
            if messages.writesRows {
                let (o, rows) = simulation.messages(id, cache: workspace.cache)
                var line = CSVLine()
                MessagesTable.append(rows, to: &line, variant: variant, strategy: strategy, replication: id.replication)
                (outcome, messageBytes) = (o, line.bytes)
            } else {
                outcome = simulation.run(id, workspace: workspace)
            }
            guard format.writesRows else { return (outcome, [], messageBytes) }
            var row = CSVLine()
            RunsTable.append(to: &row, variant: variant, strategy: strategy, replication: id.replication, seed: scenario.seed, outcome: outcome)
            return (outcome, row.bytes, messageBytes)
        }) { first, results in
            for (k, (outcome, row, messageBytes)) in results.enumerated() {
                let id = simulation.runID(at: first + k)
                let cell = id.variant * scenario.strategies.count + id.strategy
                cells[cell].add(outcome)
                paired.add(cell: cell, converged: outcome.converged)
                try runs.write(bytes: row)
                try messageRows.write(bytes: messageBytes)
            }
            progress?(first + results.count, total)
        }

        let summaryRows = cells.map { SummaryTable.record($0) }
        try set.write("summary.csv", CSV.record(SummaryTable.columns) + summaryRows.joined())
        try set.write("plot.gp", RunPlot.script(name: scenario.name, summary: summaryRows.flatMap { CSV.parse($0) }, size: figureSize))
        try set.write("paired.csv", CSV.record(PairedTable.columns)
            + PairedTable.rows(variants: scenario.variants.map(\.name), strategies: scenario.strategies.map(\.name), difference: paired.difference))
        try set.write("meta.json", metaJSON(scenario, provenance, shuffleTies: shuffleTies, runs: format, messages: messages))
        for name in GnuplotFigure.figureFiles { set.remove(name) }   // drawn from the old set: redrawn after (`Plotter`)
        try set.commit()
        return cells
    }

    /// `meta.json`: keys sorted, no timestamps, so equal inputs give equal bytes;
    /// `shuffle_ties` only when ties were shuffled.
    static func metaJSON(_ scenario: Scenario, _ p: Provenance, shuffleTies: UInt64? = nil, runs: RunsFormat = .csv,
                         messages: RunsFormat = .none) throws -> String {
        var object: [String: Any] = [
            "pushsim_version": version,
            "commit": p.commit ?? NSNull(),
            "scenario": scenario.name,
            "scenario_file": p.scenarioFile,
            "scenario_fnv1a64": FNV1a64.hex(p.scenarioBytes),
            "seed": NSNumber(value: scenario.seed),
            "replications": scenario.replications,
            "horizon_s": SecondsFormat.string(scenario.horizon.microseconds),
            "generator": scenario.generator.name,
            "gsl_version": GSL.version,
            "stream_seeding": streamSeeding(scenario.generator),
            "runs_format": runs.rawValue,
            "variants": scenario.variants.map(\.name),
            "strategies": scenario.strategies.map(\.name),
        ]
        if messages.writesRows { object["messages_format"] = messages.rawValue }
        if !p.addedStrategies.isEmpty { object["added_strategies"] = p.addedStrategies }
        if !scenario.sampleFiles.isEmpty {
            object["sample_files"] = scenario.sampleFiles.map { ["file": $0.file, "fnv1a64": $0.fnv1a64] }
        }
        if let fleet = scenario.fleet {
            object["fleet_recipients"] = fleet.population.count
            object["fleet_run_numbering"] = "recipient r of fleet replication k is run k*recipients+r (its streams' replication)"
        }
        if let shuffleTies { object["shuffle_ties"] = NSNumber(value: shuffleTies) }
        let data = try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// How the streams of `generator` are set up, for `meta.json`.
    static func streamSeeding(_ generator: GeneratorType) -> String {
        generator.isCounterBased
            ? "philox key splitmix64(seed, stream name), counter (replication, block), see docs/model.md"
            : "splitmix64(seed, replication, stream name) -> 32-bit, see docs/model.md"
    }
}
