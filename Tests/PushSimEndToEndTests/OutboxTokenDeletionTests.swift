import Foundation
import Testing
@testable import PushSim

/// A final token error deletes the token the request went to, not one the app registered
/// while the answer was on its way back.
@Suite struct OutboxTokenDeletionTests {
    /// iOS device over APNs; its token rotates at 30 s (the server keeps the old one until
    /// the next launch). Messages at 45 s and 5 min. The outbox sends the first at 1 min to
    /// the old token; the answer, `BadDeviceToken`, takes 90 s (inside the 2 min lease).
    /// The app opens at 1 min 30 s and registers its new token before that answer comes.
    @Test func aTokenRegisteredWhileTheAnswerIsInFlightIsKept() throws {
        let json = """
            {"name": "token", "seed": 1, "replications": 1, "horizon": "10m",
             "server": {"keys": 1, "retainLast": 10, "changes": [{"count": 1, "start": "45s"}, {"count": 1, "start": "5m"}]},
             "device": {"platform": "ios", "tokenRotations": ["30s"], "app": {"foreground": ["90s"], "sessionLength": "10s"}},
             "message": {"type": "alert", "apnsPriority": 10},
             "sender": {"kind": "outbox", "answerLatency": "90s"},
             "strategies": ["hintPull"],
             "variants": [{"name": "apns", "channel": {"kind": "apns"}}]}
            """
        let s = try Scenario.decode(Data(json.utf8), file: "token.json")
        let (o, _, box) = traceOutbox(s, "apns")
        #expect(rejections(o, .apnsBadDeviceToken) == 1 && o.counts[.staleTokenSends] == 1)
        #expect(o.counts[.tokensDeleted] == 0, "the rejected token was already replaced")
        #expect(box.rows.map(\.state) == [.failed, .accepted], "the second message goes to the new token")
        #expect(o.counts[.messagesAccepted] == 1 && o.counts[.messagesLost] == 1 && o.pushesSent == 2)
    }
}
