import Foundation
import Testing
@testable import PushSim
@testable import PushSimCommand

/// The smaller bad-input items of issue 15 (item 8): long names, runtime file errors,
/// `--out ""`, huge explicit lists and reserved axis names.
@Suite struct BadInputItemsTests {
    static let valid = BadInputTests.valid
    static let sweep = #"{"name": "sw", "base": "base.json", "axes": [{"name": "loss", "path": "variants[v].channel.loss", "values": [0.1, 0.2]}]}"#

    /// A name of 201 bytes (and one of 101 two-byte characters) is refused by validate at
    /// `$.name`; one of 200 bytes passes. (Before, 256 bytes passed validate and the run
    /// failed with Foundation's raw error.)
    @Test func namesOfMoreThan200BytesAreRefusedAtValidate() throws {
        let dir = try BadInputStrictTests.folder([:])
        defer { try? FileManager.default.removeItem(at: dir) }
        for (name, ok) in [(String(repeating: "n", count: 200), true), (String(repeating: "n", count: 201), false),
                           (String(repeating: "é", count: 101), false), (String(repeating: "n", count: 256), false)] {
            let scenario = dir.appendingPathComponent("base.json")
            try Data(Self.valid.replacingOccurrences(of: #""name": "bad""#, with: #""name": "\#(name)""#).utf8).write(to: scenario)
            let r = runCLI(["validate", scenario.path])
            #expect((r.status == 0) == ok, "\(name.utf8.count) bytes: \(r.err)")
            if !ok { #expect(r.err.contains("\(scenario.path): $.name: a name of \(name.utf8.count) bytes; at most 200"), "\(r.err)") }
            try Data(Self.valid.utf8).write(to: scenario)
            let sweep = dir.appendingPathComponent("sweep.json")
            try Data(Self.sweep.replacingOccurrences(of: #""name": "sw""#, with: #""name": "\#(name)""#).utf8).write(to: sweep)
            let s = runCLI(["validate", sweep.path])
            #expect((s.status == 0) == ok, "sweep, \(name.utf8.count) bytes: \(s.err)")
            if !ok { #expect(s.err.contains("\(sweep.path): $.name: a name of"), "\(s.err)") }
        }
    }

    /// A report that cannot be written: exit 1 with `cannot write <path>: <reason>`, not
    /// Foundation's `Error Domain=NSCocoaErrorDomain Code=512 "(null)" UserInfo={…}`.
    @Test func fileErrorsNameThePathAndTheReason() throws {
        let dir = try BadInputStrictTests.folder(["scenario.json": Self.valid, "plain": "a file"])
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("scenario.json").path
        let blocked = dir.appendingPathComponent("plain/x").path
        for (args, expected) in [
            (["run", file, "--out", blocked, "--no-plot"], "pushsim: cannot write \(blocked): Not a directory\n"),
            (["trace", file, "--out", blocked + ".svg", "--format", "svg"], "pushsim: cannot write \(blocked).svg: Not a directory\n"),
            (["sweep", dir.appendingPathComponent("missing.json").path], nil),
            (["columns", "--markdown", "--in-place", dir.appendingPathComponent("none/x.md").path],
             "pushsim: cannot read \(dir.appendingPathComponent("none/x.md").path): No such file or directory\n"),
        ] {
            let r = runCLI(args)
            guard let expected else { #expect(r.status == 2); continue }
            #expect(r.status == 1, "\(args): \(r.err)")
            #expect(r.err == expected, "\(args)")
            #expect(!r.err.contains("NSCocoaErrorDomain") && !r.err.contains("UserInfo"), "\(r.err)")
        }
    }

    @Test func fileErrorTextMapsCocoaAndTemporaryNames() {
        let e = CocoaError(.fileWriteOutOfSpace, userInfo: [NSFilePathErrorKey: "/r/.runs.csv.host-1234-5.partial"])
        #expect(FileErrorText.describe(e) == "cannot write /r/runs.csv: No space left on device")
        let read = NSError(domain: NSCocoaErrorDomain, code: CocoaError.fileReadNoPermission.rawValue,
                           userInfo: [NSFilePathErrorKey: "/r/a.csv", NSUnderlyingErrorKey: NSError(domain: NSPOSIXErrorDomain, code: Int(EACCES))])
        #expect(FileErrorText.describe(read) == "cannot read /r/a.csv: Permission denied")
        #expect(FileErrorText.describe(ScenarioError(file: "x", path: "$", message: "m")) == nil)
        #expect(FileErrorText.userPath("/r/.summary.csv.partial") == "/r/.summary.csv.partial")
    }

    /// `--out ""` would write into the current folder: a usage error, exit 2, nothing written.
    @Test func emptyOutIsAUsageError() throws {
        let study = scenarioURL("Scenarios/push-hint-study.json").path
        for args in [["run", study, "--no-plot", "--out", ""], ["sweep", scenarioURL("Scenarios/sweeps/loss-rate.json").path, "--out", ""],
                     ["trace", study, "--out", ""], ["run", study, "--seed", ""]] {
            let r = runCLI(args)
            #expect(r.status == 2, "\(args)")
            #expect(r.err.hasPrefix("pushsim: \(args[args.count - 2]) needs a value (got an empty string)\nsee pushsim \(args[0]) --help"), "\(r.err)")
        }
    }

    /// 10^6 explicit offline periods (39 MB): refused at the list's path before Foundation
    /// decodes it (which took 3 GB and minutes); 100,000 is the documented limit.
    @Test func explicitListsPastTheLimitAreRefusedBeforeDecoding() throws {
        let periods = (0..<1_000_000).map { #"{"from": "\#(2 * $0)s", "to": "\#(2 * $0 + 1)s"}"# }.joined(separator: ",")
        let text = Self.valid.replacingOccurrences(of: #""strategies""#, with: #""device": {"offline": [\#(periods)]}, "strategies""#)
        let dir = try BadInputStrictTests.folder(["scenario.json": text])
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("scenario.json").path
        var r = (status: Int32(0), out: "", err: "")
        let elapsed = ContinuousClock().measure { r = runCLI(["validate", file]) }
        #expect(r.status == 2)
        #expect(r.err.hasPrefix("pushsim: \(file): $.device.offline: an array of more than 100000 elements"), "\(r.err)")
        #expect(elapsed < .seconds(30 * wallClockScale), "\(elapsed)")
    }

    /// Axis names that are columns of the reports (compare's and the plots' keys) are
    /// refused at `$.axes[i].name`, and so is an empty one.
    @Test(arguments: ["replications", "converged", "variant", "point", "strategy", "run_id", "seed", "convergence_rate", "loss_s", ""])
    func reservedAxisNamesAreRefused(name: String) throws {
        let sweep = #"{"name": "sw", "base": "base.json", "axes": [{"name": "loss", "path": "variants[v].channel.loss", "values": [0.1]}, "#
            + #"{"name": "\#(name)", "path": "seed", "values": [1, 2]}]}"#
        let dir = try BadInputStrictTests.folder(["base.json": Self.valid, "sweep.json": sweep])
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("sweep.json").path
        let r = runCLI(["validate", file])
        #expect(r.status == 2, "\(name): \(r.out)")
        #expect(r.err.hasPrefix("pushsim: \(file): $.axes[1].name: "), "\(name): \(r.err)")
        #expect(r.err.contains(name.isEmpty ? "non-empty axis name" : "collides with"), "\(r.err)")
    }
}
