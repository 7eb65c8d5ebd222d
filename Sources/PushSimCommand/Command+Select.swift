import Foundation
import PushSim

extension Command {
    /// `select FILE [--metric COLUMN] [--delta D] [--alpha A] [--n0 N] [--batch B] [--max-replications M]
    /// [--seed S] [--out DIR] [--jobs N] [--quiet]`: per variant, the strategy with the best
    /// mean of COLUMN by Kim and Nelson's procedure (`StrategySelection`), printed
    /// (`SelectionReport.text`) and written as `selection.csv` and `selection-meta.json` into
    /// DIR, committed as one set under the folder's lock. Bad options, an unknown metric, a
    /// fleet or fewer than two strategies: exit 2 before anything runs; a run with no value
    /// of the metric: exit 2 after the runs, nothing written.
    static func select(_ a: Arguments, _ registry: PluginRegistry, out: (String) -> Void, err: @escaping (String) -> Void,
                       environment: [String: String]) throws -> Int32 {
        try a.allow(flags: ["--quiet"], options: ["--metric", "--delta", "--alpha", "--n0", "--batch", "--max-replications", "--seed", "--out", "--jobs"])
        let name = a.options["--metric"] ?? SelectionMetric.default.name
        guard let metric = SelectionMetric.named(name) else {
            throw UsageError("unknown metric \"\(name)\"; metrics: \(SelectionMetric.all.map(\.name).joined(separator: ", "))")
        }
        guard let delta = try a.finite("--delta") ?? (metric.isFlag ? 0.01 : nil) else {
            throw UsageError("--delta is needed for metric \(metric.name): the indifference zone, in \(metric.unit)")
        }
        guard delta > 0 else { throw UsageError("--delta expects a number > 0, got \"\(a.options["--delta"] ?? "")\"") }
        if metric.isFlag, delta >= 1 {
            throw UsageError("--delta for \(metric.name) (a rate) expects a number in (0, 1), got \"\(a.options["--delta"] ?? "")\"")
        }
        let alpha = try a.fraction("--alpha") ?? 0.05
        let n0 = try a.int("--n0", in: 2...1_000_000) ?? 20
        let batch = try a.int("--batch", in: 1...10_000) ?? 20
        let cap = try a.int("--max-replications", in: 2...100_000_000) ?? 100_000
        guard cap / batch >= n0 else {
            throw UsageError("--max-replications (\(cap)) is below the first stage, --n0 × --batch (\(n0) × \(batch) = \(n0 * batch))")
        }
        let jobs = try a.int("--jobs", in: 1...1024) ?? ProcessInfo.processInfo.activeProcessorCount
        let seed = try a.unsigned("--seed")
        let file = a.positional.first ?? ""
        if a.positional.count == 1, case let .sweep(key) = ScenarioFileKind(json: FileManager.default.contents(atPath: file) ?? Data()) {
            throw ScenarioError(file: file, path: "$", message: "a sweep file (it has \"\(key)\"), not a scenario; select runs one scenario")
        }
        var (scenario, bytes) = try load(a, registry)
        if scenario.fleet != nil { throw ScenarioError(file: file, path: "$.fleet", message: "select compares strategies for one recipient; a fleet is not supported") }
        guard scenario.strategies.count >= 2 else {
            throw ScenarioError(file: file, path: "$.strategies", message: "select needs at least two strategies, got \(scenario.strategies.count)")
        }
        if let seed { scenario.seed = seed }
        let options = StrategySelection.Options(metric: metric, delta: delta, alpha: alpha, firstStage: n0, batch: batch, maxBatches: cap / batch)
        // The procedure works on batch sums in the metric's integer unit (µs for a time):
        // δ must stay a finite number there.
        guard (delta * options.divisor).isFinite, delta * options.divisor < 1e15 else {
            throw UsageError("--delta \(a.options["--delta"] ?? "") is too large for \(metric.name) (in \(metric.unit), batches of \(batch))")
        }
        let progress = Progress(enabled: !a.flags.contains("--quiet") && environment["CI"] == nil && isatty(2) == 1, err: err)
        let selection: StrategySelection
        do {
            selection = try StrategySelection(scenario, options: options, jobs: jobs, progress: progress.selection)
        } catch {
            progress.finish()
            throw UsageError("--metric \(metric.name): \(error)")
        }
        progress.finish()
        let report = SelectionReport(selection)
        let folder = URL(fileURLWithPath: a.options["--out"] ?? "Results/\(scenario.name)")
        let provenance = StudyReport.Provenance(scenarioFile: file, scenarioBytes: bytes,
                                                commit: environment["PUSHSIM_COMMIT"].flatMap { $0.isEmpty ? nil : $0 } ?? GitCommit.current())
        let lock = try FolderLock(folder, purpose: "pushsim select \(file)")
        defer { lock.release() }
        let set = ReportSet(folder: folder)
        defer { set.abandon() }
        try set.write("selection.csv", report.csv)
        try set.write("selection-meta.json", report.metaJSON(provenance, maxReplications: cap))
        try set.commit()
        out(report.text)
        out("→ \(folder.path)/selection.csv\n")
        return 0
    }
}
