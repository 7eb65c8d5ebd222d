import Foundation
import Testing
@testable import PushSim

/// Same scenario and seed ⇒ byte-identical report files, whatever the number of threads.
@Suite struct DeterminismTests {
    static func files(_ folder: URL) throws -> [String: Data] {
        var out: [String: Data] = [:]
        for name in ["runs.csv", "summary.csv", "meta.json"] {
            out[name] = try Data(contentsOf: folder.appendingPathComponent(name))
        }
        return out
    }

    @Test func studyTwiceGivesIdenticalBytes() throws {
        let study = scenarioURL("Scenarios/push-hint-study.json").path
        let a = try temporaryFolder(), b = try temporaryFolder(), c = try temporaryFolder()
        defer { for f in [a, b, c] { try? FileManager.default.removeItem(at: f) } }
        #expect(runCLI(["run", study, "--out", a.path, "--jobs", "1"]).status == 0)
        #expect(runCLI(["run", study, "--out", b.path, "--jobs", "1"]).status == 0)
        #expect(runCLI(["run", study, "--out", c.path, "--jobs", "2"]).status == 0)
        let fa = try Self.files(a), fb = try Self.files(b), fc = try Self.files(c)
        for name in fa.keys.sorted() {
            #expect(fa[name] == fb[name], "\(name) differs between two identical runs")
            #expect(fa[name] == fc[name], "\(name) differs between --jobs 1 and --jobs 2")
        }
        let rows = CSV.parse(String(decoding: fa["runs.csv"]!, as: UTF8.self))
        #expect(rows.first == RunsTable.columns)
        #expect(rows.count == 1 + 9000)
        // No partial files are left behind.
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: a.path).filter { $0.hasSuffix(".partial") }
        #expect(leftovers.isEmpty)
    }

    /// The outbox draws on the `sender` stream (crashes) and schedules its own events.
    @Test func outboxScenarioIsIdenticalForAnyJobs() throws {
        let crash = scenarioURL("Scenarios/outbox/crash.json").path
        let a = try temporaryFolder(), b = try temporaryFolder()
        defer { for f in [a, b] { try? FileManager.default.removeItem(at: f) } }
        #expect(runCLI(["run", crash, "--out", a.path, "--jobs", "1"]).status == 0)
        #expect(runCLI(["run", crash, "--out", b.path, "--jobs", "2"]).status == 0)
        let fa = try Self.files(a), fb = try Self.files(b)
        for name in fa.keys.sorted() { #expect(fa[name] == fb[name], "\(name) differs between --jobs 1 and --jobs 2") }
    }

    @Test func differentSeedGivesDifferentRuns() throws {
        let study = scenarioURL("Scenarios/push-hint-study.json").path
        let a = try temporaryFolder(), b = try temporaryFolder()
        defer { for f in [a, b] { try? FileManager.default.removeItem(at: f) } }
        #expect(runCLI(["run", study, "--out", a.path, "--replications", "50"]).status == 0)
        #expect(runCLI(["run", study, "--out", b.path, "--replications", "50", "--seed", "2"]).status == 0)
        let ra = try Data(contentsOf: a.appendingPathComponent("runs.csv"))
        let rb = try Data(contentsOf: b.appendingPathComponent("runs.csv"))
        #expect(ra != rb)
    }
}
