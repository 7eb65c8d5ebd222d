import Foundation
import Testing
@testable import PushSim

private let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// A scenario from `valid` with text replacements.
private func scenario(_ replacements: [(String, String)] = []) throws -> Scenario {
    var text = """
    {"name": "t", "seed": 9, "replications": 2, "horizon": "100s",
     "server": {"keys": 2, "retainLast": 4, "changes": {"count": 30, "start": "1s", "interval": "1s"}},
     "strategies": ["hintPull"],
     "variants": [{"name": "a", "channel": {"kind": "lossy", "loss": 0.2}}]}
    """
    for (a, b) in replacements {
        precondition(text.contains(a), "no \(a)")
        text = text.replacingOccurrences(of: a, with: b)
    }
    return try Scenario.decode(Data(text.utf8), file: "t.json")
}

private func item(_ s: ScenarioSize, _ path: String) -> ScenarioSize.Item? { s.cells.first?.items.first { $0.path == path } }

private let roomy = ScenarioSize.Limits(memory: 8e9, disk: 1e10)

@Suite("Size estimate")
struct ScenarioSizeTests {
    @Test("changes: count, or fewer when the horizon ends them (interval, gap mean, stages), each with its path")
    func changes() throws {
        let C = ScenarioSize.Calibration.self
        #expect(item(ScenarioSize(try scenario()), "$.server.changes.count")?.events == 30 * C.eventsPerChange)
        let cut = ScenarioSize(try scenario([(#""count": 30"#, #""count": 1000"#)]))
        #expect(item(cut, "$.server.changes.count")?.what == "100 changes up to the horizon")   // t = 1 … 100 s
        let gap = ScenarioSize(try scenario([(#""interval": "1s""#, #""gap": {"kind": "exponential", "mean": 4, "unit": "s"}"#),
                                             (#""count": 30"#, #""count": 1000"#)]))
        #expect(item(gap, "$.server.changes.count")?.what == "25 changes up to the horizon")
        let listed = ScenarioSize(try scenario([(#""changes": {"count": 30, "start": "1s", "interval": "1s"}"#,
                                                 #""changes": [{"count": 1}, {"count": 5, "start": "200s", "interval": "1s"}, {"count": 7, "interval": "1s"}]"#)]))
        #expect(listed.cells[0].items.map(\.path) == ["$.server.changes[0].count", "$.server.changes[2].count", "$.server.retainLast"])
        #expect(item(listed, "$.server.retainLast")?.bytes == 4 * C.bytesPerLoggedChange)
        let staged = ScenarioSize(try scenario([(#""interval": "1s"}"#, #""interval": "10s", "stages": [{"name": "a"}, {"name": "b"}]}"#),
                                                (#""keys": 2"#, #""keys": 30"#)]))
        #expect(item(staged, "$.server.changes.count")?.what == "20 changes up to the horizon")   // 10 entities × 2 stages
    }

    @Test("drawn periods and opens by their means, polls over the foreground time, outbox sweeps, paths of a variant's own device")
    func drawnAndRuntime() throws {
        let C = ScenarioSize.Calibration.self
        let drawn = ScenarioSize(try scenario([(#""strategies""#, #""device": {"connectivity": {"online": "30s", "offline": "20s"}, "#
            + #""app": {"opens": {"gap": "10s", "session": "5s"}}}, "strategies""#), (#""hintPull""#, #"{"kind": "polling", "interval": "1s"}"#)]))
        #expect(item(drawn, "$.device.connectivity").map { ($0.events, $0.bytes) } ?? (0, 0) == (4, 2 * C.bytesPerDrawnPeriod))
        #expect(item(drawn, "$.device.app.opens.gap")?.what == "10 drawn app opens")
        #expect(item(drawn, "$.strategies[0].interval")?.what == "50 polls")   // 10 opens × 5 s at 1 s
        let own = ScenarioSize(try scenario([(#""loss": 0.2}"#, #""loss": 0.2}, "device": {"restarts": ["1s", "2s"], "restart": {"every": "10s"}}"#)]))
        #expect(own.cells[0].items.map(\.path).contains("$.variants[0].device.restart.every"))
        #expect(own.cells[0].items.map(\.path).contains("$.variants[0].device.restarts"))
        let outbox = ScenarioSize(try scenario([(#""strategies""#, #""sender": {"kind": "outbox", "period": "1s"}, "strategies""#)]))
        // Rows live 3 periods + 2 backoffs (123 s) each, but at most the 99 s from the first change to the horizon.
        #expect(item(outbox, "$.sender.period")?.what == "99 outbox sweeps")
    }

    @Test("a fleet's recipient: each profile's device by its share, at the profile's path; a profile too big is refused there")
    func fleetProfiles() throws {
        let C = ScenarioSize.Calibration.self
        let fleet = #""fleet": {"population": {"count": 10, "profiles": [{"name": "a", "weight": 3, "device": {"connectivity": {"online": "30s", "offline": "20s"}}}, {"name": "b", "weight": 1}]}}, "strategies""#
        let s = ScenarioSize(try scenario([(#""strategies""#, fleet)]))
        #expect(s.recipients == 10)
        // Profile a (3/4 of the recipients) draws 2 offline periods in 100 s; b draws none.
        let drawn = item(s, "$.fleet.population.profiles[0].device.connectivity")
        #expect(drawn.map { ($0.events, $0.bytes) } ?? (0, 0) == (0.75 * 4, 0.75 * 2 * C.bytesPerDrawnPeriod))
        // The changes, which both profiles have, are one item, whole.
        #expect(s.cells[0].items.filter { $0.path == "$.server.changes.count" }.count == 1)
        #expect(item(s, "$.server.changes.count")?.events == 30 * C.eventsPerChange)
        let heavy = try scenario([(#""strategies""#, fleet.replacingOccurrences(of: #""online": "30s", "offline": "20s""#, with: #""online": "1s", "offline": "1s""#)),
                                  (#""horizon": "100s""#, #""horizon": "3650d""#)])
        do { try ScenarioSize(heavy).check(roomy, jobs: 1, format: .none, file: "t.json", folder: "out"); Issue.record("not refused") } catch {
            #expect(error.path == "$.fleet.population.profiles[0].device.connectivity", "\(error)")
        }
    }

    @Test("memory: the process plus one set of worlds per worker that runs every cell")
    func memory() throws {
        let s = ScenarioSize(try scenario([(#""strategies": ["hintPull"]"#, #""strategies": ["hintPull", "applyPayload"]"#)]))
        #expect(s.cells.count == 2)
        #expect(s.bytesPerWorker == s.cells[0].bytes + s.cells[1].bytes)
        #expect(s.memory(jobs: 8) == ScenarioSize.Calibration.processBytes + 2 * s.bytesPerWorker)   // 2 replications: 2 workers
        #expect(s.memory(jobs: 1) == ScenarioSize.Calibration.processBytes + s.bytesPerWorker)
    }

    @Test("each limit refuses at the path of what asks the most, and says the way out")
    func refusals() throws {
        let big = try scenario([(#""count": 30, "start": "1s", "interval": "1s""#, #""count": 10000000, "start": "1s", "interval": "1us""#)])
        let size = ScenarioSize(big)
        let tight = ScenarioSize.Limits(memory: 3e9, disk: 1e10)
        do { try size.check(tight, jobs: 2, format: .csv, file: "t.json", folder: "out"); Issue.record("not refused") } catch {
            #expect(error.path == "$.server.changes.count")
            #expect(error.message.contains("2 workers need about 4.4 GB, more than the 3.0 GB of memory available; run with --jobs 1"), "\(error.message)")
        }
        #expect((try? size.check(tight, jobs: 1, format: .csv, file: "t.json", folder: "out")) != nil)
        let many = try scenario([(#""replications": 2"#, #""replications": 100000000"#), (#""horizon": "100s""#, #""horizon": "1000s""#),
                                 (#""count": 30"#, #""count": 300"#)])
        do { try ScenarioSize(many).check(roomy, jobs: 2, format: .none, file: "t.json", folder: "out"); Issue.record("not refused") } catch {
            #expect(error.path == "$.replications" && error.message.hasPrefix("1e8 runs of about 604 events: about 6e10 events in all"), "\(error)")
        }
        let polls = try scenario([(#""strategies""#, #""device": {"app": {"sessions": [{"at": "0s", "length": "1d"}]}}, "strategies""#),
                                  (#""hintPull""#, #"{"kind": "polling", "interval": "1us"}"#), (#""horizon": "100s""#, #""horizon": "2d""#)])
        do { try ScenarioSize(polls).check(roomy, jobs: 2, format: .csv, file: "t.json", folder: "out"); Issue.record("not refused") } catch {
            #expect(error.path == "$.strategies[0].interval" && error.message.hasPrefix("8.6e10 polls, about 1.3e11 events per run: about 2.6e11 events in all, "
                + "beyond the limit of 3e10 (hours of computing)"), "\(error)")
        }
        let rows = try scenario([(#""replications": 2"#, #""replications": 1000000"#)])
        do { try ScenarioSize(rows).check(.init(memory: 8e9, disk: 1e8), jobs: 2, format: .csv, file: "t.json", folder: "out"); Issue.record("not refused") } catch {
            #expect(error.path == "$.replications")
            #expect(error.message == "1e6 runs: about 320 MB of reports, more than the 100 MB free at out; use --runs gzip (about 40 MB) or --runs none, "
                    + "fewer replications, or pass --allow-large to run anyway (docs/model.md, Limits)", "\(error.message)")
        }
    }

    @Test("every shipped scenario and sweep passes the limits of a small machine (8 GB, 10 GB of disk, 2 workers)")
    func shippedScenariosPass() throws {
        let files = (FileManager.default.enumerator(atPath: root.appendingPathComponent("Scenarios").path)?.compactMap { $0 as? String } ?? [])
            .filter { $0.hasSuffix(".json") && !$0.hasPrefix("sweeps/bases/") }.sorted()
        #expect(files.count > 60)
        for f in files {
            let path = root.appendingPathComponent("Scenarios").appendingPathComponent(f).path
            if f.hasPrefix("sweeps/") {
                try SweepSize(SweepPlan.load(path: path)).check(roomy, jobs: 2, format: .csv, file: f, folder: "out")
            } else {
                let s = ScenarioSize(try Scenario.load(path: path).scenario)
                try s.check(roomy, jobs: 2, format: .csv, file: f, folder: "out")
                // A fleet holds every recipient's world (docs/model.md, Fleets): within the 4 GB
                // its scale targets allow; any other shipped scenario is small.
                #expect(s.memory(jobs: 2) < (s.recipients > 1 ? 4e9 : 100e6), "\(f): \(ScenarioSize.bytes(s.memory(jobs: 2)))")
            }
        }
    }

    @Test("counts, bytes and times for messages")
    func formatting() {
        #expect(ScenarioSize.count(660_000) == "660,000" && ScenarioSize.count(999) == "999" && ScenarioSize.count(0) == "0")
        #expect(ScenarioSize.count(1.58e9) == "1.6e9" && ScenarioSize.count(1e7) == "1e7" && ScenarioSize.count(9.96e6) == "1e7")
        #expect(ScenarioSize.bytes(850) == "850 B" && ScenarioSize.bytes(2.15e9) == "2.1 GB" && ScenarioSize.bytes(213e9) == "213 GB")
        #expect(ScenarioSize.duration(0.2) == "under a second" && ScenarioSize.duration(40) == "about 40 s")
        #expect(ScenarioSize.duration(32_400) == "about 9.0 h" && ScenarioSize.duration(4e9).hasSuffix("years"))
    }
}
