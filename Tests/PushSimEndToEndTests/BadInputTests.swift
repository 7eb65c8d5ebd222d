import Foundation
import Testing
@testable import PushSim

/// Bad input: exit status 2, a message naming the file and the JSON path, no output files.
@Suite struct BadInputTests {
    static let valid = """
    {"name": "bad", "seed": 1, "replications": 3, "horizon": "60s",
     "server": {"keys": 2, "retainLast": 4, "changes": {"count": 3, "start": "1s", "interval": "1s"}},
     "strategies": ["hintPull"],
     "variants": [{"name": "v", "channel": {"kind": "lossy", "loss": 0.2}}]}
    """

    /// (label, scenario text, expected JSON path, a fragment of the message)
    static let cases: [(String, String, String, String)] = [
        ("malformed JSON", #"{"name": "bad", "seed": 1,"#, "$", "malformed JSON"),
        ("unknown channel kind", valid.replacingOccurrences(of: #""kind": "lossy""#, with: #""kind": "lossey""#),
         "$.variants[0].channel.kind", "valid kinds: lossy, keepLatest, overflow"),
        ("unknown strategy kind", valid.replacingOccurrences(of: #"["hintPull"]"#, with: #"["hintPul"]"#),
         "$.strategies[0]", "valid kinds: applyPayload"),
        ("probability above 1", valid.replacingOccurrences(of: "0.2", with: "1.5"),
         "$.variants[0].channel.loss", "probability in [0, 1]"),
        ("negative duration", valid.replacingOccurrences(of: #""horizon": "60s""#, with: #""horizon": "-60s""#),
         "$.horizon", "negative"),
        ("unit-less duration", valid.replacingOccurrences(of: #""start": "1s""#, with: #""start": "1""#),
         "$.server.changes.start", "no unit"),
        ("number as duration", valid.replacingOccurrences(of: #""interval": "1s""#, with: #""interval": 1"#),
         "$.server.changes.interval", "duration string"),
        ("unknown key", valid.replacingOccurrences(of: #""loss": 0.2"#, with: #""los": 0.2"#),
         "$.variants[0].channel.los", "unknown key"),
        ("missing key", valid.replacingOccurrences(of: #""seed": 1, "#, with: ""), "$.seed", "missing required key"),
        ("wrong type", valid.replacingOccurrences(of: #""keys": 2"#, with: #""keys": "two""#), "$.server.keys", "expected an integer"),
        ("unknown platform", valid.replacingOccurrences(of: #""strategies""#, with: #""device": {"platform": "symbian"}, "strategies""#),
         "$.device.platform", "valid: generic, android, ios"),
        ("bad apns-priority", valid.replacingOccurrences(of: #""strategies""#, with: #""message": {"apnsPriority": 7}, "strategies""#),
         "$.message.apnsPriority", "10, 5 or 1"),
        ("TTL beyond 28 days", valid.replacingOccurrences(of: #""strategies""#, with: #""message": {"ttl": "29d"}, "strategies""#),
         "$.message.ttl", "at most 28d"),
        ("unknown error code", valid.replacingOccurrences(of: #"{"kind": "lossy", "loss": 0.2}"#, with: #"{"kind": "fcm", "errors": {"NOPE": 0.1}}"#),
         "$.variants[0].channel.errors.NOPE", "unknown key"),
        ("error rate above 1", valid.replacingOccurrences(of: #"{"kind": "lossy", "loss": 0.2}"#, with: #"{"kind": "apns", "errors": {"TooManyRequests": 2}}"#),
         "$.variants[0].channel.errors.TooManyRequests", "probability in [0, 1]"),
        ("bad Doze factor", valid.replacingOccurrences(of: #""strategies""#, with: #""device": {"platform": "android", "doze": {"idleFactor": 0.5}}, "strategies""#),
         "$.device.doze.idleFactor", "factor ≥ 1"),
        ("tap probability above 1", valid.replacingOccurrences(of: #""strategies""#, with: #""device": {"app": {"tap": {"probability": 3}}}, "strategies""#),
         "$.device.app.tap.probability", "probability in [0, 1]"),
        ("negative pull latency", valid.replacingOccurrences(of: #""strategies""#, with: #""client": {"pullLatency": "-1s"}, "strategies""#),
         "$.client.pullLatency", "negative"),
        ("polling without interval", valid.replacingOccurrences(of: #"["hintPull"]"#, with: #"["polling"]"#),
         "$.strategies[0]", "takes parameters"),
        ("collapse key too long", valid.replacingOccurrences(of: #""strategies""#, with: #""message": {"collapseKey": "\#(String(repeating: "k", count: 65))"}, "strategies""#),
         "$.message.collapseKey", "at most 64 bytes"),
    ]

    @Test(arguments: cases.indices)
    func badScenarioExitsTwoWithPathAndWritesNothing(index: Int) throws {
        let (label, text, path, fragment) = Self.cases[index]
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("scenario.json")
        try Data(text.utf8).write(to: file)
        let out = dir.appendingPathComponent("results")
        let r = runCLI(["run", file.path, "--out", out.path])
        #expect(r.status == 2, "\(label)")
        #expect(r.err.contains("\(file.path): \(path): "), "\(label): \(r.err)")
        #expect(r.err.contains(fragment), "\(label): \(r.err)")
        #expect(!FileManager.default.fileExists(atPath: out.path), "\(label): output folder was created")
        #expect(runCLI(["validate", file.path]).status == 2)
    }

    @Test func validScenarioValidates() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("scenario.json")
        try Data(Self.valid.utf8).write(to: file)
        let r = runCLI(["validate", file.path])
        #expect(r.status == 0, "\(r.err)")
    }

    @Test func missingFileAndBadUsageExitTwo() {
        #expect(runCLI(["run", "/nonexistent/x.json"]).status == 2)
        #expect(runCLI(["frobnicate"]).status == 2)
        #expect(runCLI(["run", scenarioURL("Scenarios/push-hint-study.json").path, "--jobs", "0"]).status == 2)
        #expect(runCLI([]).status == 2)
    }

    @Test func listNamesEveryKind() {
        let r = runCLI(["list"])
        #expect(r.status == 0)
        for kind in Registry.channels.map({ $0.kind }) + Registry.strategies.map({ $0.kind }) + Distribution.kinds.map(\.kind) {
            #expect(r.out.contains(kind), "pushsim list misses \(kind)")
        }
    }
}
