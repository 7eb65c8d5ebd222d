import Foundation
import Testing
@testable import PushSim

private let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// Every shipped scenario file (sweep files, which name a base and axes, are left out; their bases are in).
private let shippedScenarios: [String] = {
    let scenarios = root.appendingPathComponent("Scenarios")
    let all = FileManager.default.enumerator(atPath: scenarios.path)?.compactMap { $0 as? String } ?? []
    return all.filter { $0.hasSuffix(".json") }.sorted().filter { path in
        let text = (try? String(contentsOf: scenarios.appendingPathComponent(path), encoding: .utf8)) ?? ""
        return !text.contains("\"axes\"")
    }.map { "Scenarios/" + $0 }
}()

/// Runs `/usr/bin/env args`: its status and its stdout and stderr together (`nil` if it cannot start).
private func run(_ args: [String]) -> (status: Int32, output: String)? {
    let p = Process(), pipe = Pipe()
    p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    p.arguments = args
    p.standardOutput = pipe; p.standardError = pipe
    guard (try? p.run()) != nil else { return nil }
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    p.waitUntilExit()
    return (p.terminationStatus, output)
}

private func json(_ text: String) throws -> JSONValue { try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8)) }

@Suite("Scenario schema")
struct SchemaTests {
    let validator = SchemaValidator(root: Schema.scenarioPlugins())

    @Test("the schema declares draft 2020-12 and defines every registered kind")
    func definitions() throws {
        let schema = Schema.scenarioPlugins()
        #expect(schema["$schema"] == .string("https://json-schema.org/draft/2020-12/schema"))
        let defs = try #require(schema["$defs"])
        for t in Registry.channels { #expect(defs["channel.\(t.kind)"] != nil, "\(t.kind)") }
        for t in Registry.strategies { #expect(defs["strategy.\(t.kind)"] != nil, "\(t.kind)") }
        for t in Registry.senders { #expect(defs["sender.\(t.kind)"] != nil, "\(t.kind)") }
        #expect(defs["sender.outbox"]?["properties"]?["workers"]?["maximum"] == .number(64))
        #expect(defs["sender.coalesce"]?["properties"]?["window"]?["default"] == .string("30s"))
        #expect(defs["strategy.polling"]?["required"] == ["kind", "interval"])
        #expect(Schema.scenarioPluginsText().hasSuffix("}\n"))
    }

    @Test("every shipped scenario's channels, strategies and senders satisfy the schema", arguments: shippedScenarios)
    func shippedScenarioValidates(path: String) throws {
        let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
        #expect(validator.problems(try json(text)) == [], "\(path)")
    }

    @Test("the schema rejects what the decoder rejects", arguments: [
        #"{"variants": [{"channel": {"kind": "lossy", "los": 0.2}}]}"#,
        #"{"variants": [{"channel": {"kind": "lossey"}}]}"#,
        #"{"variants": [{"channel": {"loss": 0.2}}]}"#,
        #"{"variants": [{"channel": {"kind": "lossy", "loss": 1.5}}]}"#,
        #"{"variants": [{"channel": {"kind": "apns", "storageCap": "30"}}]}"#,
        #"{"variants": [{"channel": {"kind": "apns", "retention": "oldest"}}]}"#,
        #"{"variants": [{"channel": {"kind": "fcm", "errors": {"NOPE": 0.1}}}]}"#,
        #"{"variants": [{"channel": {"kind": "fcm", "errors": {"INVALID_ARGUMENT": {"rate": 0.1, "retryAfter": "1m"}}}}]}"#,
        #"{"variants": [{"channel": {"kind": "fcm", "downgrade": {"window": "1d", "unseenLimit": 0}}}]}"#,
        #"{"variants": [{"channel": {"kind": "keepLatest", "transport": {"delay": {"kind": "uniform", "min": 0, "max": 1}}}}]}"#,
        #"{"strategies": ["polling"]}"#,
        #"{"strategies": [{"kind": "polling"}]}"#,
        #"{"strategies": [{"kind": "polling", "interval": "0s"}]}"#,
        #"{"strategies": [{"kind": "hintPull", "nmae": "x"}]}"#,
        #"{"sender": {"kind": "outbox", "workers": 0}}"#,
        #"{"sender": {"kind": "outbox", "leases": "2m"}}"#,
        #"{"sender": "outbx"}"#,
        #"{"client": {"registration": "sometimes"}}"#,
        #"{"variants": [{"client": {"responseSize": -1}}]}"#,
    ])
    func rejects(text: String) throws {
        #expect(!validator.problems(try json(text)).isEmpty, "\(text)")
    }

    @Test("the schema accepts the shorthand and the objects the decoder accepts", arguments: [
        #"{"strategies": ["hintPull", {"kind": "polling", "interval": "30s", "name": "p"}], "sender": "outbox"}"#,
        #"{"variants": [{"channel": {"kind": "fcm", "downgrade": null, "apns": {"kind": "apns", "retention": "random"}}}]}"#,
        #"{"variants": [{"channel": {"kind": "apns", "errors": {"ServiceUnavailable": {"rate": 0.1, "retryAfter": "1m"}}}}]}"#,
        #"{"variants": [{"channel": {"kind": "lossy", "delay": {"kind": "discrete", "weights": [1, 2], "unit": "s"}}}]}"#,
        #"{"sender": {"kind": "outbox", "supersedeKey": "order-{key}", "backoff": {"jitter": 0}}}"#,
    ])
    func accepts(text: String) throws {
        #expect(validator.problems(try json(text)) == [], "\(text)")
    }

    @Test("python3 -m jsonschema (when installed) validates every shipped scenario against the generated schema")
    func pythonJSONSchema() throws {
        // jsonschema not installed: nothing to check.
        guard run(["python3", "-c", "import jsonschema"])?.status == 0 else { return }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pushsim-schema-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let schemaFile = dir.appendingPathComponent("schema.json")
        try Data(Schema.scenarioPluginsText().utf8).write(to: schemaFile)
        let script = """
        import json, sys, jsonschema
        schema = json.load(open(sys.argv[1]))
        jsonschema.Draft202012Validator.check_schema(schema)
        v = jsonschema.Draft202012Validator(schema)
        bad = 0
        for path in sys.argv[2:]:
            for e in v.iter_errors(json.load(open(path))):
                bad += 1
                print(path, list(e.absolute_path), e.message)
        for text in ['{"strategies": ["polling"]}', '{"sender": {"kind": "outbox", "workers": 0}}',
                     '{"variants": [{"channel": {"kind": "lossy", "los": 0.2}}]}']:
            if v.is_valid(json.loads(text)):
                bad += 1
                print("accepted", text)
        sys.exit(1 if bad else 0)
        """
        let r = run(["python3", "-c", script, schemaFile.path] + shippedScenarios.map { root.appendingPathComponent($0).path })
        #expect(r?.status == 0, "\(r?.output ?? "python3 did not start")")
    }
}
