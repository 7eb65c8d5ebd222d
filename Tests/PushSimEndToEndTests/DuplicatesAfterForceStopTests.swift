import Foundation
import Testing
@testable import PushSim

/// A copy that reaches a force-stopped app is dropped before anything sees its
/// notification id, so a later copy of the same message is not a duplicate.
@Suite struct DuplicatesAfterForceStopTests {
    /// Generic device, app force-stopped at 10 s and opened at 2 min. One message at 30 s;
    /// the outbox worker dies after every acceptance (`maxAttempts` 2): sent at 1 min (the
    /// app is stopped: dropped) and again at 3 min (the app runs again).
    static func scenario(platform: String, type: String) throws -> Scenario {
        let json = """
            {"name": "stopped", "seed": 1, "replications": 1, "horizon": "10m",
             "server": {"keys": 1, "retainLast": 10, "changes": {"count": 1, "start": "30s"}},
             "device": {"platform": "\(platform)", "app": {"initialState": "background", "forceQuit": ["10s"], "foreground": ["2m"], "sessionLength": "10s"}},
             "message": {"type": "\(type)"},
             "sender": {"kind": "outbox", "crash": 1, "maxAttempts": 2},
             "strategies": ["hintPull"],
             "variants": [{"name": "plain", "channel": {"kind": "lossy"}},
                          {"name": "dedupe", "channel": {"kind": "lossy"}, "client": {"dedupe": true}}]}
            """
        return try Scenario.decode(Data(json.utf8), file: "stopped.json")
    }

    @Test("a de-duplicating app still handles the message whose first copy it never saw", arguments: [
        ("generic", "data"), ("android", "data"), ("android", "notification"), ("ios", "data"),
    ])
    func copyDroppedWhileStoppedIsNotSeen(platform: String, type: String) throws {
        let s = try Self.scenario(platform: platform, type: type)
        for variant in ["plain", "dedupe"] {
            let o = s.outcome(variant, "hintPull", replication: 0)
            #expect(o.pushesSent == 2 && o.counts[.duplicatesSent] == 1, "\(platform) \(type) \(variant)")
            #expect(o[.droppedAppForceStopped] == 1 && o[.delivered] == 1, "\(platform) \(type) \(variant)")
            #expect(o.counts[.duplicatesDisplayed] == 0 && o.counts[.duplicatesSuppressed] == 0,
                    "\(platform) \(type) \(variant): the first copy never reached app code")
        }
        if type == "data" {
            for variant in ["plain", "dedupe"] {
                let o = s.outcome(variant, "hintPull", replication: 0)
                #expect(o.counts[.handlerRuns] == 1 && o.converged, "\(platform) \(variant)")
            }
        }
    }
}
