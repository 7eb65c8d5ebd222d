import Foundation
import Testing
@testable import PushSim

/// `pushsim trace`: the snapshot of a small run, the trace explaining exactly the run that
/// `pushsim run` computes, causes, state records, other devices, the SVG format, sweep
/// points, and bad options.
@Suite struct TraceTests {
    static let fixture = scenarioURL("Tests/PushSimEndToEndTests/Snapshots/trace-small.json").path

    /// Compares `text` with the committed snapshot `name`; with PUSHSIM_UPDATE_SNAPSHOTS=1
    /// in the environment it rewrites the snapshot instead (review the diff).
    static func matchesSnapshot(_ text: String, _ name: String) throws -> Bool {
        let url = scenarioURL("Tests/PushSimEndToEndTests/Snapshots/\(name)")
        if ProcessInfo.processInfo.environment["PUSHSIM_UPDATE_SNAPSHOTS"] == "1" {
            try Data(text.utf8).write(to: url)
            return true
        }
        return String(decoding: try Data(contentsOf: url), as: UTF8.self) == text
    }

    @Test("trace output of a small run matches the committed snapshots (JSON Lines and text)")
    func snapshot() throws {
        let jsonl = runCLI(["trace", Self.fixture, "--replication", "1"])
        #expect(jsonl.status == 0, "\(jsonl.err)")
        #expect(try Self.matchesSnapshot(jsonl.out, "trace-small.jsonl"), "regenerate with PUSHSIM_UPDATE_SNAPSHOTS=1 if the change is intended")
        let text = runCLI(["trace", Self.fixture, "--replication", "1", "--strategy", "applyPayloadNotify", "--format", "text"])
        #expect(text.status == 0, "\(text.err)")
        #expect(try Self.matchesSnapshot(text.out, "trace-small.txt"), "regenerate with PUSHSIM_UPDATE_SNAPSHOTS=1 if the change is intended")
        // Every line is a JSON object with the fixed keys first.
        for line in jsonl.out.split(separator: "\n") {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect(["seq", "t", "kind", "entity", "msg", "cause"].allSatisfy { object[$0] != nil }, "\(line)")
            #expect(line.hasPrefix("{\"seq\":"))
        }
    }

    @Test("a traced run is the run: same outcome as pushsim run, and its fingerprint is the runs.csv column")
    func traceIsTheRun() throws {
        for file in ["Scenarios/order-status/data-refetch.json", "Scenarios/cases/C9.json", "Scenarios/push-hint-study.json"] {
            var scenario = try Scenario.load(path: scenarioURL(file).path).scenario
            scenario.replications = 20
            let simulation = Simulation(scenario: scenario)
            for i in 0..<simulation.runCount {
                let id = simulation.runID(at: i)
                let (outcome, trace) = simulation.trace(id)
                #expect(outcome == simulation.run(id), "\(file) run \(i)")
                #expect(trace.fingerprint == outcome.fingerprint)
                #expect(trace.records.filter(\.kind.isEvent).count == outcome.counts[.events], "\(file) run \(i)")
            }
        }
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(runCLI(["run", Self.fixture, "--out", dir.path]).status == 0)
        let rows = CSV.parse(String(decoding: try Data(contentsOf: dir.appendingPathComponent("runs.csv")), as: UTF8.self))
        let column = try #require(rows[0].firstIndex(of: "fingerprint"))
        let trace = runCLI(["trace", Self.fixture, "--strategy", "applyPayloadNotify", "--replication", "2", "--format", "text"])
        #expect(trace.out.hasSuffix("fingerprint \(rows[1 + 3 + 2][column])\n"), "run 5 is applyPayloadNotify, replication 2")
    }

    @Test("causes link a pull to the push that triggered it, a delivery to its send, a write to its pull's answer")
    func causes() throws {
        let scenario = try Scenario.load(path: Self.fixture).scenario
        let trace = Simulation(scenario: scenario).trace(.init(variant: 0, strategy: 0, replication: 1)).trace
        let byID = Dictionary(uniqueKeysWithValues: trace.records.map { ($0.seq, $0) })
        let pulls = trace.records.filter { $0.kind == .pull }
        #expect(!pulls.isEmpty)
        for pull in pulls {
            let cause = try #require(pull.cause.flatMap { byID[$0] })
            #expect(cause.kind == .deliver && cause.message == pull.message && pull.message != nil)
            let send = try #require(cause.cause.flatMap { byID[$0] })
            #expect(send.kind == .send && send.message == cause.message)
        }
        for write in trace.records where write.kind == .write {
            #expect(write.cause.flatMap { byID[$0] }?.kind == .pullResult)
        }
        #expect(zip(trace.records, trace.records.dropFirst()).allSatisfy { $0.time <= $1.time && $0.seq + 1 == $1.seq })
    }

    @Test("state records: the first at time 0 with every field, later ones what an event changed; the last cursor is the run's")
    func stateRecords() throws {
        let scenario = try Scenario.load(path: Self.fixture).scenario
        let (outcome, trace) = Simulation(scenario: scenario).trace(.init(variant: 0, strategy: 0, replication: 1))
        let states = trace.records.filter { $0.kind == .state }
        let first = try #require(states.first)
        #expect(trace.records.first == first && first.time == .zero && first.cause == nil)
        #expect(first.details.map(\.name) == ["app", "online", "screen_on", "deep", "light", "cursor"])
        for s in states.dropFirst() {
            let cause = try #require(s.cause.map { trace.records[$0 - 1] })
            #expect(cause.kind.isEvent && cause.time == s.time && !s.details.isEmpty)
        }
        let cursors = states.compactMap { r in r.details.first { $0.name == "cursor" }?.value }
        #expect(cursors.last == .int(outcome.finalCursor))
    }

    @Test("a copy to another device: its send names the device, its other_deliver links to the send and names it too")
    func otherDevices() throws {
        let scenario = try Scenario.load(path: scenarioURL("Scenarios/outbox/unregistered.json").path).scenario
        let trace = Simulation(scenario: scenario).trace(.init(variant: 0, strategy: 0, replication: 0)).trace
        let deliveries = trace.records.filter { $0.kind == .otherDeliver }
        #expect(deliveries.count == 12)
        for d in deliveries {
            let send = try #require(d.cause.map { trace.records[$0 - 1] })
            #expect(send.kind == .send && send.message == d.message)
            #expect(send.details.contains(.int("device", 1)) && d.details == [.int("device", 1)])
        }
        #expect(trace.records.filter { $0.kind == .send && !$0.details.contains { $0.name == "device" } }.count == 4)
    }

    @Test("--format svg writes the sequence chart; --point picks a sweep point's scenario, titled with its axis values")
    func svgAndSweepPoint() throws {
        let svg = runCLI(["trace", Self.fixture, "--format", "svg"])
        #expect(svg.status == 0 && svg.out.hasPrefix("<?xml") && svg.out.hasSuffix("</svg>\n"))
        #expect(svg.out.contains("<title>trace-small: variant fcm, strategy refetchNotify, replication 0, seed 11 (converged)</title>"))
        let sweep = scenarioURL("Scenarios/sweeps/doze-priority.json").path
        let text = runCLI(["trace", sweep, "--point", "1", "--strategy", "hintPull", "--format", "text"])
        #expect(text.status == 0, "\(text.err)")
        #expect(text.out.hasPrefix("doze-priority: point 1 (priority=high), variant fcm, strategy hintPull, replication 0, seed 1"))
        let plan = try SweepPlan.load(path: sweep)
        let direct = Simulation(scenario: plan.points[1].scenario).trace(.init(variant: 0, strategy: 1, replication: 0)).trace
        #expect(text.out.hasSuffix("fingerprint \(direct.fingerprint.hex)\n"))
        #expect(runCLI(["trace", sweep]).out == runCLI(["trace", sweep, "--point", "0"]).out)
        let outOfRange = runCLI(["trace", sweep, "--point", "2"])
        #expect(outOfRange.status == 2 && outOfRange.err.contains("--point expects an integer in 0…1, got \"2\""))
        let replication = runCLI(["trace", sweep, "--point", "1", "--replication", "100"])
        #expect(replication.status == 2 && replication.err.contains("--replication expects an integer in 0…99"))
        let scenarioPoint = runCLI(["trace", Self.fixture, "--point", "0"])
        #expect(scenarioPoint.status == 2 && scenarioPoint.err.contains("--point applies to a sweep file only"))
    }

    @Test("bad trace options exit 2 naming the problem")
    func badOptions() {
        let variant = runCLI(["trace", Self.fixture, "--variant", "nope"])
        #expect(variant.status == 2 && variant.err.contains("--variant: no \"nope\"") && variant.err.contains("valid: fcm"))
        #expect(runCLI(["trace", Self.fixture, "--strategy", "polling"]).status == 2)
        let replication = runCLI(["trace", Self.fixture, "--replication", "3"])
        #expect(replication.status == 2 && replication.err.contains("--replication expects an integer in 0…2"))
        #expect(runCLI(["trace", Self.fixture, "--format", "xml"]).status == 2)
        #expect(runCLI(["trace", Self.fixture, "--jobs", "2"]).status == 2)
        #expect(runCLI(["trace", Self.fixture, "--shuffle-ties", "-1"]).status == 2)
    }
}
