import Foundation
import Testing
@testable import PushSim
@testable import PushSimCommand

/// `device.trace`: a recorded timeline runs exactly as the same periods written in the
/// scenario, and a folder of traces spreads over replications as documented.
@Suite struct TraceDrivenDeviceTests {
    static let example = scenarioURL("Scenarios/traces/recorded-days.json")

    /// The example scenario with its `device` replaced, written into `dir`.
    static func scenario(device: [String: Any], in dir: URL, name: String, replications: Int = 12) throws -> String {
        var json = try JSONSerialization.jsonObject(with: Data(contentsOf: example)) as! [String: Any]
        json["device"] = device
        json["replications"] = replications
        let url = dir.appendingPathComponent(name)
        try JSONSerialization.data(withJSONObject: json).write(to: url)
        return url.path
    }

    static func runs(_ scenario: String, in dir: URL) throws -> [String] { try runsLines(scenario, in: dir) }

    static func copyDays(into dir: URL) throws {
        try FileManager.default.copyItem(at: scenarioURL("Scenarios/traces/days"), to: dir.appendingPathComponent("days"))
    }

    @Test("a trace file and the same periods in JSON give byte-identical runs.csv, summary.csv and paired.csv")
    func sameAsPeriods() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.copyDays(into: dir)
        let traced = try Self.scenario(device: ["trace": ["file": "days/1-commute.csv"]], in: dir, name: "traced.json")
        // days/1-commute.csv written as periods.
        let periods: [String: Any] = [
            "offline": [["from": "300s", "to": "900s"]],
            "screenOn": [["from": "0s", "to": "60s"], ["from": "1200s", "to": "1510s"]],
            "motion": ["3000s"],
            "app": ["sessions": [["at": "0s", "length": "45s"], ["at": "1210s", "length": "290s"]], "swipeAway": ["1505s"]],
        ]
        let written = try Self.scenario(device: periods, in: dir, name: "written.json")
        let outs = [traced, written].map { dir.appendingPathComponent(URL(fileURLWithPath: $0).lastPathComponent + ".out") }
        for (s, o) in zip([traced, written], outs) {
            let r = runCLI(["run", s, "--out", o.path, "--quiet", "--no-plot"])
            try #require(r.status == 0, "\(r.err)")
        }
        for file in ["runs.csv", "summary.csv", "paired.csv"] {
            #expect(try Data(contentsOf: outs[0].appendingPathComponent(file)) == Data(contentsOf: outs[1].appendingPathComponent(file)), "\(file)")
        }
        let meta = try String(contentsOf: outs[0].appendingPathComponent("meta.json"), encoding: .utf8)
        #expect(meta.contains("\"file\" : \"days/1-commute.csv\""))
    }

    @Test("a folder: replication r follows file r mod n in name order (inOrder), or the file drawn from stream device.trace (draw)",
          arguments: ["inOrder", "draw"])
    func folderSpreads(_ pick: String) throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.copyDays(into: dir)
        let files = ["days/1-commute.csv", "days/2-desk.csv", "days/3-restart.csv"]
        let folder = try Self.runs(try Self.scenario(device: ["trace": ["folder": "days", "pick": pick]], in: dir, name: "folder.json"), in: dir)
        let single = try files.enumerated().map { i, f in
            try Self.runs(try Self.scenario(device: ["trace": ["file": f]], in: dir, name: "single\(i).json"), in: dir)
        }
        let cells = 6   // 2 variants × 3 strategies
        var used = Set<Int>()
        for replication in 0..<12 {
            let expected = pick == "inOrder" ? replication % 3
                : RandomStreams(generator: .default, seed: 1, replication: replication).stream(StreamName.deviceTrace).uniformInt(below: 3)
            used.insert(expected)
            for cell in 0..<cells {
                let row = 1 + replication * cells + cell
                #expect(folder[row] == single[expected][row], "replication \(replication), cell \(cell): not \(files[expected])")
            }
        }
        #expect(used.count == 3, "every trace is followed by some replication: \(used)")
        // Not every replication follows the same trace as another design would: the traces differ.
        #expect(single[0] != single[1] && single[1] != single[2])
    }

    @Test("scripts/trace-from-log.py: a log of Android broadcasts and ISO times becomes a trace PushSim reads; repeats and unknown names dropped")
    func converter() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let log = dir.appendingPathComponent("log.csv"), trace = dir.appendingPathComponent("trace.csv")
        try """
            timestamp,event
            2024-05-01T08:00:00Z,android.intent.action.SCREEN_ON
            2024-05-01T08:00:05Z,app_open
            2024-05-01T08:00:02Z,android.intent.action.SCREEN_ON
            2024-05-01T08:01:00.5Z,app_close
            2024-05-01T08:02:00Z,android.intent.action.SCREEN_OFF
            2024-05-01T08:03:00Z,com.example.UNKNOWN
            2024-05-01T08:10:00Z,android.intent.action.ACTION_POWER_CONNECTED

            """.write(to: log, atomically: true, encoding: .utf8)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["python3", scenarioURL("scripts/trace-from-log.py").path, log.path, "--out", trace.path]
        let (status, output) = try runCaptured(p)
        #expect(status == 0, "\(output)")
        #expect(output.contains("5 events written; 1 rows not mapped (or before --start), 1 that changed nothing dropped"), "\(output)")
        #expect(try String(contentsOf: trace, encoding: .utf8) == "time_s,event\n0,screen_on\n5,app_open\n60.5,app_close\n120,screen_off\n600,charging\n")
        let t = try DeviceTrace.read(trace.path, relativeTo: nil)
        #expect(t.sessions == [Session(at: .seconds(5), length: .milliseconds(55_500))])
        #expect(t.charging == [Period(from: .seconds(600), to: SimDuration.longestSample)])
    }

    @Test("bad input: a trace with the keys it replaces, a folder in a fleet, a bad row: exit 2 naming the key or the file's row")
    func refusals() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.copyDays(into: dir)
        try "time_s,event\n0,online\n".write(to: dir.appendingPathComponent("bad.csv"), atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("empty"), withIntermediateDirectories: true)
        let cases: [([String: Any], String)] = [
            (["trace": ["file": "days/2-desk.csv"], "screenOn": [["from": "0s", "to": "1s"]]], "$.device.trace: a trace gives the device's timeline; \"screenOn\""),
            (["trace": ["file": "days/2-desk.csv"], "app": ["opens": ["gap": ["kind": "exponential", "mean": 60, "unit": "s"]]]], "\"app.opens\" cannot be given"),
            (["trace": ["file": "bad.csv"]], "$.device.trace.file: bad.csv: row 2, column 2 (event): online while not offline"),
            (["trace": ["folder": "nowhere"]], "$.device.trace.folder: cannot read the folder"),
            (["trace": ["folder": "empty"]], "$.device.trace.folder: no .csv file"),
            (["trace": ["file": "days/2-desk.csv", "pick": "draw"]], "$.device.trace.pick"),
            (["trace": [:] as [String: Any]], "$.device.trace: a device trace needs \"file\""),
        ]
        for (i, (device, words)) in cases.enumerated() {
            let r = runCLI(["validate", try Self.scenario(device: device, in: dir, name: "bad\(i).json")])
            #expect(r.status == 2 && r.err.contains(words), "\(device): \(r.err)")
        }
        var fleet = try JSONSerialization.jsonObject(with: Data(contentsOf: scenarioURL("Scenarios/fleet/broadcast.json"))) as! [String: Any]
        fleet["device"] = ["trace": ["folder": "days"]]
        let url = dir.appendingPathComponent("fleet.json")
        try JSONSerialization.data(withJSONObject: fleet).write(to: url)
        let r = runCLI(["validate", url.path])
        #expect(r.status == 2 && r.err.contains("a folder of device traces is for scenarios of one recipient"), "\(r.err)")
    }
}
