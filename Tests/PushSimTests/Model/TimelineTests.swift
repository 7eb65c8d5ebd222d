import Foundation
import Testing
@testable import PushSim

/// The timeline scheduled at t = 0 (`World+Timeline`) and the other devices' events
/// (`World+OtherDevices`), seen through a run's trace or outcome.
@Suite("Timeline and other devices")
struct TimelineTests {
    @Test("drawn restarts: each gap is at least the boot time (every 10 s, boot 1 min: switch-offs at 60, 120, 180 s)")
    func drawnRestartGapsAtLeastBootTime() throws {
        let sc = try appScenario(server: #"{"keys": 1, "retainLast": 100, "changes": {"count": 0}}"#,
                                 device: #"{"restart": {"every": "10s", "bootTime": "1m"}}"#, horizon: "200s")
        let shutdowns = appTrace(sc, ScriptedStrategy())
            .filter { $0.kind == .restart && $0.details.contains(.text("phase", "shutdown")) }.map(\.time)
        #expect(shutdowns == [60, 120, 180].map { SimTime.zero + .seconds($0) })
    }

    /// The recipient's other device is uninstalled at 12 min for good and launched at 30 min;
    /// messages every 5 min from 5 to 60 min through FCM with the outbox.
    @Test("a launch on another device whose app is uninstalled registers nothing: the token the outbox deleted stays deleted")
    func launchWhileUninstalled() throws {
        let json = """
        {"name": "other-launch", "seed": 17, "replications": 1, "horizon": "70m",
         "server": {"keys": 1, "retainLast": 20, "changes": {"count": 12, "start": "5m", "interval": "5m"}},
         "message": {"type": "notification"},
         "recipient": {"otherDevices": [{"platform": "android", "uninstalled": [{"from": "12m", "to": "1d"}], "launches": ["30m"]}]},
         "strategies": ["hintPull"], "variants": [{"name": "v", "channel": {"kind": "fcm"}, "sender": "outbox"}]}
        """
        let sc = try Scenario.decode(Data(json.utf8), file: "other-launch.json")
        let o = appRun(sc, HintPull())
        // To the other device: 5 and 10 min (delivered), 15 min (accepted, reaches no app:
        // the device reports it, A12), 20 min (UNREGISTERED: the outbox deletes the token);
        // nothing after, launch or not. Every message reaches the main device: 12 + 4 sends.
        #expect(o.pushesSent == 16 && o.counts[.tokensDeleted] == 1)
        #expect(o.counts[.staleTokenSends] == 2, "the 15 and 20 min sends went to an uninstalled app")
        #expect(o[.droppedAppForceStopped] == 1 && o[.delivered] == 14)
    }
}
