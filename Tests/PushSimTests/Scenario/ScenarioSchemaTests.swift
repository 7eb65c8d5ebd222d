import Foundation
import Testing
@testable import PushSim

private let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// Shipped JSON files under Scenarios/: sweep files (`Scenarios/sweeps/*.json`) or scenarios (the rest, bases included).
private func shipped(sweeps: Bool) -> [String] {
    let all = FileManager.default.enumerator(atPath: root.appendingPathComponent("Scenarios").path)?.compactMap { $0 as? String } ?? []
    return all.filter { $0.hasSuffix(".json") }.sorted().filter { path in
        let isSweep = path.hasPrefix("sweeps/") && !path.hasPrefix("sweeps/bases/")
        return isSweep == sweeps
    }.map { "Scenarios/" + $0 }
}

/// The device line of Scenarios/push-hint-study.json.
private let device = #""device": { "foreground": ["60s"] }"#

private func json(_ text: String) throws -> JSONValue { try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8)) }

/// A shipped file with `old` replaced by `new` in its JSON text (a plain substring replacement).
private func edited(_ path: String, _ old: String, _ new: String) throws -> JSONValue {
    let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    precondition(text.contains(old), "\(path) has no \(old)")
    return try json(text.replacingOccurrences(of: old, with: new))
}

@Suite("Whole-file schemas")
struct ScenarioSchemaTests {
    let scenario = SchemaValidator(root: Schema.scenario())
    let sweep = SchemaValidator(root: Schema.sweep())

    @Test("every shipped scenario (bases included) satisfies the scenario schema", arguments: shipped(sweeps: false))
    func scenarioValidates(path: String) throws {
        let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
        #expect(scenario.problems(try json(text)) == [], "\(path)")
    }

    @Test("every shipped sweep satisfies the sweep schema", arguments: shipped(sweeps: true))
    func sweepValidates(path: String) throws {
        let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
        #expect(sweep.problems(try json(text)) == [], "\(path)")
    }

    @Test("the scenario schema rejects misspelled keys and out-of-range values anywhere in the file", arguments: [
        ("\"replications\"", "\"replicatons\""),
        ("\"retainLast\": 8", "\"retainLast\": -1"),
        ("\"keys\": 5", "\"keys\": 0"),
        ("\"horizon\": \"120s\"", "\"horizon\": \"0s\""),
        ("\"horizon\": \"120s\"", "\"horizon\": \"120\""),
        (device, #""device": {"plattform": "ios"}"#),
        (device, #""device": {"app": {"tap": {"probability": 1.5}}}"#),
        (device, #""device": {"offline": [{"from": "1h"}]}"#),
        (device, #""device": {"doze": {"idleFactor": 0.5}}"#),
        (device, #""device": {"app": {"sessions": [{"at": "1h", "lenght": "1m"}]}}"#),
        ("\"server\": {", "\"message\": {\"ttl\": \"1h\", \"expiration\": \"1h\"}, \"server\": {"),
        ("\"server\": {", "\"message\": {\"apnsPriority\": 7}, \"server\": {"),
        ("\"server\": {", "\"recipient\": {\"quietHours\": {\"from\": \"25:00\", \"to\": \"07:00\"}}, \"server\": {"),
        ("\"server\": {", "\"start\": \"2026-03-29 20:00\", \"server\": {"),
        ("\"count\": 30", "\"count\": 30, \"stages\": []"),
        ("\"name\": \"lossy\"", "\"name\": \"lossy\", \"devise\": {}"),
        ("\"strategies\": [", "\"strategies\": [], \"x\": ["),
    ])
    func scenarioRejects(old: String, new: String) throws {
        let bad = try edited("Scenarios/push-hint-study.json", old, new)
        #expect(!scenario.problems(bad).isEmpty, "\(new)")
    }

    @Test("the sweep schema rejects misspelled keys and out-of-range values", arguments: [
        ("\"axes\"", "\"axis\""),
        ("\"replications\": 400", "\"replications\": 0"),
        ("\"step\": 0.1", "\"stp\": 0.1"),
        ("\"step\": 0.1", "\"step\": 0"),
        ("\"step\": 0.1", "\"step\": 0.1, \"factor\": 2"),
        ("\"variants\"", "\"combine\": \"cross\", \"variants\""),
        ("\"range\": { \"from\": 0, \"to\": 0.6, \"step\": 0.1 }", "\"values\": []"),
    ])
    func sweepRejects(old: String, new: String) throws {
        let bad = try edited("Scenarios/sweeps/loss-rate.json", old, new)
        #expect(!sweep.problems(bad).isEmpty, "\(new)")
    }

    @Test("the schemas declare draft 2020-12 and reject unknown keys at every object the decoders read")
    func closedObjects() throws {
        for schema in [Schema.scenario(), Schema.sweep()] {
            #expect(schema["$schema"] == .string(Schema.dialect))
            #expect(schema["additionalProperties"] == .bool(false))
        }
        let defs = try #require(Schema.scenario()["$defs"])
        for name in ["server", "changeSchedule", "message", "device", "app", "doze", "period", "recipient", "variant", "client"] {
            #expect(defs[name]?["additionalProperties"] == .bool(false), "\(name)")
        }
        #expect(Schema.scenario()["required"] == ["name", "seed", "replications", "horizon", "server", "strategies", "variants"])
    }
}
