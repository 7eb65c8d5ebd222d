import Foundation
import Testing
@testable import PushSim

/// Strict JSON (issue 15, item 7): every input file (scenario, sweep, sweep base) that
/// Foundation would read one way or another, or without a path, is refused by `run`,
/// `validate` and `sweep` with exit status 2, the file, the JSON path and line:column,
/// and nothing written.
@Suite struct BadInputStrictTests {
    static let valid = BadInputTests.valid

    /// Writes `files` (name → text) into a fresh folder; returns it.
    static func folder(_ files: [String: String]) throws -> URL {
        let dir = try temporaryFolder()
        for (name, text) in files { try Data(text.utf8).write(to: dir.appendingPathComponent(name)) }
        return dir
    }

    /// `pushsim run` and `pushsim validate` of `text` as scenario.json: exit 2, the message
    /// starts with `<file>: <path>: ` and has every fragment, and run wrote nothing.
    static func expectRefused(_ text: String, path: String, _ fragments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let dir = try folder(["scenario.json": text])
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("scenario.json").path
        let out = dir.appendingPathComponent("results")
        for args in [["run", file, "--out", out.path, "--no-plot"], ["validate", file]] {
            let r = runCLI(args)
            #expect(r.status == 2, "\(args[0]): \(r.out)\(r.err)", sourceLocation: sourceLocation)
            #expect(r.err.hasPrefix("pushsim: \(file): \(path): "), "\(args[0]): \(r.err)", sourceLocation: sourceLocation)
            for f in fragments { #expect(r.err.contains(f), "\(args[0]): \(r.err) lacks \(f)", sourceLocation: sourceLocation) }
        }
        #expect(!FileManager.default.fileExists(atPath: out.path), "run wrote its folder", sourceLocation: sourceLocation)
    }

    @Test func duplicateKeyIsRefusedWithBothPositions() throws {
        // "replications" twice: run kept the first (3), a sweep base the last (5).
        let text = Self.valid.replacingOccurrences(of: #""replications": 3,"#, with: #""replications": 3, "replications": 5,"#)
        try Self.expectRefused(text, path: "$.replications", [#"duplicate key "replications" at 1:47"#, "first occurrence is at 1:28"])
    }

    @Test func duplicateKeyDeepInsideIsRefused() throws {
        let text = Self.valid.replacingOccurrences(of: #"{"kind": "lossy", "loss": 0.2}"#,
                                                   with: "{\"kind\": \"lossy\",\n  \"loss\": 0.2, \"lo\\u0073s\": 0.9}")
        try Self.expectRefused(text, path: "$.variants[0].channel.loss", [#"duplicate key "loss" at 5:16"#, "first occurrence is at 5:3"])
    }

    @Test func trailingCommaIsRefused() throws {
        try Self.expectRefused(Self.valid.replacingOccurrences(of: #"["hintPull"]"#, with: #"["hintPull",]"#),
                               path: "$.strategies", ["trailing comma", "3:27"])
        try Self.expectRefused(Self.valid.replacingOccurrences(of: #""loss": 0.2}"#, with: #""loss": 0.2,}"#),
                               path: "$.variants[0].channel", ["trailing comma", "4:69"])
    }

    @Test(arguments: ["1e400", "-1e400", "1e-400"])
    func numberOutsideDoubleIsRefusedWithItsPath(number: String) throws {
        try Self.expectRefused(Self.valid.replacingOccurrences(of: #""loss": 0.2"#, with: #""loss": \#(number)"#),
                               path: "$.variants[0].channel.loss", ["the number \(number) at 4:66", "outside the range of a double"])
    }

    @Test func commentsAndSingleQuotesAreRefusedWithPosition() throws {
        try Self.expectRefused(Self.valid.replacingOccurrences(of: #""seed": 1,"#, with: "\"seed\": 1, // the seed\n"),
                               path: "$", ["malformed JSON at 1:28", #"expected a key"#])
        try Self.expectRefused(Self.valid.replacingOccurrences(of: #""horizon": "60s""#, with: #""horizon": '60s'"#),
                               path: "$.horizon", ["malformed JSON at 1:58"])
    }

    @Test func nullIsRefusedWithItsPath() throws {
        for (from, to, path) in [(#""seed": 1,"#, #""seed": 1, "description": null,"#, "$.description"),
                                 (#""loss": 0.2"#, #""loss": null"#, "$.variants[0].channel.loss"),
                                 (#""strategies""#, #""device": {"platform": null}, "strategies""#, "$.device.platform"),
                                 (#""strategies""#, #""device": {"connectivity": null}, "strategies""#, "$.device.connectivity"),
                                 (#""loss": 0.2}"#, #""loss": 0.2}, "device": null"#, "$.variants[0].device")] {
            try Self.expectRefused(Self.valid.replacingOccurrences(of: from, with: to), path: path, ["found null"])
        }
    }

    @Test func nullSwitchesFCMDowngradeOff() throws {
        let text = Self.valid.replacingOccurrences(of: #"{"kind": "lossy", "loss": 0.2}"#, with: #"{"kind": "fcm", "downgrade": null}"#)
        let dir = try Self.folder(["scenario.json": text])
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = runCLI(["validate", dir.appendingPathComponent("scenario.json").path])
        #expect(r.status == 0, "\(r.err)")
    }

    /// The sweep and its base: a duplicate in either is refused naming that file (before,
    /// the same base file ran with the last value in a sweep and the first in `run`).
    @Test func duplicateKeyInSweepOrBaseIsRefused() throws {
        let base = Self.valid.replacingOccurrences(of: #""replications": 3,"#, with: #""replications": 3, "replications": 5,"#)
        let sweep = #"{"name": "sw", "base": "base.json", "axes": [{"name": "loss", "path": "variants[v].channel.loss", "values": [0.1, 0.2]}]}"#
        let dupSweep = sweep.replacingOccurrences(of: #""name": "sw","#, with: #""name": "sw", "name": "sw2","#)
        let dir = try Self.folder(["base.json": base, "sweep.json": sweep, "good.json": Self.valid,
                                   "dup.json": dupSweep.replacingOccurrences(of: "base.json", with: "good.json")])
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("results")
        let r = runCLI(["sweep", dir.appendingPathComponent("sweep.json").path, "--out", out.path, "--no-plot"])
        #expect(r.status == 2, "\(r.out)\(r.err)")
        #expect(r.err.contains("base.json: $.replications: duplicate key \"replications\""), "\(r.err)")
        let d = runCLI(["sweep", dir.appendingPathComponent("dup.json").path, "--out", out.path, "--no-plot"])
        #expect(d.status == 2, "\(d.out)\(d.err)")
        #expect(d.err.contains("dup.json: $.name: duplicate key \"name\" at 1:16 (line:column); its first occurrence is at 1:2"), "\(d.err)")
        #expect(!FileManager.default.fileExists(atPath: out.path))
        #expect(runCLI(["validate", dir.appendingPathComponent("sweep.json").path]).status == 2)
    }
}
