import Foundation
import Testing
@testable import PushSim
@testable import PushSimCommand

/// The size check (issue 15, items 4 and 8; docs/model.md, Limits): `run` and `sweep`
/// refuse, exit 2 and write nothing, a scenario the machine cannot run, naming the file and
/// the key that asks for it; `--allow-large` runs it anyway; `validate` prints the estimate.
/// Before, these passed `validate` and then aborted ("failed to allocate 4.4 GB") or ran
/// for hours without a word.
@Suite struct SizeLimitTests {
    static let valid = BadInputTests.valid

    /// The CLI with the free memory and disk it should believe (bytes; nil: measured).
    static func cli(_ args: [String], memory: Double? = nil, disk: Double? = nil) -> (status: Int32, out: String, err: String) {
        var out = "", err = ""
        var environment = ["CI": "1", "PUSHSIM_COMMIT": "test"]
        if let memory { environment["PUSHSIM_FREE_MEMORY"] = String(memory) }
        if let disk { environment["PUSHSIM_FREE_DISK"] = String(disk) }
        let status = Command.main(args, out: { out += $0 }, err: { err += $0 }, environment: environment)
        return (status, out, err)
    }

    /// `run` of `text`: exit 2, the message starts with `file: path: ` and has `fragments`, nothing written.
    static func expectRefused(_ text: String, _ extra: [String] = [], memory: Double? = nil, disk: Double? = nil, path: String,
                              _ fragments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let dir = try BadInputStrictTests.folder(["scenario.json": text])
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("scenario.json").path, out = dir.appendingPathComponent("results")
        let r = cli(["run", file, "--out", out.path, "--no-plot"] + extra, memory: memory, disk: disk)
        #expect(r.status == 2, "\(r.out)\(r.err)", sourceLocation: sourceLocation)
        #expect(r.err.hasPrefix("pushsim: \(file): \(path): "), "\(r.err)", sourceLocation: sourceLocation)
        for f in fragments { #expect(r.err.contains(f), "\(r.err) lacks \(f)", sourceLocation: sourceLocation) }
        #expect(r.err.contains("--allow-large"), sourceLocation: sourceLocation)
        #expect(!FileManager.default.fileExists(atPath: out.path), "run wrote its folder", sourceLocation: sourceLocation)
        #expect(cli(["validate", file]).status == 0, "validate passes it (a valid file)", sourceLocation: sourceLocation)
    }

    @Test func drawnConnectivityBeyondMemoryIsRefused() throws {
        // A 1 s mean over 100 years: 1.6e9 offline periods, about 213 GB, on any machine.
        try Self.expectRefused(Self.valid.replacingOccurrences(of: #""horizon": "60s""#, with: #""horizon": "36500d""#)
            .replacingOccurrences(of: #""strategies""#, with: #""device": {"connectivity": {"online": "1s", "offline": "1s"}}, "strategies""#),
                               path: "$.device.connectivity", ["1.6e9 drawn offline periods take about 213 GB", "memory available"])
    }

    @Test func randomOpensBeyondMemoryAreRefusedInAVariant() throws {
        try Self.expectRefused(Self.valid.replacingOccurrences(of: #""horizon": "60s""#, with: #""horizon": "36500d""#)
            .replacingOccurrences(of: #""loss": 0.2}"#, with: #""loss": 0.2}, "device": {"app": {"opens": {"gap": {"kind": "exponential", "mean": 1, "unit": "s"}}}}"#),
                               path: "$.variants[0].device.app.opens.gap", ["3.2e9 drawn app opens take about 284 GB"])
    }

    /// Five schedules of 10^7 changes: 11 GB per worker. With 16 GB free, two workers do not
    /// fit and one does: the message says --jobs 1, and --jobs 1 passes the check.
    @Test func manyChangesBeyondMemoryWithTwoWorkers() throws {
        let schedules = (0..<5).map { #"{"count": 10000000, "start": "\#($0)s", "interval": "1us"}"# }.joined(separator: ", ")
        let text = Self.valid.replacingOccurrences(of: #"{"count": 3, "start": "1s", "interval": "1s"}"#, with: "[\(schedules)]")
        try Self.expectRefused(text, ["--jobs", "2"], memory: 16e9, path: "$.server.changes[0].count",
                               ["1e7 changes up to the horizon take about 2.2 GB", "a worker holds 11 GB, and 2 workers need about 22 GB, "
                                + "more than the 16 GB of memory available; run with --jobs 1"])
        let plan = try ScenarioSize(Scenario.decode(Data(text.utf8), file: "x"))
        #expect(plan.memory(jobs: 1) < 16e9)
    }

    @Test func pollingEveryMicrosecondIsRefused() throws {
        let text = Self.valid.replacingOccurrences(of: #"["hintPull"]"#, with: #"[{"kind": "polling", "interval": "1us"}]"#)
            .replacingOccurrences(of: #""horizon": "60s""#, with: #""horizon": "2d""#)
            .replacingOccurrences(of: #""strategies""#, with: #""device": {"app": {"sessions": [{"at": "1s", "length": "1d"}]}}, "strategies""#)
        try Self.expectRefused(text, path: "$.strategies[0].interval", ["8.6e10 polls", "beyond the limit of 3e10 (hours of computing)"])
    }

    @Test func hundredMillionReplicationsAreRefused() throws {
        let study = scenarioURL("Scenarios/push-hint-study.json").path
        let out = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        let folder = out.appendingPathComponent("r")
        // 6.1e10 events beyond the ceiling (about 4.2 h on one core), whatever the rows.
        for runs in ["csv", "none"] {
            let r = Self.cli(["run", study, "--replications", "100000000", "--runs", runs, "--out", folder.path, "--no-plot"])
            #expect(r.status == 2 && r.err.hasPrefix("pushsim: \(study): $.replications: 9e8 runs of about 67 events: about 6.1e10 events in all, "
                                                     + "beyond the limit of 3e10 (hours of computing)"), "\(r.err)")
        }
        // 10^7 replications: 2.9 GB of runs.csv, beyond 1 GB of free disk.
        let r = Self.cli(["run", study, "--replications", "10000000", "--out", folder.path, "--no-plot"], disk: 1e9)
        #expect(r.status == 2 && r.err.hasPrefix("pushsim: \(study): $.replications: 9e7 runs: about 29 GB of reports, more than the 1.0 GB free at "
                                                 + "\(folder.path); use --runs gzip (about 3.6 GB) or --runs none"), "\(r.err)")
        #expect(!FileManager.default.fileExists(atPath: folder.path))
    }

    /// The disk limit, and `--allow-large` running past it.
    @Test func reportsBeyondFreeDiskAreRefusedAndAllowLargeRunsAnyway() throws {
        let dir = try BadInputStrictTests.folder(["scenario.json": Self.valid.replacingOccurrences(of: #""replications": 3"#, with: #""replications": 300"#)])
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("scenario.json").path, out = dir.appendingPathComponent("results")
        let r = Self.cli(["run", file, "--out", out.path, "--no-plot"], disk: 50_000)
        #expect(r.status == 2 && r.err.hasPrefix("pushsim: \(file): $.replications: 300 runs: about 98 kB of reports, more than the 50 kB free"), "\(r.err)")
        #expect(!FileManager.default.fileExists(atPath: out.path))
        #expect(Self.cli(["run", file, "--out", out.path, "--no-plot", "--runs", "gzip"], disk: 50_000).status == 0)
        let anyway = Self.cli(["run", file, "--out", out.path, "--no-plot", "--allow-large"], disk: 50_000)
        #expect(anyway.status == 0, "\(anyway.err)")
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("runs.csv").path))
    }

    /// A sweep: every point is checked for memory (the message names the point), and the
    /// points' rows (written twice: points/ and runs.csv) against the disk.
    @Test func sweepPointsAreChecked() throws {
        let sweep = #"{"name": "sw", "base": "base.json", "axes": [{"name": "online", "path": "device.connectivity.online", "values": ["1h", "1s"]}]}"#
        let base = Self.valid.replacingOccurrences(of: #""horizon": "60s""#, with: #""horizon": "36500d""#)
            .replacingOccurrences(of: #""strategies""#, with: #""device": {"connectivity": {"online": "1h", "offline": "1s"}}, "strategies""#)
        let dir = try BadInputStrictTests.folder(["base.json": base, "sweep.json": sweep])
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("sweep.json").path, out = dir.appendingPathComponent("results")
        let r = Self.cli(["sweep", file, "--out", out.path, "--no-plot"])
        #expect(r.status == 2 && r.err.hasPrefix("pushsim: \(file): $.device.connectivity: at the point online=1s (a path of its scenario): "
                                                 + "1.6e9 drawn offline periods take about 213 GB"), "\(r.err)")
        // The shard that computes only point 0 (online=1h: 876,576 periods, 118 MB) passes the memory check.
        let shard = Self.cli(["sweep", file, "--out", out.path, "--no-plot", "--shard", "1/2"], disk: 1000)
        #expect(shard.status == 2 && shard.err.contains("$.replications: 1 point of 3 runs in all: about 3.9 kB of reports, more than the 1.0 kB free"),
                "\(shard.err)")
        #expect(!FileManager.default.fileExists(atPath: out.path))
        let v = Self.cli(["validate", file])
        #expect(v.status == 0 && v.out.contains("ok (sweep: 2 points)\n  estimate: "), "\(v.out)")
    }

    @Test func validatePrintsTheEstimate() throws {
        let r = Self.cli(["validate", scenarioURL("Scenarios/push-hint-study.json").path])
        #expect(r.status == 0)
        #expect(r.out.hasSuffix("ok (3 variants × 3 strategies × 1000 replications)\n  estimate: 606,000 events in 9,000 runs "
                                + "(under a second on one core), 33 MB of memory with one worker, 2.9 MB of reports\n"), "\(r.out)")
    }
}
