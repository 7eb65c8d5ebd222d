import Foundation
import PushSim

extension Command {
    /// `validate FILE`: a scenario, or a sweep (recognised by its `"axes"` or `"base"`) with every point.
    static func validate(_ a: Arguments, _ registry: PluginRegistry, out: (String) -> Void) throws -> Int32 {
        guard a.positional.count == 1 else { throw UsageError("expected exactly one FILE") }
        try a.allow(options: ["--strategy"])
        let path = a.positional[0]
        if case .sweep = ScenarioFileKind(json: FileManager.default.contents(atPath: path) ?? Data()) {
            if a.options["--strategy"] != nil { throw UsageError(strategyInSweep) }
            let plan = try SweepPlan.load(path: path, registry: registry)
            out("\(path): ok (sweep: \(plan.points.count) points)\n  \(SweepSize(plan).summary())\n")
            return 0
        }
        var (scenario, _) = try load(a, registry)
        try addStrategies(a, to: &scenario, registry: registry)
        func count(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
        out("\(path): ok (\(count(scenario.variants.count, "variant")) × \(count(scenario.strategies.count, "strategy").replacingOccurrences(of: "strategys", with: "strategies")) × \(count(scenario.replications, "replication")))\n")
        out("  \(ScenarioSize(scenario).summary())\n")
        return 0
    }

    /// Why `--strategy` is refused for a sweep: its points are planned and fingerprinted from its files.
    static let strategyInSweep = "--strategy adds to a scenario FILE; a sweep file's \"strategies\" key replaces its base's"

    /// `sweep FILE [options]`: runs (or resumes) a parameter study into its results folder.
    static func sweep(_ a: Arguments, _ registry: PluginRegistry, out: (String) -> Void, err: @escaping (String) -> Void,
                      environment: [String: String]) throws -> Int32 {
        if a.options["--strategy"] != nil { throw UsageError("option --strategy does not apply here (\(strategyInSweep))") }
        try a.allow(flags: ["--quiet", "--allow-other-build", "--no-plot", "--allow-large"], options: ["--out", "--jobs", "--shard", "--target-halfwidth", "--max-replications", "--replications", "--seed",
                             "--runs", "--messages", "--figure-size"])
        guard a.positional.count == 1 else { throw UsageError("expected exactly one sweep FILE") }
        if case let .scenario(key) = ScenarioFileKind(json: FileManager.default.contents(atPath: a.positional[0]) ?? Data()) {
            let path = a.positional[0]
            throw ScenarioError(file: path, path: "$",
                                message: "a scenario file (it has \"\(key)\" and no \"axes\"), not a sweep; run it with pushsim run \(path)")
        }
        var seed: UInt64?
        if let text = a.options["--seed"] {
            guard let s = UInt64(text) else { throw UsageError("--seed expects an unsigned integer, got \"\(text)\"") }
            seed = s
        }
        var options = SweepRunner.Options()
        options.allowOtherBuild = a.flags.contains("--allow-other-build")
        options.jobs = try a.int("--jobs", in: 1...1024) ?? ProcessInfo.processInfo.activeProcessorCount
        if let text = a.options["--shard"] {
            let parts = text.split(separator: "/").compactMap { Int($0) }
            guard parts.count == 2, parts[1] >= 1, (1...parts[1]).contains(parts[0]) else {
                throw UsageError("--shard expects K/N with 1 ≤ K ≤ N, got \"\(text)\"")
            }
            options.shard = (parts[0], parts[1])
        }
        if let text = a.options["--target-halfwidth"] {
            guard let w = Double(text), w > 0, w < 0.5 else { throw UsageError("--target-halfwidth expects a number in (0, 0.5), got \"\(text)\"") }
            options.targetHalfwidth = w
        }
        options.maxReplications = try a.int("--max-replications", in: 1...100_000_000) ?? 100_000
        if a.options["--max-replications"] != nil && options.targetHalfwidth == nil {
            throw UsageError("--max-replications applies only with --target-halfwidth")
        }
        options.runs = try a.runsFormat()
        options.messages = try a.runsFormat("--messages", default: .none)
        options.figureSize = try a.figureSize()
        options.commit = environment["PUSHSIM_COMMIT"].flatMap { $0.isEmpty ? nil : $0 } ?? GitCommit.current()
        let plan = try SweepPlan.load(path: a.positional[0], replications: try a.int("--replications", in: 1...100_000_000), seed: seed,
                                      registry: registry)
        if options.messages.writesRows, plan.points.contains(where: { $0.scenario.fleet != nil }) {
            throw UsageError("--messages is for sweeps of one recipient per point; a fleet's per-recipient messages are not written")
        }
        let folder = URL(fileURLWithPath: a.options["--out"] ?? "Results/\(plan.spec.name)")
        try checkSize(plan, a, options: options, folder: folder, environment: environment)   // before anything is written
        let lock = try FolderLock(folder, purpose: "pushsim sweep \(a.positional[0])")   // through the plots too
        defer { lock.release() }
        let progress = Progress(enabled: !a.flags.contains("--quiet") && environment["CI"] == nil && isatty(2) == 1, err: err)
        let result = try SweepRunner.run(plan, into: folder, options: options, progress: progress.points)
        progress.finish()
        switch result {
        case let .complete(points):
            out("\(plan.spec.name): \(points) points → \(folder.path)/\n\n" + sweepTable(folder))
            plots(folder, ["compare", "cost"], a, environment, out: out, err: err)
        case let .partial(done, total) where options.shard.n == 1:
            // Only parts that changed on disk again after their recomputation get here.
            err("pushsim: \(plan.spec.name): \(total - done) of \(total) points in \(folder.path)/points do not match their done records; rerun to recompute them\n")
            return 1
        case let .partial(done, total):
            out("\(plan.spec.name): shard \(options.shard.k)/\(options.shard.n) done; \(done) of \(total) points in \(folder.path)/ (run `pushsim merge` over every shard's folder)\n")
        }
        return 0
    }

    /// `merge DIR... [--out DIR]`: assembles sharded sweep folders (no scenario is decoded).
    static func merge(_ a: Arguments, out: (String) -> Void, err: (String) -> Void, environment: [String: String]) throws -> Int32 {
        try a.allow(flags: ["--allow-other-build", "--no-plot"], options: ["--out", "--figure-size"])
        let figureSize = try a.figureSize()
        guard !a.positional.isEmpty else { throw UsageError("expected one or more sweep result folders") }
        let dirs = a.positional.map { URL(fileURLWithPath: $0) }
        let target = a.options["--out"].map { URL(fileURLWithPath: $0) } ?? dirs[0]
        try SweepRunner.checkMerge(dirs, into: target, allowOtherBuild: a.flags.contains("--allow-other-build"))   // before writing
        let lock = try FolderLock(target, purpose: "pushsim merge")   // through the plots too
        defer { lock.release() }
        switch try SweepRunner.merge(dirs, into: target, allowOtherBuild: a.flags.contains("--allow-other-build"), figureSize: figureSize, warn: err) {
        case let .complete(points):
            out("merged \(points) points → \(target.path)/\n\n" + sweepTable(target))
            plots(target, ["compare", "cost"], a, environment, out: out, err: err)
            return 0
        case let .partial(done, total): out("merged; \(done) of \(total) points present, still missing \(total - done)\n"); return 1
        }
    }

    /// The summary table of the sweep assembled in `folder` (`SummaryText`): a row per point,
    /// variant and strategy (the first 200), led by the point and its axis values, with the
    /// `replications` column when points ran different numbers of them (adaptive mode), and
    /// its key; empty if `summary.csv` cannot be read.
    static func sweepTable(_ folder: URL) -> String {
        guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent("summary.csv").path) else { return "" }
        let rows = CSV.parse(String(decoding: data, as: UTF8.self))
        guard let header = rows.first, let variant = header.firstIndex(of: "variant") else { return "" }
        let body = Array(rows.dropFirst())
        // The axis columns, without a duration axis' seconds column.
        let axes = header[1..<variant].filter { name in !(name.hasSuffix("_s") && header.contains(String(name.dropLast(2)))) }
        let runs = header.firstIndex(of: "replications").map { r in Set(body.map { $0.count > r ? $0[r] : "" }) }
        let leading = ["point"] + axes + ["variant", "strategy"] + ((runs?.count ?? 0) > 1 ? ["replications"] : [])
        return SummaryText.render(header: header, rows: body, leading: leading, limit: 200) + "\n" + SummaryText.key
    }

    /// Draws the folder's plot.gp unless `--no-plot` (`Plotter`), and names what it drew.
    static func plots(_ folder: URL, _ figures: [String], _ a: Arguments, _ environment: [String: String],
                      out: (String) -> Void, err: (String) -> Void) {
        guard !a.flags.contains("--no-plot") else { return }
        let drawn = Plotter.draw(folder, figures: figures, environment: environment, err: err)
        if !drawn.isEmpty { out("plots: \(drawn.joined(separator: ", ")) in \(folder.path)/\n") }
    }
}
