import Foundation
import Testing
@testable import PushSim

/// The recipient's other devices: each has its own token and its own copy of the channel.
@Suite struct OtherDevicesTests {
    /// Main iOS device always reachable; device 1 offline 5–40 min; device 2's token rotates
    /// at 15 min and is registered at a launch at 25 min; device 3 is uninstalled 15–50 min.
    /// Alerts at 10, 20 and 30 min over APNs (transport loss on the main device's stream only
    /// when `loss` is set), which answers 410 as soon as a device has reported its app missing
    /// (`unregisteredAfter` 0 s, A12).
    static func scenario(sender: String, others: Bool = true, loss: Double = 0) throws -> Scenario {
        let devices = others ? """
            "recipient": {"otherDevices": [
              {"platform": "ios", "offline": [{"from": "5m", "to": "40m"}]},
              {"platform": "ios", "tokenRotations": ["15m"], "launches": ["25m"]},
              {"platform": "ios", "uninstalled": [{"from": "15m", "to": "50m"}]}]},
            """ : ""
        let json = """
            {"name": "others", "seed": 3, "replications": 1, "horizon": "1h",
             "server": {"keys": 1, "retainLast": 10, "changes": {"count": 3, "start": "10m", "interval": "10m"}},
             "message": {"type": "alert", "apnsPriority": 10}, "sender": \(sender),
             "device": {"platform": "ios", "app": {"initialState": "foreground"}}, \(devices)
             "strategies": ["hintPull"],
             "variants": [{"name": "apns", "channel": {"kind": "apns", "unregisteredAfter": "0s", "transport": {"loss": \(loss)}}}]}
            """
        return try Scenario.decode(Data(json.utf8), file: "others.json")
    }

    @Test("perChange sends every message to every device; each device keeps its own APNs slot and token")
    func perChangeFansOut() throws {
        let o = try Self.scenario(sender: #""perChange""#).outcome("apns", "hintPull", replication: 0)
        #expect(o.pushesSent == 12)
        // Main 3; device 1 one at reconnect (two replaced in its slot); device 2 at 10 and
        // 30 min (20 min: BadDeviceToken); device 3 at 10 min; at 20 min its copy finds the
        // app gone and the device reports it (A12), so 30 min is Unregistered.
        #expect(o[.delivered] == 7 && o[.replacedInStorage] == 2 && o[.rejected] == 2 && o[.droppedAppForceStopped] == 1)
        #expect(rejections(o, .apnsBadDeviceToken) == 1 && rejections(o, .apnsUnregistered) == 1)
        #expect(o.counts[.staleTokenSends] == 3 && o.counts[.messagesAccepted] == 3)
        #expect(o.counts[.copiesArrived] == 3, "device and app counts are the main device's")
    }

    @Test("the outbox deletes each dead token and stops sending there; a re-registered device gets messages again")
    func outboxPerDeviceTokens() throws {
        let o = try Self.scenario(sender: #""outbox""#).outcome("apns", "hintPull", replication: 0)
        // 10 min: 4 sends. 20 min: 4 (device 2 rejected, token deleted; device 3 accepted, its
        // device reports the missing app, A12). 30 min: 4: main, device 1, device 2
        // (registered again at its 25 min launch) and device 3 (410, token deleted).
        #expect(o.pushesSent == 12 && o.counts[.tokensDeleted] == 2 && o.counts[.staleTokenSends] == 3)
        #expect(o[.delivered] == 7 && o[.replacedInStorage] == 2 && o.counts[.messagesAccepted] == 3, "as many delivered as perChange, with fewer sends")
    }

    @Test("other devices draw on their own streams: the main device's channel draws are unchanged")
    func commonRandomNumbers() throws {
        for r in 0..<20 {
            let with = record(try Self.scenario(sender: #""perChange""#, loss: 0.5), "apns", replication: r, strategy: HintPull()).log
            let without = record(try Self.scenario(sender: #""perChange""#, others: false, loss: 0.5), "apns", replication: r, strategy: HintPull()).log
            #expect(with.pushes.map(\.cursor) == without.pushes.map(\.cursor) && with.pushes.map(\.at) == without.pushes.map(\.at))
        }
    }
}
