import Foundation
import Testing
@testable import PushSim

/// The iOS Notification Service Extension, rule I7 (docs/platform-rules.md).
@Suite("Platform rules: Notification Service Extension (I7)")
struct PlatformServiceExtensionRuleTests {
    /// The notifications one run shows: (time, value shown, stale).
    static func shown(_ s: Scenario, _ variant: String, _ strategy: String) throws -> [(SimTime, Int64, Bool)] {
        let v = try #require(s.variants.firstIndex { $0.name == variant })
        let k = try #require(s.strategies.firstIndex { $0.name == strategy })
        let trace = Simulation(scenario: s).trace(.init(variant: v, strategy: k, replication: 0)).trace
        var shown: [(SimTime, Int64, Bool)] = []
        for r in trace.records where r.kind == .notification {
            var value: Int64 = -1
            var stale = false
            for d in r.details {
                if d.name == "value", case let .int(x) = d.value { value = x }
                if d.name == "stale" { stale = d.value == .text("yes") || d.value == .flag(true) }
            }
            shown.append((r.time, value, stale))
        }
        return shown
    }

    /// One alert (value 1) waits in the APNs slot while the key moves on to 3; the device
    /// reconnects at 30 min.
    @Test("I7: an alert with mutable-content runs the extension, which may refetch within 30 s; else the payload is shown")
    func i7ServiceExtension() throws {
        let s = try platformScenario("I7")
        func check(_ variant: String, _ strategy: String, _ expected: [(SimTime, Int64, Bool)], requests: Int,
                   sourceLocation: SourceLocation = #_sourceLocation) throws {
            let seen = try Self.shown(s, variant, strategy)
            #expect(seen.map(\.0) == expected.map(\.0) && seen.map(\.1) == expected.map(\.1) && seen.map(\.2) == expected.map(\.2),
                    "\(variant)/\(strategy): \(seen)", sourceLocation: sourceLocation)
            let o = s.outcome(variant, strategy, replication: 0)
            #expect(o.counts[.serverRequests] == requests, "\(variant)/\(strategy)", sourceLocation: sourceLocation)
        }
        let reconnect = at(m: 30)
        try check("default", "hintPull", [(reconnect, 1, true)], requests: 0)
        try check("default", "hintPullExtension", [(reconnect + .seconds(2), 3, false)], requests: 1)
        try check("slow", "hintPullExtension", [(reconnect + .seconds(30), 1, true)], requests: 1)
        try check("forceQuit", "hintPullExtension", [(reconnect + .seconds(2), 3, false)], requests: 1)
        try check("noMutableContent", "hintPullExtension", [(reconnect, 1, true)], requests: 0)
        try check("denied", "hintPullExtension", [], requests: 0)
    }

    /// The deadline is inclusive: an answer at exactly `serviceExtensionTime` is shown fresh.
    @Test("I7: the 30 s deadline, and a failed fetch shows the payload")
    func i7Deadline() throws {
        for (latency, failure, fresh) in [("30s", 0.0, true), ("30001ms", 0.0, false), ("2s", 1.0, false)] {
            let json = """
                {"name": "i7-edge", "seed": 1, "replications": 1, "horizon": "1h",
                 "server": {"keys": 1, "retainLast": 10, "changes": [
                   {"count": 1, "start": "5m", "message": {"type": "alert", "apnsPriority": 10, "expiration": "1d", "mutableContent": true}},
                   {"count": 1, "start": "10m", "message": {"send": false}}]},
                 "client": {"pullLatency": "\(latency)", "pullFailure": \(failure)},
                 "device": {"platform": "ios", "offline": [{"from": "0s", "to": "30m"}]},
                 "strategies": ["hintPullExtension"], "variants": [{"name": "apns", "channel": {"kind": "apns"}}]}
                """
            let s = try Scenario.decode(Data(json.utf8), file: "i7-edge.json")
            let seen = try Self.shown(s, "apns", "hintPullExtension")
            #expect(seen.count == 1 && seen.first?.1 == (fresh ? 2 : 1), "latency \(latency), failure \(failure): \(seen)")
            let shownAt = at(m: 30) + (latency == "30001ms" ? .seconds(30) : latency == "2s" ? .seconds(2) : .seconds(30))
            #expect(seen.first?.0 == shownAt, "latency \(latency): shown at \(String(describing: seen.first?.0))")
            #expect(s.outcome("apns", "hintPullExtension", replication: 0).counts[.serverRequests] == 1)
        }
    }

    /// The device drops offline while the extension waits for its answer (10 s): the fetch
    /// fails and the payload is shown; the same when it is back before the answer.
    @Test("I7: an extension whose device went offline meanwhile shows the payload")
    func i7OfflineMeanwhile() throws {
        for offline in [#"[{"from": "0s", "to": "30m"}, {"from": "30m05s", "to": "1h"}]"#,
                        #"[{"from": "0s", "to": "30m"}, {"from": "30m05s", "to": "30m08s"}]"#] {
            let json = """
                {"name": "i7-offline", "seed": 1, "replications": 1, "horizon": "2h",
                 "server": {"keys": 1, "retainLast": 10, "changes": [
                   {"count": 1, "start": "5m", "message": {"type": "alert", "apnsPriority": 10, "expiration": "1d", "mutableContent": true}},
                   {"count": 1, "start": "10m", "message": {"send": false}}]},
                 "client": {"pullLatency": "10s"},
                 "device": {"platform": "ios", "offline": \(offline)},
                 "strategies": ["hintPullExtension"], "variants": [{"name": "apns", "channel": {"kind": "apns"}}]}
                """
            let seen = try Self.shown(try Scenario.decode(Data(json.utf8), file: "i7-offline.json"), "apns", "hintPullExtension")
            #expect(seen.map(\.1) == [1] && seen.first?.0 == at(m: 30, s: 10), "\(offline): \(seen)")
        }
    }
}
