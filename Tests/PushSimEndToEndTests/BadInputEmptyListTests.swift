import Foundation
import Testing
@testable import PushSim

/// Empty explicit lists (issue 35, found by `scripts/fuzz.py --exhaustive --classes
/// empty_list`): a list the model indexes or needs non-empty is refused at its path by
/// validate and run alike (exit 2, nothing written); a list whose emptiness is legitimate
/// means what leaving the key out means.
@Suite struct BadInputEmptyListTests {
    static let valid = BadInputTests.valid

    /// The issue's input: `Scenarios/outbox/dst-spring.json` with `"changes": []` in its
    /// third variant passed validate, then run trapped (index out of range in the change
    /// draw). Now both refuse it at the list's path; so is an empty top-level list.
    @Test func emptyChangeListsAreRefusedAtTheirPath() throws {
        var doc = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: scenarioURL("Scenarios/outbox/dst-spring.json"))) as? [String: Any])
        var variants = try #require(doc["variants"] as? [[String: Any]])
        var server = try #require(variants[2]["server"] as? [String: Any])
        server["changes"] = [Any]()
        variants[2]["server"] = server
        doc["variants"] = variants
        let text = String(decoding: try JSONSerialization.data(withJSONObject: doc, options: [.sortedKeys]), as: UTF8.self)
        try BadInputStrictTests.expectRefused(text, path: "$.variants[2].server.changes", ["expected at least one change schedule", #"{"count": 0}"#])
        try BadInputStrictTests.expectRefused(Self.valid.replacingOccurrences(of: #""changes": {"count": 3, "start": "1s", "interval": "1s"}"#,
                                                                              with: #""changes": []"#),
                                              path: "$.server.changes", ["expected at least one change schedule"])
    }

    /// The no-change server the message points to runs (and a list of one schedule is the schedule).
    @Test func aServerWithNoChangesIsCountZero() throws {
        for changes in [#"{"count": 0}"#, #"[{"count": 0}]"#] {
            let text = Self.valid.replacingOccurrences(of: #"{"count": 3, "start": "1s", "interval": "1s"}"#, with: changes)
            let scenario = try Scenario.decode(Data(text.utf8), file: "x.json")
            #expect(scenario.server.changes.count == 1 && scenario.server.changes[0].count == 0, "\(changes)")
            #expect(scenario.server.drawChanges(until: .zero + .seconds(60),
                                                streams: RandomStreams(generator: scenario.generator, seed: 1, replication: 0)).isEmpty)
        }
    }

    /// A fleet's `timeZones: []` was taken for "the recipient's" though the schema asks for
    /// at least one: refused, as `profiles: []` is.
    @Test func emptyFleetTimeZonesAreRefused() throws {
        let fleet = Self.valid.replacingOccurrences(of: #""strategies""#, with: #""fleet": {"population": {"count": 2, "timeZones": []}}, "strategies""#)
        try BadInputStrictTests.expectRefused(fleet, path: "$.fleet.population.timeZones", ["expected at least one time zone"])
    }

    /// A sweep's `variants: []` or `strategies: []` (or a strategies value that is no list)
    /// was reported at `$.axes` as a point's problem ("no element named …", "expected at
    /// least one strategy"); now at the sweep's own key.
    @Test func emptySweepOverridesAreRefusedAtTheirKey() throws {
        let dir = try BadInputStrictTests.folder(["base.json": Self.valid])
        defer { try? FileManager.default.removeItem(at: dir) }
        let sweep = #"{"name": "sw", "base": "base.json", "axes": [{"name": "loss", "path": "variants[v].channel.loss", "values": [0.1]}]}"#
        for (extra, path, fragment) in [(#""variants": [], "#, "$.variants", "expected at least one of the base's variant names"),
                                        (#""strategies": [], "#, "$.strategies", "expected at least one strategy"),
                                        (#""strategies": {"kind": "hintPull"}, "#, "$.strategies", "expected a list of strategies")] {
            let file = dir.appendingPathComponent("sweep.json")
            try Data(sweep.replacingOccurrences(of: #""base""#, with: extra + #""base""#).utf8).write(to: file)
            let out = dir.appendingPathComponent("out")
            for args in [["validate", file.path], ["sweep", file.path, "--out", out.path, "--no-plot"]] {
                let r = runCLI(args)
                #expect(r.status == 2 && r.err.hasPrefix("pushsim: \(file.path): \(path): \(fragment)"), "\(args[0]) \(extra): \(r.err)")
            }
            #expect(!FileManager.default.fileExists(atPath: out.path))
        }
    }

    /// The lists whose emptiness is legitimate (timelines of periods or instants, sessions,
    /// other devices and their timelines) mean what leaving the key out means: the same
    /// runs.csv, byte for byte.
    @Test("an empty timeline list is the key left out", arguments: [
        #""device": {"platform": "android", "offline": [], "screenOn": [], "charging": [], "motion": [], "lowPowerMode": [], "#
            + #""lowBattery": [], "batterySaver": [], "tokenRotations": [], "uninstalled": [], "restarts": [], "foreground": []}, "#,
        #""device": {"app": {"foreground": [], "sessions": [], "forceQuit": [], "swipeAway": []}}, "#,
        #""recipient": {"otherDevices": []}, "#,
        #""recipient": {"otherDevices": [{"offline": [], "tokenRotations": [], "uninstalled": [], "launches": []}]}, "#,
    ])
    func emptyTimelinesMeanNone(_ lists: String) throws {
        let without = lists.contains("launches") ? #""recipient": {"otherDevices": [{}]}, "# : lists.contains("android") ? #""device": {"platform": "android"}, "#
            : ""
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        var runs: [Data] = []
        for (i, extra) in [lists, without].enumerated() {
            let file = dir.appendingPathComponent("s\(i).json"), out = dir.appendingPathComponent("out\(i)")
            try Data(Self.valid.replacingOccurrences(of: #""strategies""#, with: extra + #""strategies""#).utf8).write(to: file)
            let r = runCLI(["run", file.path, "--out", out.path, "--no-plot", "--replications", "20", "--jobs", "1"])
            #expect(r.status == 0, "\(extra): \(r.err)")
            runs.append(try Data(contentsOf: out.appendingPathComponent("runs.csv")))
        }
        #expect(runs[0] == runs[1], "\(lists)")
    }
}
