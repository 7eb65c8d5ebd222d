import Foundation
import Testing
@testable import PushSim

/// `pushsim run|validate FILE --strategy KIND[:JSON]` (issue 35): strategies added to a
/// scenario without editing it, exactly as if the file listed them last; recorded in
/// meta.json; bad values refused naming the option (exit 2, nothing written).
@Suite struct StrategyOptionTests {
    static let options = ["hintPullExtension", #"polling:{"interval": "5m", "name": "poll5"}"#, #"polling:{"interval":"1m"}"#]
    static let appended = #"["hintPull", "hintPullExtension", {"interval": "5m", "name": "poll5", "kind": "polling"}, {"kind": "polling", "interval": "1m"}]"#

    @Test("run FILE --strategy … writes what run of the file with those strategies appended writes")
    func addedStrategiesRunAsIfListed() throws {
        let dir = try BadInputStrictTests.folder(["a.json": BadInputTests.valid,
                                                  "b.json": BadInputTests.valid.replacingOccurrences(of: #"["hintPull"]"#, with: Self.appended)])
        defer { try? FileManager.default.removeItem(at: dir) }
        let a = dir.appendingPathComponent("out-a"), b = dir.appendingPathComponent("out-b")
        let ra = runCLI(["run", dir.appendingPathComponent("a.json").path, "--out", a.path, "--no-plot", "--replications", "30"]
                        + Self.options.flatMap { ["--strategy", $0] })
        let rb = runCLI(["run", dir.appendingPathComponent("b.json").path, "--out", b.path, "--no-plot", "--replications", "30"])
        #expect(ra.status == 0 && rb.status == 0, "\(ra.err) \(rb.err)")
        for name in ["runs.csv", "summary.csv", "paired.csv"] {
            #expect(try Data(contentsOf: a.appendingPathComponent(name)) == Data(contentsOf: b.appendingPathComponent(name)), "\(name)")
        }
        let summary = try String(contentsOf: a.appendingPathComponent("summary.csv"), encoding: .utf8)
        #expect(summary.contains("\nv,poll5,") && summary.contains("\nv,polling,") && summary.contains("\nv,hintPullExtension,"))
        // meta.json records the options as given, in order, and nothing else differs but the file.
        let meta = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: a.appendingPathComponent("meta.json"))) as? [String: Any])
        let plain = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: b.appendingPathComponent("meta.json"))) as? [String: Any])
        #expect(meta["added_strategies"] as? [String] == Self.options)
        #expect(plain["added_strategies"] == nil, "no key without --strategy (meta.json of other runs unchanged)")
        #expect(meta["strategies"] as? [String] == ["hintPull", "hintPullExtension", "poll5", "polling"])
        #expect(Set(meta.keys).subtracting(plain.keys) == ["added_strategies"])
        for key in plain.keys where !["scenario_file", "scenario_fnv1a64"].contains(key) {
            #expect("\(meta[key] ?? "-")" == "\(plain[key] ?? "-")", "\(key)")
        }
    }

    @Test func validateCountsTheAddedStrategies() throws {
        let file = scenarioURL("Scenarios/cases/C1.json").path
        let r = runCLI(["validate", file, "--strategy", "hintPullExtension", "--strategy=polling:{\"interval\": \"5m\"}"])
        #expect(r.status == 0 && r.out.hasPrefix("\(file): ok (2 variants × 4 strategies × "), "\(r.out)\(r.err)")
    }

    /// The brief's own example, with a registry that has the kind (the example package's).
    @Test func aRegisteredKindWithParameters() throws {
        let file = scenarioURL("Scenarios/cases/C1.json").path
        let r = runCLI(["validate", file, "--strategy", #"hintPullRetry:{"delay":"10s"}"#], registry: CustomKindCommandTests.registry)
        #expect(r.status == 0 && r.out.contains("× 3 strategies ×"), "\(r.out)\(r.err)")
    }

    /// (values of --strategy, the message after `pushsim: `)
    static let refusals: [([String], String)] = [
        (["hintPul"], #"--strategy 'hintPul': $.kind: unknown strategy kind "hintPul"; did you mean "hintPull"? valid kinds: applyPayload,"#),
        (["push"], #"--strategy 'push': $.kind: unknown strategy kind "push"; valid kinds: "#),
        ([#"polling:{"interval": "5m""#],
         #"--strategy 'polling:{"interval": "5m"': malformed JSON at 1:18 (line:column of the text after "polling:"): the JSON ends inside this object"#),
        (["polling:5m"], #"--strategy 'polling:5m': malformed JSON at 1:2 (line:column of the text after "polling:"): text after the end"#),
        (["polling:[1]"], #"--strategy 'polling:[1]': expected a JSON object of the strategy's parameters after "polling:""#),
        ([#"polling:{"kind": "hintPull"}"#], #"--strategy 'polling:{"kind": "hintPull"}': $.kind: the kind goes before the colon"#),
        (["polling"], #"--strategy 'polling': $.interval: missing required key "interval""#),
        ([#"polling:{"intervall": "5m"}"#], #"--strategy 'polling:{"intervall": "5m"}': $.intervall: unknown key "intervall"; did you mean "interval"?"#),
        (["applyPayload"], #"--strategy 'applyPayload': the report name "applyPayload" is taken by the scenario's strategies[0]; give this one its own: applyPayload:{"name": "…"}"#),
        (["recommended", "recommended"], #"--strategy 'recommended': the report name "recommended" is taken by an earlier --strategy"#),
        ([#"polling:{"interval": "5m", "name": "hintPull"}"#], #"the report name "hintPull" is taken by the scenario's strategies[1]"#),
    ]

    @Test("a bad --strategy is refused naming the option; run writes nothing", arguments: 0..<refusals.count)
    func refused(_ i: Int) throws {
        let (values, message) = Self.refusals[i]
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("out")
        let file = scenarioURL("Scenarios/cases/C1.json").path
        for args in [["run", file, "--out", out.path, "--no-plot"], ["validate", file]] {
            let r = runCLI(args + values.flatMap { ["--strategy", $0] })
            #expect(r.status == 2, "\(args[0]) \(values): \(r.err)")
            #expect(r.err.hasPrefix("pushsim: " + message) || (message.hasPrefix("the report") && r.err.contains(message)), "\(args[0]): \(r.err)")
            #expect(r.err.hasSuffix("see pushsim \(args[0]) --help\n"), "\(r.err)")
        }
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }

    /// A sweep plans and fingerprints its points from its files: its "strategies" key is the
    /// way to change them; trace's --strategy selects a strategy by name, as before.
    @Test func sweepsAndTraceDoNotTakeIt() throws {
        let sweep = scenarioURL("Scenarios/sweeps/loss-rate.json").path
        let s = runCLI(["sweep", sweep, "--strategy", "hintPull", "--out", "/nonexistent/x"])
        #expect(s.status == 2 && s.err.hasPrefix(#"pushsim: option --strategy does not apply here (--strategy adds to a scenario FILE; a sweep file's "strategies" key"#),
                "\(s.err)")
        let v = runCLI(["validate", sweep, "--strategy", "hintPull"])
        #expect(v.status == 2 && v.err.hasPrefix("pushsim: --strategy adds to a scenario FILE"), "\(v.err)")
        let t = runCLI(["trace", scenarioURL("Scenarios/cases/C1.json").path, "--strategy", "polling", "--format", "text"])
        #expect(t.status == 2 && t.err.contains(#"--strategy: no "polling" in"#), "\(t.err)")
    }
}
