import Foundation
import Testing
@testable import PushSim

/// `recipient` decoding defaults (docs: "Default: UTC, no quiet hours, no other devices";
/// `tokenStore` perDevice: a device's new token replaces the one the server held).
@Suite struct RecipientDecodingTests {
    static func recipient(_ json: String) throws -> RecipientSpec {
        let text = """
        {"name": "t", "seed": 9, "replications": 1, "horizon": "60s", "recipient": \(json),
         "server": {"keys": 1, "retainLast": 4, "changes": {"count": 1, "start": "1s"}},
         "strategies": ["hintPull"], "variants": [{"name": "a", "channel": {"kind": "lossy"}}]}
        """
        return try Scenario.decode(Data(text.utf8), file: "t.json").recipient
    }

    @Test("an empty recipient object: UTC, no quiet hours, no other devices, tokenStore perDevice")
    func defaults() throws {
        let r = try Self.recipient("{}")
        #expect(r.timeZone == "UTC" && r.quietHours == nil && r.otherDevices.isEmpty && r.tokenStore == .perDevice)
    }

    @Test("tokenStore perToken is read when given")
    func perToken() throws {
        #expect(try Self.recipient(#"{"tokenStore": "perToken"}"#).tokenStore == .perToken)
    }
}
