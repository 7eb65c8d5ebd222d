import Foundation
import Testing
@testable import PushSim

/// `pushsim trace`: the snapshot of a small run, the trace explaining exactly the run that
/// `pushsim run` computes, causes, and bad options.
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
