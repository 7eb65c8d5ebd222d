import Foundation
import Testing
@testable import PushSim
@testable import PushSimCommand

/// A change schedule's `trace`: recorded change times run as the schedule that draws
/// them, and a folder spreads over replications as documented.
@Suite struct TraceDrivenChangesTests {
    /// The study with its server's changes replaced, written into `dir`.
    static func scenario(changes: [String: Any], in dir: URL, name: String) throws -> String {
        var json = try JSONSerialization.jsonObject(with: Data(contentsOf: scenarioURL("Scenarios/push-hint-study.json"))) as! [String: Any]
        var server = json["server"] as! [String: Any]
        server["changes"] = changes
        json["server"] = server
        json["replications"] = 10
        let url = dir.appendingPathComponent(name)
        try JSONSerialization.data(withJSONObject: json).write(to: url)
        return url.path
    }

    static func runs(_ scenario: String, in dir: URL) throws -> [String] { try runsLines(scenario, in: dir) }

    @Test("times without keys run as the schedule with those times: a key drawn per change; byte-identical runs.csv")
    func sameAsSchedule() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        try ("time_s\n" + (0..<20).map { "\(10 + 30 * $0)" }.joined(separator: "\n") + "\n")
            .write(to: dir.appendingPathComponent("times.csv"), atomically: true, encoding: .utf8)
        let drawn = try Self.runs(try Self.scenario(changes: ["count": 20, "start": "10s", "interval": "30s"], in: dir, name: "drawn.json"), in: dir)
        let traced = try Self.runs(try Self.scenario(changes: ["trace": ["file": "times.csv"]], in: dir, name: "traced.json"), in: dir)
        #expect(drawn == traced && drawn.count == 1 + 10 * 9)
    }

    @Test("a folder walked in order: replication r follows file r mod 2; keys as recorded; keys beyond the server refused")
    func folder() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let folder = dir.appendingPathComponent("changes")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try "time_s,key\n1,0\n2,1\n3,0\n".write(to: folder.appendingPathComponent("a.csv"), atomically: true, encoding: .utf8)
        try "time_s,key\n5,4\n50,2\n".write(to: folder.appendingPathComponent("b.csv"), atomically: true, encoding: .utf8)
        let walked = try Self.runs(try Self.scenario(changes: ["trace": ["folder": "changes", "pick": "inOrder"]], in: dir, name: "f.json"), in: dir)
        let single = try ["changes/a.csv", "changes/b.csv"].enumerated().map { i, f in
            try Self.runs(try Self.scenario(changes: ["trace": ["file": f]], in: dir, name: "s\(i).json"), in: dir)
        }
        #expect(single[0] != single[1])
        for replication in 0..<10 {
            for cell in 0..<9 {
                let row = 1 + replication * 9 + cell
                #expect(walked[row] == single[replication % 2][row], "replication \(replication), cell \(cell)")
            }
        }
        try "time_s,key\n1,7\n".write(to: folder.appendingPathComponent("c.csv"), atomically: true, encoding: .utf8)
        let r = runCLI(["validate", try Self.scenario(changes: ["trace": ["folder": "changes"]], in: dir, name: "k.json")])
        #expect(r.status == 2 && r.err.contains("$.server.changes.trace: the trace writes keys up to 7, but the server has 5 keys"), "\(r.err)")
        let both = runCLI(["validate", try Self.scenario(changes: ["trace": ["file": "changes/a.csv"], "count": 3], in: dir, name: "b.json")])
        #expect(both.status == 2 && both.err.contains("\"count\" cannot be given with it"), "\(both.err)")
    }

    @Test("a fleet: a topic's changes take no trace, a server's no folder (exit 2, at the schedule's path)")
    func fleets() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let folder = dir.appendingPathComponent("changes")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in ["a", "b"] { try "time_s\n1\n2\n".write(to: folder.appendingPathComponent("\(name).csv"), atomically: true, encoding: .utf8) }
        let base = try JSONSerialization.jsonObject(with: Data(contentsOf: scenarioURL("Scenarios/fleet/broadcast.json"))) as! [String: Any]
        func validate(_ change: (inout [String: Any]) -> Void) throws -> (status: Int32, out: String, err: String) {
            var json = base
            change(&json)
            let url = dir.appendingPathComponent("\(UUID().uuidString).json")
            try JSONSerialization.data(withJSONObject: json).write(to: url)
            return runCLI(["validate", url.path])
        }
        let topic = try validate { j in
            var fleet = j["fleet"] as! [String: Any], t = fleet["topic"] as! [String: Any]
            t["changes"] = ["trace": ["file": "changes/a.csv"]]
            fleet["topic"] = t
            j["fleet"] = fleet
        }
        #expect(topic.status == 2 && topic.err.contains("$.fleet.topic.changes.trace: a topic's changes are drawn"), "\(topic.err)")
        let server = try validate { j in
            var s = j["server"] as! [String: Any]
            s["changes"] = ["trace": ["folder": "changes"]]
            j["server"] = s
        }
        #expect(server.status == 2 && server.err.contains("$.server.changes.trace.folder: a folder of change traces is for scenarios of one recipient"),
                "\(server.err)")
    }

    @Test("a sweep's plan fingerprint covers the files its points read: a changed trace is a different plan")
    func sweepFingerprint() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        try "time_s\n1\n2\n".write(to: dir.appendingPathComponent("times.csv"), atomically: true, encoding: .utf8)
        _ = try Self.scenario(changes: ["trace": ["file": "times.csv"]], in: dir, name: "base.json")
        let sweep = dir.appendingPathComponent("sweep.json")
        try #"{"name": "s", "base": "base.json", "replications": 2, "axes": [{"name": "loss", "path": "variants[lossy].channel.loss", "values": [0, 0.5]}]}"#
            .write(to: sweep, atomically: true, encoding: .utf8)
        let first = try SweepPlan.load(path: sweep.path).fingerprint
        #expect(try SweepPlan.load(path: sweep.path).fingerprint == first)
        try "time_s\n1\n3\n".write(to: dir.appendingPathComponent("times.csv"), atomically: true, encoding: .utf8)
        #expect(try SweepPlan.load(path: sweep.path).fingerprint != first)
    }
}
