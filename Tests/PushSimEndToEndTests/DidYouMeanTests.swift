import Foundation
import Testing
@testable import PushSim

/// Did-you-mean (issue 35): an unknown kind, key or named value is refused at its path with
/// the nearest valid name when one is near (`Suggestion`), and without one when none is.
@Suite struct DidYouMeanTests {
    static let valid = BadInputTests.valid

    /// (label, scenario text, path, the message's start after the path)
    static let cases: [(String, String, String, String)] = [
        ("strategy kind", valid.replacingOccurrences(of: #"["hintPull"]"#, with: #"["hintPul"]"#),
         "$.strategies[0]", #"unknown strategy kind "hintPul"; did you mean "hintPull"? valid kinds: applyPayload, hintPull,"#),
        ("strategy kind in an object", valid.replacingOccurrences(of: #"["hintPull"]"#, with: #"[{"kind": "Polling", "interval": "1m"}]"#),
         "$.strategies[0].kind", #"unknown strategy kind "Polling"; did you mean "polling"?"#),
        ("channel kind", valid.replacingOccurrences(of: #""kind": "lossy""#, with: #""kind": "lossey""#),
         "$.variants[0].channel.kind", #"unknown channel kind "lossey"; did you mean "lossy"? valid kinds: lossy, keepLatest"#),
        ("sender kind", valid.replacingOccurrences(of: #""strategies""#, with: #""sender": "outbx", "strategies""#),
         "$.sender", #"unknown sender kind "outbx"; did you mean "outbox"?"#),
        ("distribution kind", valid.replacingOccurrences(of: #""interval": "1s""#, with: #""gap": {"kind": "exponentail", "mean": 1, "unit": "s"}"#),
         "$.server.changes.gap.kind", #"unknown distribution kind "exponentail"; did you mean "exponential"? expected one of: constant"#),
        ("key of a channel", valid.replacingOccurrences(of: #""loss": 0.2"#, with: #""los": 0.2"#),
         "$.variants[0].channel.los", #"unknown key "los"; did you mean "loss"? expected one of: "#),
        ("top-level key", valid.replacingOccurrences(of: #""replications": 3"#, with: #""replicatons": 3"#),
         "$.replicatons", #"unknown key "replicatons"; did you mean "replications"? expected one of: client,"#),
        ("key of a strategy", valid.replacingOccurrences(of: #"["hintPull"]"#, with: #"[{"kind": "polling", "intervall": "1m"}]"#),
         "$.strategies[0].intervall", #"unknown key "intervall"; did you mean "interval"? expected one of: interval, kind, name"#),
        ("enumeration value", valid.replacingOccurrences(of: #""strategies""#, with: #""device": {"platform": "andriod"}, "strategies""#),
         "$.device.platform", #"unknown value "andriod"; did you mean "android"? valid: generic, android, ios"#),
        ("generator", valid.replacingOccurrences(of: #""strategies""#, with: #""generator": "mt1993", "strategies""#),
         "$.generator", #"unknown GSL generator "mt1993"; did you mean "mt19937"? valid: "#),
        // Nothing near: the list alone, as before.
        ("far strategy kind", valid.replacingOccurrences(of: #"["hintPull"]"#, with: #"["push"]"#),
         "$.strategies[0]", #"unknown strategy kind "push"; valid kinds: applyPayload"#),
        ("far key", valid.replacingOccurrences(of: #""loss": 0.2"#, with: #""jitter": 0.2"#),
         "$.variants[0].channel.jitter", #"unknown key "jitter"; expected one of: "#),
    ]

    @Test("refused at the path, the nearest name suggested only when near", arguments: 0..<cases.count)
    func suggestion(_ i: Int) throws {
        let (label, text, path, start) = Self.cases[i]
        let dir = try BadInputStrictTests.folder(["s.json": text])
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("s.json").path
        for command in ["validate", "run"] {
            let r = runCLI([command, file, "--out", dir.appendingPathComponent("out").path].prefix(command == "run" ? 4 : 2).map { $0 })
            #expect(r.status == 2, "\(label) \(command): \(r.err)")
            #expect(r.err.hasPrefix("pushsim: \(file): \(path): \(start)"), "\(label) \(command): \(r.err)")
            #expect(r.err.components(separatedBy: "did you mean").count == (start.contains("did you mean") ? 2 : 1), "\(label): \(r.err)")
        }
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out").path))
    }

    /// A kind added to the registry is suggested like a built-in one.
    @Test func registeredKindsAreSuggestedToo() throws {
        let text = Self.valid.replacingOccurrences(of: #"["hintPull"]"#, with: #"["hintPullRetyr"]"#)
        let dir = try BadInputStrictTests.folder(["s.json": text])
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = runCLI(["validate", dir.appendingPathComponent("s.json").path], registry: CustomKindCommandTests.registry)
        #expect(r.status == 2 && r.err.contains(#"unknown strategy kind "hintPullRetyr"; did you mean "hintPullRetry"? valid kinds: "#), "\(r.err)")
        #expect(r.err.hasSuffix(", applyBatch, hintPullRetry\n"), "the added kind is listed last: \(r.err)")
    }

    /// Names a sweep or trace refers to: a base's variant, an axis of a constraint, trace's --variant.
    @Test func namesInSweepsAndTrace() throws {
        let dir = try BadInputStrictTests.folder(["base.json": Self.valid.replacingOccurrences(of: #""name": "v""#, with: #""name": "lossy""#)])
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("sweep.json").path
        let axis = #""axes": [{"name": "loss", "path": "variants[lossy].channel.loss", "values": [0.1]}]"#
        for (extra, expected) in [(#""variants": ["lossi"], "#, #"$.variants[0]: the base has no variant "lossi"; did you mean "lossy"? its variants: lossy"#),
                                  (#""constraints": [{"axis": "los", "op": "<", "other": "loss"}], "#,
                                   #"$.constraints[0]: no axis named "los"; did you mean "loss"? axes: loss"#)] {
            try Data(#"{"name": "sw", "base": "base.json", \#(extra)\#(axis)}"#.utf8).write(to: URL(fileURLWithPath: file))
            let r = runCLI(["validate", file])
            #expect(r.status == 2 && r.err == "pushsim: \(file): \(expected)\n", "\(r.err)")
        }
        let base = dir.appendingPathComponent("base.json").path
        let t = runCLI(["trace", base, "--variant", "losy"])
        #expect(t.status == 2 && t.err.hasPrefix(#"pushsim: --variant: no "losy" in \#(base); did you mean "lossy"? valid: lossy"#), "\(t.err)")
    }
}
