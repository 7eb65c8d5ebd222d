import Foundation
import Testing
@testable import PushSim

/// Edge cases found in review, each pinned by a test: input that once crashed or was
/// silently mis-modelled.
@Suite struct EdgeCaseTests {
    /// A scenario from its parts (one variant named "v").
    static func scenario(server: String = #"{"keys": 3, "retainLast": 100, "changes": {"count": 3, "start": "1s", "interval": "1s"}}"#,
                         message: String = "{}", device: String = "{}", channel: String, strategies: String = #"["hintPull"]"#,
                         horizon: String = "1h", replications: Int = 20) throws -> Scenario {
        try Scenario.decode(Data("""
            {"name": "edge", "seed": 3, "replications": \(replications), "horizon": "\(horizon)", "server": \(server),
             "message": \(message), "device": \(device), "strategies": \(strategies),
             "variants": [{"name": "v", "channel": \(channel)}]}
            """.utf8), file: "edge.json")
    }

    /// Change schedules reaching far past the horizon stop there instead of overflowing time.
    @Test func schedulesFarPastTheHorizonRun() throws {
        for changes in [#"{"count": 3000, "interval": "36500d"}"#,
                        #"{"count": 1000000, "gap": {"kind": "pareto", "shape": 0.5, "scale": 1, "unit": "d"}}"#] {
            let s = try Self.scenario(server: #"{"keys": 1, "retainLast": 8, "changes": \#(changes)}"#, channel: #"{"kind": "lossy"}"#,
                                      horizon: "1d", replications: 3)
            let c = summarize(s)[0]
            #expect(c.replications == 3)
            #expect(c.total("pushes_sent") <= 3 * 2)
        }
        #expect(throws: ScenarioError.self) { _ = try Self.scenario(channel: #"{"kind": "lossy"}"#, horizon: "36501d", replications: 1) }
    }

    /// FCM to an iOS device: the channel's transport and the APNs error rates apply (F12).
    @Test func fcmToIOSUsesTransportAndAPNsErrors() throws {
        let device = #"{"platform": "ios", "app": {"initialState": "foreground"}}"#
        let lossy = summarize(try Self.scenario(message: #"{"type": "alert"}"#, device: device,
                                                channel: #"{"kind": "fcm", "transport": {"loss": 1}}"#))[0]
        #expect(lossy.total("lost") == lossy.total("pushes_sent") && lossy.total("delivered") == 0)
        let failing = summarize(try Self.scenario(message: #"{"type": "alert"}"#, device: device,
                                                  channel: #"{"kind": "fcm", "apns": {"errors": {"ServiceUnavailable": 1}}}"#))[0]
        #expect(failing.total("rejected_retryable") == failing.total("pushes_sent"))
        #expect(Columns.rejectedCodes(failing.rejections) == "ServiceUnavailable=60")
    }

    /// Messages whose TTL ran out while stored leave the store: they expire and do not
    /// count toward the 100-message limit (F2, F4).
    @Test func expiredMessagesDoNotOverflowTheStore() throws {
        let s = try Self.scenario(server: #"{"keys": 3, "retainLast": 200, "changes": {"count": 150, "start": "10s", "interval": "30s"}}"#,
                                  message: #"{"ttl": "1m"}"#, device: #"{"offline": [{"from": "0s", "to": "2h"}]}"#,
                                  channel: #"{"kind": "fcm"}"#, horizon: "3h", replications: 1)
        let c = summarize(s)[0]
        #expect(c.total("expired") == 150)
        #expect(c.total("dropped_too_many_pending_messages") == 0 && c.mean("deleted_signals") == 0)
    }

    /// APNs pushes held for a sleeping screen fall under the one-slot rule when the device
    /// goes offline (A1).
    @Test func powerHeldPushesShareTheSlotOffline() throws {
        let s = try Self.scenario(message: #"{"type": "alert", "apnsPriority": 1}"#,
                                  device: #"{"platform": "ios", "offline": [{"from": "5s", "to": "10s"}], "screenOn": [{"from": "20s", "to": "30s"}]}"#,
                                  channel: #"{"kind": "apns"}"#, replications: 1)
        let c = summarize(s)[0]
        #expect(c.total("delivered") == 1 && c.total("replaced_in_storage") == 2)
    }

    /// Swiping an Android app away turns its screen off for Doze: normal messages then
    /// wait for a maintenance window.
    @Test func swipeAwayLetsDozeStart() throws {
        let s = try Self.scenario(server: #"{"keys": 1, "retainLast": 8, "changes": {"count": 2, "start": "80m", "interval": "10m"}}"#,
                                  message: #"{"priority": "normal"}"#,
                                  device: #"{"platform": "android", "app": {"sessions": [{"at": "0s", "length": "3h"}], "swipeAway": ["5m"]}}"#,
                                  channel: #"{"kind": "fcm"}"#, horizon: "3h", replications: 1)
        #expect(summarize(s)[0].total("delayed_device_doze") == 2)
    }

    /// Strategy timers die with the app's process (force-quit).
    @Test func timersStopAfterForceQuit() throws {
        let s = try Self.scenario(device: #"{"app": {"sessions": [{"at": "0s", "length": "1h"}], "forceQuit": ["10m"]}}"#,
                                  channel: #"{"kind": "lossy"}"#, strategies: #"[{"kind": "polling", "interval": "1m"}]"#, replications: 1)
        // One pull at the open, one per minute until the force-quit at 10 min.
        #expect(summarize(s)[0].mean("pulls") == 10)
    }

    /// A pull still in flight when the app is force-quit is dropped, and the relaunched
    /// app's own pull goes ahead and reaches the head.
    @Test func relaunchedAppPullsDespiteAStalePull() throws {
        let s = try Self.scenario(server: #"{"keys": 1, "retainLast": 100, "changes": {"count": 1, "start": "1s", "interval": "1s"}}"#,
                                  device: #"{"app": {"forceQuit": ["2s"], "foreground": ["3s"]}}"#, channel: #"{"kind": "lossy"}"#,
                                  strategies: #"["hintPullForegroundSync"]"#, horizon: "120s", replications: 1)
        var setup = Simulation(scenario: s).setup(variant: 0)
        setup.client.pullLatency = .constant(.seconds(5))
        let o = Simulation.simulate(channel: s.variants[0].channel, strategy: s.strategies[0].prototype as! HintPullForegroundSync,
                                    setup: setup, streams: RandomStreams(generator: s.generator, seed: s.seed, replication: 0))
        #expect(o.converged && o.finalCursor == 1)
        #expect(o.counts[.pulls] == 2 && o.counts[.pullFailures] == 1)
    }

    @Test func zeroInactivityLimitsAreRejected() {
        for key in ["inactiveAfter", "tokenExpiry"] {
            #expect(throws: ScenarioError.self) { _ = try Self.scenario(channel: #"{"kind": "fcm", "\#(key)": "0s"}"#) }
        }
    }

    /// A merge into a folder that holds another sweep plan is refused and writes nothing.
    @Test func mergeRefusesAnotherPlan() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let base = scenarioURL("Scenarios/push-hint-study.json").path
        func sweep(_ values: String) throws -> String {
            let url = dir.appendingPathComponent("s\(values.hashValue).json")
            try Data(#"{"name": "m", "base": "\#(base)", "replications": 5, "variants": ["lossy"], "axes": [{"path": "variants[lossy].channel.loss", "values": \#(values)}]}"#.utf8).write(to: url)
            return url.path
        }
        let target = dir.appendingPathComponent("target")
        #expect(runCLI(["sweep", try sweep("[0.1, 0.2]"), "--out", target.path]).status == 0)
        let before = try Data(contentsOf: target.appendingPathComponent("summary.csv"))
        let other = try sweep("[0.9, 1.0]")
        for k in 1...2 { #expect(runCLI(["sweep", other, "--out", dir.appendingPathComponent("s\(k)").path, "--shard", "\(k)/2"]).status == 0) }
        let r = runCLI(["merge", dir.appendingPathComponent("s1").path, dir.appendingPathComponent("s2").path, "--out", target.path])
        #expect(r.status == 2 && r.err.contains("another sweep plan"))
        #expect(try Data(contentsOf: target.appendingPathComponent("summary.csv")) == before)
        #expect(runCLI(["merge", dir.appendingPathComponent("nope").path]).status == 2)
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("nope").path))
    }

    @Test func hugeSweepRangesAreRejected() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let base = scenarioURL("Scenarios/push-hint-study.json").path
        for range in [#"{"from": 0, "to": 1, "step": 1e-20}"#, #"{"from": 1e-300, "to": 1e15, "factor": 1.000001}"#] {
            let url = dir.appendingPathComponent("huge.json")
            try Data(#"{"name": "h", "base": "\#(base)", "axes": [{"path": "server.retainLast", "range": \#(range)}]}"#.utf8).write(to: url)
            let r = runCLI(["validate", url.path])
            #expect(r.status == 2 && r.err.contains("at most 100,000 values"), "\(r.err)")
        }
    }
}
