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
        ("unknown time zone", valid.replacingOccurrences(of: #""strategies""#, with: #""recipient": {"timeZone": "Europe/Atlantis"}, "strategies""#),
         "$.recipient.timeZone", "unknown time zone \"Europe/Atlantis\""),
        ("unknown time zone in a variant", valid.replacingOccurrences(of: #""loss": 0.2}"#, with: #""loss": 0.2}, "recipient": {"timeZone": "Mars/Olympus"}"#),
         "$.variants[0].recipient.timeZone", "unknown time zone"),
        ("quiet hours not HH:MM", valid.replacingOccurrences(of: #""strategies""#,
            with: #""start": "2026-03-29T20:00:00Z", "recipient": {"quietHours": {"from": "22", "to": "07:00"}}, "strategies""#),
         "$.recipient.quietHours.from", "HH:MM"),
        ("quiet hours past midnight", valid.replacingOccurrences(of: #""strategies""#,
            with: #""start": "2026-03-29T20:00:00Z", "recipient": {"quietHours": {"from": "22:00", "to": "24:00"}}, "strategies""#),
         "$.recipient.quietHours.to", "00:00 … 23:59"),
        ("quiet hours without start", valid.replacingOccurrences(of: #""strategies""#,
            with: #""recipient": {"quietHours": {"from": "22:00", "to": "07:00"}}, "strategies""#),
         "$.recipient.quietHours", "need the scenario's \"start\""),
        ("start not in UTC", valid.replacingOccurrences(of: #""strategies""#, with: #""start": "2026-03-29T20:00:00+01:00", "strategies""#),
         "$.start", "UTC instant"),
        ("unknown sender kind", valid.replacingOccurrences(of: #""strategies""#, with: #""sender": "outbx", "strategies""#),
         "$.sender", "valid kinds: perChange, coalesce"),
        ("unknown outbox key", valid.replacingOccurrences(of: #""strategies""#, with: #""sender": {"kind": "outbox", "leases": "2m"}, "strategies""#),
         "$.sender.leases", "unknown key"),
        ("zero lease", valid.replacingOccurrences(of: #""loss": 0.2}"#, with: #""loss": 0.2}, "sender": {"kind": "outbox", "lease": "0s"}"#),
         "$.variants[0].sender.lease", "longer than 0s"),
        ("backoff cap below initial", valid.replacingOccurrences(of: #""strategies""#,
            with: #""sender": {"kind": "outbox", "backoff": {"initial": "10m", "max": "1m"}}, "strategies""#),
         "$.sender.backoff.max", "at least as long"),
        ("Retry-After on a final error", valid.replacingOccurrences(of: #"{"kind": "lossy", "loss": 0.2}"#,
            with: #"{"kind": "fcm", "errors": {"INVALID_ARGUMENT": {"rate": 0.1, "retryAfter": "1m"}}}"#),
         "$.variants[0].channel.errors.INVALID_ARGUMENT.retryAfter", "only with a retryable error"),
        ("unknown registration", valid.replacingOccurrences(of: #""strategies""#, with: #""client": {"registration": "sometimes"}, "strategies""#),
         "$.client.registration", "valid: everyLaunch, tokenRefresh"),
        ("too many other devices", valid.replacingOccurrences(of: #""strategies""#,
            with: #""recipient": {"otherDevices": [{}, {}, {}, {}, {}, {}, {}, {}]}, "strategies""#),
         "$.recipient.otherDevices", "at most 7"),
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
        for kind in Registry.channels.map({ $0.kind }) + Registry.strategies.map({ $0.kind }) + Registry.senders.map({ $0.kind })
            + Distribution.kinds.map(\.kind) {
            #expect(r.out.contains(kind), "pushsim list misses \(kind)")
        }
    }
}
