import Foundation
import PushSim

/// `pushsim`: thin command-line front end over the PushSim library (its public face is
/// `PushSimCommand`). Exit status: 0 success, 1 runtime failure, 2 bad input or usage.
enum Command {
    static let usage = """
    usage: pushsim <command> [options]

    commands:
      run FILE [--replications N] [--seed S] [--out DIR] [--jobs N] [--shuffle-ties SEED]
                 [--runs csv|gzip|none] [--quiet]
                 run a scenario; writes runs.csv (--runs gzip: runs.csv.gz; none: no
                 per-run rows), summary.csv, meta.json into DIR
                 (default Results/<scenario name>) and prints the summary table;
                 --shuffle-ties runs equal-time events in a random order (a check)
      trace FILE [--point N] [--variant V] [--strategy S] [--replication R]
                 [--format jsonl|text|svg] [--out PATH] [--seed S] [--shuffle-ties SEED]
                 one run (default: first variant and strategy, replication 0) as JSON
                 Lines or a text timeline: every event, its cause and the fingerprint;
                 svg: a sequence chart of it; for a sweep FILE, --point N picks the
                 point (0-based, default 0)
      validate FILE
                 check a scenario (or sweep) file without running it
      sweep FILE [--out DIR] [--jobs N] [--shard K/N] [--target-halfwidth W]
                 [--max-replications M] [--replications N] [--seed S]
                 [--runs csv|gzip|none] [--quiet]
                 run a parameter study; resumes an interrupted run; writes runs.csv
                 (as --runs), summary.csv, paired.csv, meta.json, plot.gp into DIR
                 (default Results/<sweep name>)
      merge DIR... [--out DIR]
                 combine the folders of sharded sweep runs (default: into the first)
      compare BASELINE.csv NEW.csv [--alpha A] [--intervals]
                 two-proportion test of every cell's convergence rate (default
                 alpha 0.001), and with --intervals every 95% interval that no
                 longer overlaps; exit 1 naming the cells that moved
      compare A/runs.csv B/runs.csv --paired [--alpha A]
                 the same runs paired (e.g. FIFO and shuffled ties): a sign test of
                 every cell's every numeric column, family-wise at alpha (default
                 0.001); exit 1 naming what moved
      compare A/runs.csv B/runs.csv --fingerprints
                 exit 1 naming every run whose event fingerprints differ (either
                 file may be a fingerprint list instead of a runs.csv)
      fingerprints RUNS.csv [--label NAME]
                 the run list (file, point, variant, strategy, replication,
                 fingerprint) of a runs.csv, as make regress keeps it
      list [--markdown]
                 the kinds of channel, strategy, sender, distribution and generator, with their parameters,
                 and the keys of a scenario; --markdown: the tables of docs/plugins.md
      schema [--sweep]
                 the JSON Schema (draft 2020-12) of a scenario file (--sweep: of a
                 sweep file), as docs/schema/ keeps it
      columns [--markdown [--in-place FILE]]
                 the runs.csv and summary.csv columns; --markdown: the column tables
                 of docs/csv.md (--in-place: rewritten between the markers of FILE)
      --help     this text

    exit status: 0 ok, 1 runtime failure, 2 bad input
    """

    /// Runs the command line `args` (without the program name); scenario and sweep files
    /// may name every kind in `registry`.
    /// - Returns: the exit status.
    static func main(_ args: [String], registry: PluginRegistry = .builtIn, out: (String) -> Void, err: @escaping (String) -> Void,
                     environment: [String: String] = ProcessInfo.processInfo.environment) -> Int32 {
        do {
            let a = try Arguments(args)
            if a.flags.contains("--help") || a.flags.contains("-h") || a.command == "help" { out(usage + "\n"); return 0 }
            switch a.command {
            case "run": return try run(a, registry, out: out, err: err, environment: environment)
            case "validate": return try validate(a, registry, out: out)
            case "sweep": return try sweep(a, registry, out: out, err: err, environment: environment)
            case "merge": return try merge(a, out: out)
            case "compare": return try compare(a, out: out)
            case "trace": return try trace(a, registry, out: out)
            case "fingerprints": return try fingerprints(a, out: out)
            case "columns": return try columns(a, out: out)
            case "list":
                try a.allow(flags: ["--markdown"])
                guard a.positional.isEmpty else { throw UsageError("list takes no arguments") }
                out(a.flags.contains("--markdown") ? Listing.markdown(registry) : Listing.text(registry)); return 0
            case "schema": return try schema(a, registry, out: out)
            case nil: err(usage); return 2
            case let other?: throw UsageError("unknown command \"\(other)\"; commands: run, trace, validate, sweep, merge, compare, fingerprints, columns, list, schema")
            }
        } catch let e as UsageError {
            err("pushsim: \(e)\n\(usage)"); return 2
        } catch let e as ScenarioError {
            err("pushsim: \(e)\n"); return 2
        } catch {
            err("pushsim: \(error)\n"); return 1
        }
    }

    /// The one scenario FILE of `a`, decoded with `registry`, and its bytes.
    static func load(_ a: Arguments, _ registry: PluginRegistry) throws -> (Scenario, [UInt8]) {
        guard a.positional.count == 1 else { throw UsageError("expected exactly one scenario FILE") }
        let (scenario, bytes) = try Scenario.load(path: a.positional[0], registry: registry)
        return (scenario, [UInt8](bytes))
    }

    private static func run(_ a: Arguments, _ registry: PluginRegistry, out: (String) -> Void, err: @escaping (String) -> Void,
                            environment: [String: String]) throws -> Int32 {
        try a.allow(flags: ["--quiet"], options: ["--out", "--jobs", "--replications", "--seed", "--shuffle-ties", "--runs"])
        let runs = try a.runsFormat()
        var (scenario, bytes) = try load(a, registry)
        if let n = try a.int("--replications", in: 1...100_000_000) { scenario.replications = n }
        if let s = try a.unsigned("--seed") { scenario.seed = s }
        let shuffleTies = try a.unsigned("--shuffle-ties")
        let jobs = try a.int("--jobs", in: 1...1024) ?? ProcessInfo.processInfo.activeProcessorCount
        let folder = URL(fileURLWithPath: a.options["--out"] ?? "Results/\(scenario.name)")
        let showProgress = !a.flags.contains("--quiet") && environment["CI"] == nil && isatty(2) == 1
        let progress = Progress(enabled: showProgress, err: err)
        let provenance = StudyReport.Provenance(scenarioFile: a.positional[0], scenarioBytes: bytes,
                                                commit: environment["PUSHSIM_COMMIT"] ?? GitCommit.current())
        let cells = try StudyReport.run(scenario, into: folder, jobs: jobs, provenance: provenance, shuffleTies: shuffleTies,
                                        runs: runs, progress: progress.update)
        progress.finish()
        out("\(scenario.name): \(scenario.replications) replication\(scenario.replications == 1 ? "" : "s"), seed \(scenario.seed) → \(folder.path)/\n\n")
        out(SummaryTable.text(cells))
        return 0
    }
}
