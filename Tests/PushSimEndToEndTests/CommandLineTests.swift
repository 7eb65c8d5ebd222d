import Foundation
import Testing
@testable import PushSim
@testable import PushSimCommand

/// The command line's conventions (issue 14): per-command help, `--version`,
/// `--opt=value` and `--`, two-line usage errors, files of the wrong kind, and the
/// progress ETA of a resumed sweep.
@Suite struct CommandLineTests {
    static let study = scenarioURL("Scenarios/push-hint-study.json").path
    static let sweep = scenarioURL("Scenarios/sweeps/loss-rate.json").path
    static let small = scenarioURL("Tests/PushSimEndToEndTests/Snapshots/trace-small.json").path
    /// Commands that run something (every one but help).
    static let commands = CommandHelp.all.map(\.name).filter { $0 != "help" }

    @Test("pushsim CMD --help, CMD -h and help CMD print that command's own help, on stdout, exit 0", arguments: CommandHelp.all.map(\.name))
    func perCommandHelp(name: String) throws {
        let help = try #require(CommandHelp.named(name))
        for args in [[name, "--help"], [name, "-h"], ["help", name]] {
            let r = runCLI(args)
            #expect(r.status == 0 && r.err.isEmpty, "\(args): \(r.err)")
            #expect(r.out == help.text, "\(args)")
        }
        #expect(help.text.hasPrefix("usage: pushsim \(name)"))
        for option in help.options { #expect(help.text.contains("  \(option.label)"), "\(name) --help misses \(option.label)") }
        #expect(help.text.contains("options:\n") && help.text.contains("-h, --help"))
        for others in CommandHelp.all where others.name != name { #expect(others.text != help.text) }
        let lines = help.text.split(separator: "\n", omittingEmptySubsequences: false)
        for line in lines where !line.hasPrefix("  pushsim ") { #expect(line.count <= CommandHelp.width, "\(name): \(line)") }
    }

    @Test("pushsim --help is the overview: every command on one line and where to look next")
    func overview() {
        let r = runCLI(["--help"])
        #expect(r.status == 0 && r.err.isEmpty)
        #expect(runCLI(["help"]).out == r.out && runCLI(["-h"]).out == r.out)
        for c in CommandHelp.all {
            #expect(r.out.split(separator: "\n").contains { $0.hasPrefix("  \(c.name) ") && $0.hasSuffix(c.summary) }, "\(c.name)")
        }
        #expect(r.out.contains("see pushsim CMD --help"))
        for line in r.out.split(separator: "\n") { #expect(line.count <= CommandHelp.width, "\(line)") }
        #expect(!r.out.contains("--replications"), "the overview lists commands, not their options")
        // A bare pushsim shows the overview too, but as an error.
        let bare = runCLI([])
        #expect(bare.status == 2 && bare.out.isEmpty && bare.err == r.out)
    }

    /// Every option there is: the valued ones, every one some help lists, and a made-up one.
    static let everyOption = Arguments.valued.union(CommandHelp.all.flatMap(\.optionNames)).union(["--bogus", "--version"]).sorted()

    @Test("every command accepts exactly the options its help lists (and a help option has a value iff it is valued)",
          arguments: commands)
    func helpListsWhatTheCodeAccepts(name: String) throws {
        let help = try #require(CommandHelp.named(name))
        for option in help.options {
            #expect((option.value != nil) == Arguments.valued.contains(option.name), "\(name) \(option.name): the help's value does not match Arguments.valued")
        }
        let positional: [String] = switch name {
        case "run", "trace", "validate", "sweep", "merge", "fingerprints": ["/nonexistent/pushsim-test.json"]
        case "compare": ["/nonexistent/a.csv", "/nonexistent/b.csv"]
        default: []
        }
        for option in Self.everyOption {
            let args = [name] + positional + [option] + (Arguments.valued.contains(option) ? ["1"] : [])
            let r = runCLI(args)
            let rejected = r.status == 2 && (r.err.contains("unknown option \(option)") || r.err.contains("option \(option) does not apply here"))
            #expect(rejected != help.optionNames.contains(option),
                    "pushsim \(args.joined(separator: " ")): \(rejected ? "rejected, but its help lists it" : "accepted, but its help does not list it"): \(r.err)")
        }
    }

    @Test("the README's command-line block shows every synopsis of every command")
    func readmeMatchesTheHelp() throws {
        let readme = try String(contentsOf: scenarioURL("README.md"), encoding: .utf8)
        let section = try #require(readme.components(separatedBy: "## The command line").dropFirst().first)
        let block = try #require(section.components(separatedBy: "```").dropFirst().first)
        func normal(_ s: String) -> String { s.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
        let code = normal(block.split(separator: "\n").map { String($0.prefix { $0 != "#" }) }.joined(separator: " "))
        for c in CommandHelp.all {
            for s in c.synopsis {
                #expect(code.contains(normal("pushsim " + s)), "README.md's command-line block lacks \"pushsim \(s)\"")
            }
            for o in c.options { #expect(c.synopsis.contains { $0.contains(o.label) }, "\(c.name): \(o.label) is in no synopsis") }
        }
    }

    @Test("pushsim --version and pushsim version: version, commit, GSL version, default generator, as meta.json records them")
    func version() throws {
        let r = runCLI(["--version"])
        #expect(r.status == 0 && r.err.isEmpty)
        #expect(runCLI(["version"]).out == r.out)
        let (scenario, bytes) = try Scenario.load(path: Self.small)
        let meta = try #require(try JSONSerialization.jsonObject(with: Data(StudyReport.metaJSON(scenario, .init(
            scenarioFile: Self.small, scenarioBytes: [UInt8](bytes), commit: "test")).utf8)) as? [String: Any])
        #expect(r.out == """
            pushsim \(meta["pushsim_version"] as? String ?? "?")
            commit: test (PUSHSIM_COMMIT)
            gsl: \(meta["gsl_version"] as? String ?? "?")
            default generator: \(meta["generator"] as? String ?? "?")

            """)
        #expect(scenario.generator.name == GeneratorType.default.name)
        #expect(runCLI(["version", "--x"]).status == 2 && runCLI(["version", "x"]).status == 2 && runCLI(["run", "--version"]).status == 2)
    }

    @Test("--opt=value is --opt value; -- ends the options; a flag takes no value")
    func optionSyntax() throws {
        let a = try Arguments(["run", "f.json", "--seed=7", "--out=/tmp/a=b", "--quiet", "--jobs", "2"])
        #expect(a.command == "run" && a.positional == ["f.json"] && a.flags == ["--quiet"])
        #expect(a.options == ["--seed": "7", "--out": "/tmp/a=b", "--jobs": "2"])
        let ended = try Arguments(["run", "--", "-x.json", "--seed", "3"])
        #expect(ended.positional == ["-x.json", "--seed", "3"] && ended.options.isEmpty && ended.flags.isEmpty)
        #expect(throws: UsageError.self) { try Arguments(["run", "f.json", "--seed="]) }
        #expect(throws: UsageError.self) { try Arguments(["run", "f.json", "--seed"]) }
        let flagged = try Arguments(["run", "f.json", "--quiet=yes"])
        #expect(throws: UsageError.self) { try flagged.allow(flags: ["--quiet"]) }

        let spaced = runCLI(["trace", Self.small, "--format", "text", "--replication", "1", "--strategy", "applyPayloadNotify"])
        let joined = runCLI(["trace", Self.small, "--format=text", "--replication=1", "--strategy=applyPayloadNotify"])
        #expect(spaced.status == 0 && joined.status == 0, "\(spaced.err)\(joined.err)")
        #expect(spaced.out == joined.out && spaced.out.contains("replication 1"))
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = runCLI(["run", "--replications=2", "--seed=5", "--runs=none", "--out=\(dir.path)", "--", Self.small])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out.hasPrefix("trace-small: 2 replications, seed 5 → \(dir.path)/"))
    }

    @Test("a usage error is two lines: pushsim: the problem, then see pushsim CMD --help; exit 2, nothing on stdout", arguments: [
        (["run", study, "--jbos", "2"], "unknown option --jbos", "see pushsim run --help"),
        (["run", study, "--jobs", "0"], "--jobs expects an integer in 1…1024", "see pushsim run --help"),
        (["run", study, "--alpha=0.1"], "option --alpha does not apply here", "see pushsim run --help"),
        (["run", study, "--quiet=1"], "--quiet takes no value", "see pushsim run --help"),
        (["sweep", sweep, "--shard"], "--shard needs a value", "see pushsim sweep --help"),
        (["compare", "a.csv"], "expected BASELINE.csv and NEW.csv", "see pushsim compare --help"),
        (["validate"], "expected exactly one FILE", "see pushsim validate --help"),
        (["frobnicate"], "unknown command \"frobnicate\"", "see pushsim --help"),
        (["help", "frobnicate"], "unknown command \"frobnicate\"", "see pushsim --help"),
        (["--bogus"], "unknown option --bogus", "see pushsim --help"),
        (["--seed", "3"], "--seed goes after a command", "see pushsim --help"),
    ])
    func usageErrorIsTwoLines(args: [String], message: String, hint: String) {
        let r = runCLI(args)
        #expect(r.status == 2 && r.out.isEmpty)
        let lines = r.err.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 3 && lines[2].isEmpty, "\(args): \(r.err)")
        #expect(lines.first?.hasPrefix("pushsim: \(message)") == true, "\(args): \(r.err)")
        #expect(lines.dropFirst().first.map(String.init) == hint, "\(args): \(r.err)")
    }

    @Test("a sweep file given to run, and a scenario given to sweep, is named as such (exit 2); validate takes both")
    func fileOfTheOtherKind() throws {
        let run = runCLI(["run", Self.sweep])
        #expect(run.status == 2 && run.out.isEmpty)
        #expect(run.err == "pushsim: \(Self.sweep): $: a sweep file (it has \"axes\"), not a scenario; run it with pushsim sweep \(Self.sweep)\n")
        let sweep = runCLI(["sweep", Self.study])
        #expect(sweep.status == 2)
        #expect(sweep.err == "pushsim: \(Self.study): $: a scenario file (it has \"server\" and no \"axes\"), not a sweep; run it with pushsim run \(Self.study)\n")
        #expect(runCLI(["validate", Self.sweep]).status == 0 && runCLI(["validate", Self.study]).status == 0)

        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let baseOnly = dir.appendingPathComponent("base-only.json")
        try Data(#"{"name": "b", "base": "x.json"}"#.utf8).write(to: baseOnly)
        #expect(runCLI(["run", baseOnly.path]).err.contains("\(baseOnly.path): $: a sweep file (it has \"base\")"))
        #expect(runCLI(["validate", baseOnly.path]).err.contains("\(baseOnly.path): $.axes: missing"))

        // The library says the same without the CLI's advice.
        let scenarioError = #expect(throws: ScenarioError.self) { try Scenario.load(path: Self.sweep) }
        #expect(scenarioError?.path == "$" && scenarioError?.message == "a sweep file (it has \"axes\"), not a scenario")
        let sweepError = #expect(throws: ScenarioError.self) { try SweepPlan.load(path: Self.study) }
        #expect(sweepError?.path == "$" && sweepError?.message == "a scenario file (it has \"server\" and no \"axes\"), not a sweep")
        #expect(ScenarioFileKind(json: Data("[1]".utf8)) == .unknown && ScenarioFileKind(json: Data("{}".utf8)) == .unknown)
    }

    @Test("a misspelt duration in a scenario gets a hint that parses and means the same", arguments: [
        ("2 m", "2m"), ("2 min", "2m"), ("2 mins", "2m"), ("2 sec", "2s"), ("10 s", "10s"), ("1 hour", "1h"), ("90 minutes", "90m"),
    ])
    func durationHint(wrong: String, hint: String) throws {
        let text = try String(contentsOfFile: Self.small, encoding: .utf8).replacingOccurrences(of: #""horizon": "10m""#, with: #""horizon": "\#(wrong)""#)
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("s.json")
        try Data(text.utf8).write(to: file)
        let r = runCLI(["validate", file.path])
        #expect(r.status == 2)
        #expect(r.err.hasPrefix("pushsim: \(file.path): $.horizon: ") && r.err.hasSuffix("did you mean \"\(hint)\"?\n"), "\(r.err)")
        let words = wrong.split(separator: " ")
        let seconds = Double(words[0])! * ["m": 60, "min": 60, "mins": 60, "minutes": 60, "sec": 1, "s": 1, "hour": 3600][String(words[1])]!
        #expect(try SimDuration(parsing: hint) == SimDuration(microseconds: Int64(seconds * 1e6)))
    }

    @Test("a duration distribution's misspelt unit gets the unit it means")
    func distributionUnitHint() throws {
        let text = try String(contentsOfFile: Self.small, encoding: .utf8).replacingOccurrences(of: #""mean": 3, "unit": "s""#, with: #""mean": 3, "unit": "secs""#)
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("s.json")
        try Data(text.utf8).write(to: file)
        let r = runCLI(["validate", file.path])
        #expect(r.status == 2 && r.err.contains("unknown unit \"secs\"; did you mean \"s\"?"), "\(r.err)")
    }

    @Test("the ETA counts only the work of this process: a resumed sweep's earlier points take none of its time")
    func etaOfAResumedSweep() throws {
        #expect(Progress.eta(elapsed: 10, done: 2, left: 8) == 40)
        #expect(Progress.eta(elapsed: 10, done: 0, left: 8) == nil)
        // 51 of 100 points were done before; this process computed 1 in 10 s and has 48 to go.
        let resumed = SweepRunner.Progress(done: 52, total: 100, computed: 1, toCompute: 49, runs: 300)
        #expect(Progress.line(done: resumed.done, total: resumed.total, unit: "points", runs: resumed.runs, elapsed: 10,
                              rateDone: resumed.computed, rateLeft: resumed.toCompute - resumed.computed) == "52/100 points  30 runs/s  ETA 480s")
        #expect(Progress.line(done: 0, total: 10, unit: "runs", runs: 0, elapsed: 1, rateDone: 0, rateLeft: 10) == "0/10 runs  0 runs/s  ETA -")

        // What SweepRunner reports on a resume: the points done before, and only the rest to compute.
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = try SweepTests.sweepFile(SweepTests.small.replacingOccurrences(of: #""replications": 40"#, with: #""replications": 5"#), in: dir)
        let plan = try SweepPlan.load(path: file)
        let folder = dir.appendingPathComponent("out")
        var first: [SweepRunner.Progress] = []
        #expect(try SweepRunner.run(plan, into: folder, options: .init()) { first.append($0) } == .complete(points: 4))
        #expect(first.first?.done == 0 && first.last == SweepRunner.Progress(done: 4, total: 4, computed: 4, toCompute: 4, runs: 4 * 2 * 3 * 5))
        for point in [1, 3] { try FileManager.default.removeItem(at: folder.appendingPathComponent(String(format: "points/p%06d.summary.csv", point))) }
        var resumedRun: [SweepRunner.Progress] = []
        #expect(try SweepRunner.run(plan, into: folder, options: .init()) { resumedRun.append($0) } == .complete(points: 4))
        #expect(resumedRun.allSatisfy { $0.toCompute == 2 && $0.total == 4 })
        #expect(resumedRun.first?.done == 2 && resumedRun.first?.computed == 0)
        #expect(resumedRun.last == SweepRunner.Progress(done: 4, total: 4, computed: 2, toCompute: 2, runs: 2 * 2 * 3 * 5))
    }
}

/// `--version`'s (and `meta.json`'s) commit is the build's, not the current directory's,
/// nor that of a repository a plain copy of the tree happens to lie in.
@Suite struct BuildCommitTests {
    @Test("run from inside another git repository, pushsim still names its own checkout's commit (unknown in a plain copy); a pushsim.commit beside it wins")
    func commitOfTheBuild() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        func git(_ args: [String], in folder: URL) throws -> String {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            p.arguments = ["git", "-C", folder.path] + args
            p.environment = ["GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@t", "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@t",
                             "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"]
            return try runCaptured(p).output.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        _ = try git(["init", "-q"], in: dir)
        _ = try git(["commit", "-q", "--allow-empty", "-m", "unrelated"], in: dir)
        let unrelated = try git(["rev-parse", "HEAD"], in: dir)
        // A git checkout names its HEAD; a plain copy of the tree (no .git: make mutate's
        // copies, an unpacked archive) has no commit to name.
        let isCheckout = FileManager.default.fileExists(atPath: repositoryRoot.appendingPathComponent(".git").path)
        let ours = isCheckout ? "commit: " + (try git(["rev-parse", "HEAD"], in: repositoryRoot)) : "commit: unknown"
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("pushsim")
        func version(_ exe: URL) throws -> String {
            let p = Process()
            p.executableURL = exe
            p.arguments = ["--version"]
            p.currentDirectoryURL = dir
            p.environment = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"]
            return try runCaptured(p).output
        }
        let inTree = try version(binary)
        #expect(inTree.contains(ours) && !inTree.contains(unrelated), "\(inTree)")
        // A plain copy of the tree inside the unrelated repository: not that repository's commit.
        let copied = dir.appendingPathComponent("copy/.build/debug/pushsim")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("copy/Sources/PushSim"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: copied.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: binary, to: copied)
        let inCopy = try version(copied)
        #expect(inCopy.contains("commit: unknown") && !inCopy.contains(unrelated), "\(inCopy)")
        // An installed copy outside any checkout carries its commit in pushsim.commit.
        let installed = dir.appendingPathComponent("bin/pushsim")
        try FileManager.default.createDirectory(at: installed.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: binary, to: installed)
        #expect(try version(installed).contains("commit: unknown"))
        try Data("abc123-dirty\n".utf8).write(to: URL(fileURLWithPath: installed.path + ".commit"))
        #expect(try version(installed).contains("commit: abc123-dirty (pushsim.commit"))
    }
}

