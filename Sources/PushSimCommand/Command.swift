import Foundation
import PushSim

/// `pushsim`: thin command-line front end over the PushSim library (its public face is
/// `PushSimCommand`). Exit status: 0 success, 1 runtime failure, 2 bad input or usage.
enum Command {
    /// `pushsim --help`: the commands, one line each (`CommandHelp.overview`); each
    /// command's own text is `CommandHelp.named(CMD)?.text`.
    static var usage: String { CommandHelp.overview }

    /// Runs the command line `args` (without the program name); scenario and sweep files
    /// may name every kind in `registry`. A usage error prints two lines on `err` (the
    /// message, then where the command's help is) and returns 2.
    /// - Returns: the exit status.
    static func main(_ args: [String], registry: PluginRegistry = .builtIn, out: (String) -> Void, err: @escaping (String) -> Void,
                     environment: [String: String] = ProcessInfo.processInfo.environment) -> Int32 {
        // The command a usage error points to, even when the arguments do not parse.
        var command = args.first { CommandHelp.named($0) != nil }
        do {
            let a = try Arguments(args)
            command = a.command
            if a.command == "help" {
                try a.allow(flags: ["--help", "-h"])
                guard a.positional.count <= 1 else { throw UsageError("help takes at most one command") }
                guard let name = a.positional.first else { out(a.flags.isEmpty ? usage : CommandHelp.help.text); return 0 }
                guard let h = CommandHelp.named(name) else { command = nil; throw unknownCommand(name) }
                out(h.text); return 0
            }
            if a.flags.contains("--help") || a.flags.contains("-h") {
                guard let name = a.command else { out(usage); return 0 }
                guard let h = CommandHelp.named(name) else { throw unknownCommand(name) }
                out(h.text); return 0
            }
            switch a.command {
            case "run": return try run(a, registry, out: out, err: err, environment: environment)
            case "validate": return try validate(a, registry, out: out)
            case "sweep": return try sweep(a, registry, out: out, err: err, environment: environment)
            case "merge": return try merge(a, out: out, err: err, environment: environment)
            case "compare": return try compare(a, out: out, err: err, environment: environment)
            case "select": return try select(a, registry, out: out, err: err, environment: environment)
            case "trace": return try trace(a, registry, out: out)
            case "fingerprints": return try fingerprints(a, out: out)
            case "columns": return try columns(a, out: out)
            case "fit": return try fit(a, out: out)
            case "list":
                try a.allow(flags: ["--markdown"])
                guard a.positional.isEmpty else { throw UsageError("list takes no arguments") }
                out(a.flags.contains("--markdown") ? Listing.markdown(registry) : Listing.text(registry)); return 0
            case "schema": return try schema(a, registry, out: out)
            case "version": return try version(a, out: out, environment: environment)
            case nil:
                if a.flags.contains("--version") { return try version(a, out: out, environment: environment) }
                if args.isEmpty { err(usage); return 2 }
                let first = String(args[0].prefix { $0 != "=" })
                let known = CommandHelp.all.contains { $0.optionNames.contains(first) }
                throw UsageError(known ? "\(first) goes after a command (pushsim CMD \(first) …)" : "unknown option \(first)")
            case let other?: throw unknownCommand(other)
            }
        } catch let e as UsageError {
            let help = command.flatMap(CommandHelp.named).map { "pushsim \($0.name) --help" } ?? "pushsim --help"
            err("pushsim: \(e)\nsee \(help)\n"); return 2
        } catch let e as ScenarioError {
            err("pushsim: \(e)\n"); return 2
        } catch {
            err("pushsim: \(FileErrorText.describe(error) ?? "\(error)")\n"); return 1
        }
    }

    private static func unknownCommand(_ name: String) -> UsageError {
        UsageError("unknown command \"\(name)\"; commands: \(CommandHelp.all.map(\.name).joined(separator: ", "))")
    }

    /// `version` (or `--version`): PushSim's version, the commit, the GSL version and the
    /// default generator, as `meta.json` records them. The commit is the build's, as for
    /// `meta.json`: `PUSHSIM_COMMIT`, else `GitCommit.found()`, with its source.
    static func version(_ a: Arguments, out: (String) -> Void, environment: [String: String]) throws -> Int32 {
        try a.allow(flags: a.command == nil ? ["--version"] : [])
        guard a.positional.isEmpty else { throw UsageError("version takes no arguments") }
        let commit: String
        if let c = environment["PUSHSIM_COMMIT"], !c.isEmpty { commit = "\(c) (PUSHSIM_COMMIT)" }
        else if let c = GitCommit.found() { commit = "\(c.commit) (\(c.source))" }
        else { commit = "unknown" }
        out("""
            pushsim \(StudyReport.version)
            commit: \(commit)
            gsl: \(GSL.version)
            default generator: \(GeneratorType.default.name)

            """)
        return 0
    }

    /// The one scenario FILE of `a`, decoded with `registry`, and its bytes.
    static func load(_ a: Arguments, _ registry: PluginRegistry) throws -> (Scenario, [UInt8]) {
        guard a.positional.count == 1 else { throw UsageError("expected exactly one scenario FILE") }
        let (scenario, bytes) = try Scenario.load(path: a.positional[0], registry: registry)
        return (scenario, [UInt8](bytes))
    }

    private static func run(_ a: Arguments, _ registry: PluginRegistry, out: (String) -> Void, err: @escaping (String) -> Void,
                            environment: [String: String]) throws -> Int32 {
        try a.allow(flags: ["--quiet", "--no-plot", "--allow-large"],
                    options: ["--out", "--jobs", "--replications", "--seed", "--shuffle-ties", "--runs", "--messages", "--strategy", "--figure-size"])
        let runs = try a.runsFormat()
        let figureSize = try a.figureSize()
        let messages = try a.runsFormat("--messages", default: .none)
        if a.positional.count == 1, case let .sweep(key) = ScenarioFileKind(json: FileManager.default.contents(atPath: a.positional[0]) ?? Data()) {
            let path = a.positional[0]
            throw ScenarioError(file: path, path: "$", message: "a sweep file (it has \"\(key)\"), not a scenario; run it with pushsim sweep \(path)")
        }
        var (scenario, bytes) = try load(a, registry)
        try addStrategies(a, to: &scenario, registry: registry)
        if messages.writesRows, scenario.fleet != nil {
            throw UsageError("--messages is for scenarios of one recipient; a fleet's per-recipient messages are not written")
        }
        if let n = try a.int("--replications", in: 1...100_000_000) { scenario.replications = n }
        if let s = try a.unsigned("--seed") { scenario.seed = s }
        let shuffleTies = try a.unsigned("--shuffle-ties")
        let jobs = try a.int("--jobs", in: 1...1024) ?? ProcessInfo.processInfo.activeProcessorCount
        let folder = URL(fileURLWithPath: a.options["--out"] ?? "Results/\(scenario.name)")
        try checkSize(scenario, a, file: a.positional[0], jobs: jobs, runs: runs, folder: folder, environment: environment)
        let showProgress = !a.flags.contains("--quiet") && environment["CI"] == nil && isatty(2) == 1
        let progress = Progress(enabled: showProgress, err: err)
        // Held through the plots too, so that no other run commits between reports and figures.
        let lock = try FolderLock(folder, purpose: "pushsim run \(a.positional[0])")
        defer { lock.release() }
        let provenance = StudyReport.Provenance(scenarioFile: a.positional[0], scenarioBytes: bytes,
                                                commit: environment["PUSHSIM_COMMIT"].flatMap { $0.isEmpty ? nil : $0 } ?? GitCommit.current(),
                                                addedStrategies: a.repeated["--strategy"] ?? [])
        let cells = try StudyReport.run(scenario, into: folder, jobs: jobs, provenance: provenance, shuffleTies: shuffleTies,
                                        runs: runs, messages: messages, figureSize: figureSize, progress: progress.update)
        progress.finish()
        out("\(scenario.name): \(scenario.replications) replication\(scenario.replications == 1 ? "" : "s"), seed \(scenario.seed) → \(folder.path)/\n\n")
        out(SummaryTable.text(cells) + "\n" + SummaryText.key)
        if scenario.fleet != nil { out(FleetSummaryText.text(folder: folder)) }
        plots(folder, scenario.fleet == nil ? ["compare", "cost"] : ["compare", "cost", "timeline"], a, environment, out: out, err: err)
        return 0
    }
}
