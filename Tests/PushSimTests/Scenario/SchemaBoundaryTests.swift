import Foundation
import Testing
@testable import PushSim

/// The scenario schema and the decoder agree at the edges of `message` and `recipient`:
/// both accept the largest allowed value and both refuse the next one (message.size ≤ 4096
/// bytes, APNs' payload limit; quiet-hours times 00:00 … 23:59; at most 7 other devices).
@Suite struct SchemaBoundaryTests {
    let validator = SchemaValidator(root: Schema.scenario())

    static func scenario(_ extra: String) -> String {
        """
        {"name": "t", "seed": 9, "replications": 1, "horizon": "60s", "start": "2026-03-28T21:30:00Z", \(extra),
         "server": {"keys": 1, "retainLast": 4, "changes": {"count": 1, "start": "1s"}},
         "strategies": ["hintPull"], "variants": [{"name": "a", "channel": {"kind": "lossy"}}]}
        """
    }
    func schemaAccepts(_ text: String) throws -> Bool {
        validator.problems(try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))).isEmpty
    }
    static func decoderAccepts(_ text: String) -> Bool { (try? Scenario.decode(Data(text.utf8), file: "t.json")) != nil }
    static func devices(_ n: Int) -> String {
        #""recipient": {"otherDevices": ["# + Array(repeating: #"{"platform": "ios"}"#, count: n).joined(separator: ", ") + "]}"
    }

    @Test("accepted by both: message.size 4096, quiet hours 23:59 to 00:00, 7 other devices", arguments: [
        #""message": {"size": 4096}"#,
        #""recipient": {"quietHours": {"from": "23:59", "to": "00:00"}}"#,
        SchemaBoundaryTests.devices(7),
    ])
    func acceptedAtTheEdge(extra: String) throws {
        let text = Self.scenario(extra)
        #expect(Self.decoderAccepts(text), "decoder: \(extra)")
        #expect(try schemaAccepts(text), "schema: \(extra)")
    }

    @Test("refused by both: message.size 4097, a quiet-hours time 24:00, 8 other devices", arguments: [
        #""message": {"size": 4097}"#,
        #""recipient": {"quietHours": {"from": "24:00", "to": "07:00"}}"#,
        SchemaBoundaryTests.devices(8),
    ])
    func refusedPastTheEdge(extra: String) throws {
        let text = Self.scenario(extra)
        #expect(!Self.decoderAccepts(text), "decoder: \(extra)")
        #expect(try !schemaAccepts(text), "schema: \(extra)")
    }
}
