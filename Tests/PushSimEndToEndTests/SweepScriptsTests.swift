import Foundation
import Testing

/// `scripts/sweep-slurm.sbatch` and `scripts/sweep-parallel.sh` without Slurm: the batch
/// script runs as Slurm runs it (a copy in a spool folder, started in another folder, with
/// SLURM_* variables set by hand) over the `pushsim` built beside the tests.
@Suite struct SweepScriptsTests {
    static let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("pushsim")

    /// A 2 × 2 grid over the study (4 points, 40 replications unless overridden).
    static let sweep = """
    {"name": "t", "base": "\(scenarioURL("Scenarios/push-hint-study.json").path)", "replications": 40, "variants": ["lossy", "overflow"],
     "axes": [{"name": "loss", "path": "variants[lossy].channel.loss", "values": [0.1, 0.4]},
              {"name": "limit", "path": "variants[overflow].channel.limit", "values": [10, 40]}]}
    """

    /// Runs `bash script args` in `folder` with `variables` over an environment free of
    /// Slurm's and PushSim's own variables; returns the status and stdout + stderr.
    static func run(_ script: URL, _ args: [String], in folder: URL, _ variables: [String: String] = [:]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["bash", script.path] + args
        process.currentDirectoryURL = folder
        var environment = ProcessInfo.processInfo.environment.filter { key, _ in
            !key.hasPrefix("SLURM_") && !key.hasPrefix("PUSHSIM") && key != "SHARDS" && key != "RUNS"
        }
        environment["PUSHSIM_COMMIT"] = "test"   // as runCLI's meta.json
        process.environment = environment.merging(variables) { $1 }
        return try runCaptured(process)
    }

    /// A fresh folder with `elsewhere/sweep.json` (not in the checkout) and the sweep's real path.
    static func setUp() throws -> (dir: URL, elsewhere: URL, sweepPath: String) {
        let dir = try temporaryFolder().resolvingSymlinksInPath()
        let elsewhere = dir.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        try Data(sweep.utf8).write(to: elsewhere.appendingPathComponent("sweep.json"))
        return (dir, elsewhere, elsewhere.appendingPathComponent("sweep.json").path)
    }

    static func reports(_ folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in ["runs.csv", "summary.csv", "paired.csv", "meta.json"] { files[name] = try Data(contentsOf: folder.appendingPathComponent(name)) }
        return files
    }

    @Test("the Slurm script from a spool copy: explicit N, 0- and 1-based ids, one index resubmitted, forwarded options, errors, merge, stale plan")
    func slurmScript() throws {
        let (dir, elsewhere, sweepPath) = try Self.setUp()
        defer { try? FileManager.default.removeItem(at: dir) }
        let spool = dir.appendingPathComponent("spool/job42")
        try FileManager.default.createDirectory(at: spool, withIntermediateDirectories: true)
        let script = spool.appendingPathComponent("slurm_script")
        try FileManager.default.copyItem(at: scenarioURL("scripts/sweep-slurm.sbatch"), to: script)
        let out = dir.appendingPathComponent("out")
        let args = ["--shards", "3", "--out", out.path, "sweep.json", "--", "--replications", "20"]
        func task(_ id: String?, _ extra: [String: String] = [:], _ a: [String]? = nil) throws -> (status: Int32, output: String) {
            var v = ["PUSHSIM_HOME": repositoryRoot.path, "PUSHSIM": Self.binary.path, "SLURM_SUBMIT_DIR": elsewhere.path,
                     "SLURM_ARRAY_TASK_COUNT": "1", "SLURM_ARRAY_TASK_MIN": id ?? "", "SLURM_ARRAY_TASK_MAX": id ?? ""]
            if let id { v["SLURM_ARRAY_TASK_ID"] = id }
            return try Self.run(script, a ?? args, in: elsewhere, v.merging(extra) { $1 })
        }

        // Nothing says where the checkout is: a clear error, nothing run.
        let lost = try Self.run(script, args, in: elsewhere, ["SLURM_ARRAY_TASK_ID": "1", "SLURM_SUBMIT_DIR": elsewhere.path])
        #expect(lost.status == 2 && lost.output.contains("cannot find the PushSim checkout") && lost.output.contains("PUSHSIM_HOME"), "\(lost.output)")
        // Found from SLURM_SUBMIT_DIR (submitted from the checkout); Slurm's task count (1) is ignored.
        let first = try task("1", ["PUSHSIM_HOME": "", "SLURM_SUBMIT_DIR": repositoryRoot.path])
        #expect(first.status == 0 && first.output.contains("shard 1/3"), "\(first.output)")
        // Task id 0 of a 0-based array is shard N.
        let last = try task("0")
        #expect(last.status == 0 && last.output.contains("shard 3/3") && FileManager.default.fileExists(atPath: out.path + "/shard-3/points/plan.json"), "\(last.output)")
        // The merge names the missing shard and the line that resubmits it.
        let partial = try task(nil, [:], ["--merge"] + args)
        #expect(partial.status == 1 && partial.output.contains("shard(s) 2 of 3") && partial.output.contains("sbatch --array=2 scripts/sweep-slurm.sbatch --shards 3"), "\(partial.output)")
        #expect(partial.output.contains("-- --replications 20"), "the resubmit line keeps the forwarded options: \(partial.output)")

        // Errors: an id outside 0…N, not a number, no array task, no shard count, misplaced options.
        for (id, a, message) in [("4", args, "outside 0…3"), ("x", args, "outside 0…3"), (nil, args, "not an array task"),
                                 ("1", Array(args.dropFirst(2)), "--shards N or SHARDS=N"),
                                 ("1", ["--shards", "3", "--replications", "20", "sweep.json"], "go after --"),
                                 ("1", args + ["--out", "x"], "--out is set by this script"),
                                 ("1", ["--shards", "3", "missing.json"], "no sweep file missing.json")] {
            let r = try task(id, [:], a)
            #expect(r.status == 2 && r.output.contains(message), "\(id ?? "-") \(a): \(r.output)")
        }
        #expect(try task("2", ["PUSHSIM": dir.path + "/none"]).output.contains("no pushsim binary at"))

        // Resubmission of index 2 with SHARDS in the environment, then a merge equal to one machine's sweep.
        let second = try task("2", ["SHARDS": "3"], Array(args.dropFirst(2)))
        #expect(second.status == 0 && second.output.contains("shard 2/3"), "\(second.output)")
        let merged = try task(nil, [:], ["--merge"] + args)
        #expect(merged.status == 0 && merged.output.contains("merged 4 points"), "\(merged.output)")
        let whole = dir.appendingPathComponent("whole")
        #expect(runCLI(["sweep", sweepPath, "--out", whole.path, "--replications", "20"]).status == 0)
        #expect(try Self.reports(whole) == Self.reports(out))

        // The sweep's options changed and one shard rerun: the old merge is named with its remedy.
        #expect(try task("1", [:], Array(args.dropLast()) + ["10"]).status == 0)
        let stale = try task(nil, [:], ["--merge"] + Array(args.dropLast()) + ["10"])
        #expect(stale.status == 2 && stale.output.contains("holds the merge of another plan") && stale.output.contains("rm -r \(out.path)/points"), "\(stale.output)")
    }

    @Test("the GNU parallel script: every shard, merged to one machine's bytes (or a clear message without parallel); argument errors")
    func parallelScript() throws {
        let (dir, elsewhere, sweepPath) = try Self.setUp()
        defer { try? FileManager.default.removeItem(at: dir) }
        let script = scenarioURL("scripts/sweep-parallel.sh")
        let out = dir.appendingPathComponent("out")
        let env = ["PUSHSIM": Self.binary.path]
        #expect(try Self.run(script, ["sweep.json"], in: elsewhere, env).output.contains("--shards N or SHARDS=N"))
        #expect(try Self.run(script, ["sweep.json", "2"], in: elsewhere, env).output.contains("unexpected argument 2"))
        let hasParallel = try Self.shell("command -v parallel >/dev/null && parallel --version 2>/dev/null | grep -q 'GNU parallel'")
        let r = try Self.run(script, ["--shards", "2", "--out", out.path, "sweep.json", "--", "--replications", "20"], in: elsewhere, env)
        guard hasParallel else {
            #expect(r.status == 2 && r.output.contains("GNU parallel is not installed"), "\(r.output)")
            return
        }
        #expect(r.status == 0 && r.output.contains("merged 4 points"), "\(r.output)")
        let whole = dir.appendingPathComponent("whole")
        #expect(runCLI(["sweep", sweepPath, "--out", whole.path, "--replications", "20"]).status == 0)
        #expect(try Self.reports(whole) == Self.reports(out))
    }

    static func shell(_ command: String) throws -> Bool {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/sh")
        p.arguments = ["-c", command]
        try p.run()
        p.waitUntilExit()
        return p.terminationStatus == 0
    }
}
