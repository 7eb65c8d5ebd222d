import Foundation
import Testing
@testable import PushSim

/// Device restarts, rule I6 (docs/platform-rules.md): the device is off 30–31 min.
@Suite("Platform rules: device restart (I6)")
struct PlatformRestartRuleTests {
    @Test("I6 on iOS: a restart clears a force-quit; background launches wait for the first unlock and 5 min after boot")
    func i6IOS() throws {
        let s = try platformScenario("I6")
        let (quit, quitLog) = trace(s, "ios-forceQuit")
        #expect(quitLog.arrivals.map(\.at) == [at(m: 36), at(m: 40)], "33 min runs when the launch delay ends, 40 min at once")
        #expect(quitLog.arrivals.map(\.sentAt) == [at(m: 33), at(m: 40)])
        #expect(quit[.droppedAppForceStopped] == 1 && quit[.throttled] == 1, "10 min dropped, 31m30s replaced by 33 min")
        let alerts = try PlatformServiceExtensionRuleTests.shown(s, "ios-forceQuit", "hintPull")
        #expect(alerts.map(\.0) == [at(m: 31)], "the alert APNs stored while the device was off")
        let (kept, keptLog) = trace(s, "ios-noRestart")
        #expect(keptLog.arrivals.isEmpty && kept[.droppedAppForceStopped] == 4, "without a restart the force-quit holds")
        let (locked, lockedLog) = trace(s, "ios-locked")
        #expect(lockedLog.arrivals.map(\.at) == [at(m: 10), at(m: 41)] && lockedLog.arrivals.last?.sentAt == at(m: 40))
        #expect(locked[.throttled] == 2, "31m30s and 33 min each replaced by a newer push before the unlock")
    }

    @Test("I6 on Android: stored messages arrive after the boot, wait for the first unlock, and Doze starts over")
    func i6Android() throws {
        let s = try platformScenario("I6")
        let (_, log) = trace(s, "android")
        #expect(log.arrivals.map(\.at) == [at(m: 10), at(m: 31), at(m: 35)])
        let (_, locked) = trace(s, "android-locked")
        #expect(locked.arrivals.map(\.at) == [at(m: 10), at(m: 36), at(m: 36)])
        #expect(locked.arrivals.map(\.sentAt) == [at(m: 10), at(m: 30, s: 20), at(m: 35)], "in arrival order")
        let (_, doze) = trace(s, "android-doze")
        #expect(doze.arrivals.map(\.at) == [at(m: 91)], "Doze restarts ACTIVE at boot: the held normal message goes out")
        let (_, noRestart) = trace(s, "android-doze-noRestart")
        #expect(noRestart.arrivals.map(\.at) == [at(m: 124, s: 30)], "deep Doze holds it to the maintenance window")
    }

    /// The restart records of one run: (time, phase).
    static func phases(_ s: Scenario, replication: Int) -> [(SimTime, String)] {
        let trace = Simulation(scenario: s).trace(.init(variant: 0, strategy: 0, replication: replication)).trace
        return trace.records.filter { $0.kind == .restart }.map { r in
            (r.time, r.details.first { $0.name == "phase" }.map { d in if case let .text(t) = d.value { t } else { "" } } ?? "")
        }
    }

    /// A restart while the device is still booting is ignored; drawn restarts (gaps
    /// uniform 1–3 h over 2 days) number between 16 and 48, and vary by replication.
    @Test("I6: a restart during a boot is ignored; drawn restarts (restart.every)")
    func i6DrawnRestarts() throws {
        func scenario(_ device: String, replications: Int) throws -> Scenario {
            try Scenario.decode(Data("""
                {"name": "i6-drawn", "seed": 4, "replications": \(replications), "horizon": "2d",
                 "server": {"keys": 1, "retainLast": 10, "changes": {"count": 1, "start": "1h"}},
                 "device": \(device), "strategies": ["hintPull"], "variants": [{"name": "fcm", "channel": {"kind": "fcm"}}]}
                """.utf8), file: "i6-drawn.json")
        }
        let fixed = Self.phases(try scenario(#"{"platform": "android", "restarts": ["10h", "10h30s"]}"#, replications: 1), replication: 0)
        #expect(fixed.map(\.1) == ["shutdown", "shutdown", "booted"] && fixed[2].0 == at(h: 10, m: 1), "\(fixed)")
        let drawn = try scenario(#"{"platform": "android", "restart": {"every": {"kind": "uniform", "min": 1, "max": 3, "unit": "h"}}}"#,
                                 replications: 20)
        var counts: Set<Int> = []
        for r in 0..<drawn.replications {
            let offs = Self.phases(drawn, replication: r).filter { $0.1 == "shutdown" }.count
            #expect((16...48).contains(offs), "replication \(r): \(offs) restarts")
            counts.insert(offs)
        }
        #expect(counts.count > 1, "the restarts are drawn per replication: \(counts)")
    }
}
