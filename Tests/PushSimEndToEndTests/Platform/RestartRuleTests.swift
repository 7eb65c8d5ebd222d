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
            let steps = Self.phases(drawn, replication: r)
            let offs = steps.filter { $0.1 == "shutdown" }.map(\.0), boots = steps.filter { $0.1 == "booted" }.map(\.0)
            let gaps = zip([SimTime.zero] + offs, offs).map { $1 - $0 }
            #expect(gaps.allSatisfy { $0 >= .hours(1) && $0 <= .hours(3) }, "replication \(r): gaps \(gaps)")
            #expect(boots == offs.map { $0 + .minutes(1) }, "replication \(r): each restart boots 1 min later")
            counts.insert(offs.count)
        }
        #expect(counts.count > 1, "the restarts are drawn per replication: \(counts)")
    }

    /// The shortest gap between restarts is the boot time (`restart.every`'s draws are
    /// raised to it): a restart at the very instant a boot ends finds the device on, and
    /// restarts it; the boot's end runs first at that instant (docs/model.md, Event order).
    @Test("I6: a restart exactly one boot time after the last one takes effect, listed or drawn")
    func i6RestartAtTheEndOfABoot() throws {
        func scenario(_ device: String) throws -> Scenario {
            try Scenario.decode(Data("""
                {"name": "i6-tight", "seed": 9, "replications": 1, "horizon": "2h",
                 "server": {"keys": 1, "retainLast": 10, "changes": {"count": 1, "start": "1h"}},
                 "device": \(device), "strategies": ["hintPull"], "variants": [{"name": "fcm", "channel": {"kind": "fcm"}}]}
                """.utf8), file: "i6-tight.json")
        }
        let listed = Self.phases(try scenario(#"{"platform": "android", "restarts": ["10m", "11m"]}"#), replication: 0)
        #expect(listed.map(\.1) == ["shutdown", "booted", "shutdown", "booted"], "\(listed)")
        #expect(listed.map(\.0) == [at(m: 10), at(m: 11), at(m: 11), at(m: 12)])
        // Every drawn gap (0–30 s) is below the 1 min boot time, so each is raised to it:
        // a restart every minute from 1 min to 2 h, none ignored.
        let drawn = Self.phases(try scenario(#"{"platform": "android", "restart": {"every": {"kind": "uniform", "min": 0, "max": 30, "unit": "s"}}}"#),
                                replication: 0)
        let offs = drawn.filter { $0.1 == "shutdown" }.map(\.0), boots = drawn.filter { $0.1 == "booted" }.map(\.0)
        #expect(offs == (1...120).map { at(m: Int64($0)) }, "\(offs.count) restarts")
        #expect(boots == (1...119).map { at(m: Int64($0) + 1) }, "each boots 1 min later (the last after the horizon)")
    }

    /// One run of a small scenario: the main device as given, messages as given.
    static func run(_ device: String, changes: String, message: String, channel: String = #"{"kind": "fcm"}"#,
                    strategy: String = "hintPull") throws -> (RunOutcome, AppLog) {
        let s = try Scenario.decode(Data("""
            {"name": "i6-edge", "seed": 1, "replications": 1, "horizon": "2h",
             "server": {"keys": 1, "retainLast": 20, "changes": \(changes)}, "message": \(message),
             "device": \(device), "strategies": ["\(strategy)"], "variants": [{"name": "v", "channel": \(channel)}]}
            """.utf8), file: "i6-edge.json")
        return trace(s, "v")
    }

    @Test("I6 edges: a second restart before the unlock, an uninstall or an app open while locked, Low Power Mode ending in the launch delay")
    func i6Edges() throws {
        let data = #"{"type": "data", "priority": "high"}"#, background = #"{"type": "data", "apnsPriority": 5}"#
        let charging = #""charging": [{"from": "0s", "to": "1d"}]"#, apns = #"{"kind": "apns", "powerDelay": "0s"}"#
        // Restarts at 30 and 35 min, first unlock 10 min after each boot: the first boot's
        // unlock (41 min) must not unlock the second boot, whose unlock is at 46 min.
        let (_, second) = try Self.run(#"{"platform": "android", \#(charging), "restarts": ["30m", "35m"], "restart": {"firstUnlockAfter": "10m"}}"#,
                                       changes: #"{"count": 1, "start": "37m"}"#, message: data)
        #expect(second.arrivals.map(\.at) == [at(m: 46)])
        // Uninstalled while the message waits for the unlock: it never reaches the app.
        let (gone, goneLog) = try Self.run(#"{"platform": "android", \#(charging), "restarts": ["30m"], "restart": {"firstUnlockAfter": "10m"}, "uninstalled": [{"from": "35m", "to": "50m"}]}"#,
                                           changes: #"{"count": 1, "start": "32m"}"#, message: data)
        #expect(goneLog.arrivals.isEmpty && gone[.droppedAppForceStopped] == 1)
        // Opening the app unlocks the device: the waiting message goes in at 35 min.
        let (_, opened) = try Self.run(#"{"platform": "android", \#(charging), "restarts": ["30m"], "restart": {"firstUnlockAfter": "30m"}, "app": {"sessions": [{"at": "35m", "length": "1m"}]}}"#,
                                       changes: #"{"count": 1, "start": "32m"}"#, message: data)
        #expect(opened.arrivals.map(\.at) == [at(m: 35)])
        // iOS: Low Power Mode ends at 33 min, inside the launch delay (to 36 min): the held
        // background push runs at 36 min, not 33.
        let (_, lpm) = try Self.run(#"{"platform": "ios", "restarts": ["30m"], "lowPowerMode": [{"from": "0s", "to": "33m"}]}"#,
                                    changes: #"{"count": 1, "start": "32m"}"#, message: background, channel: apns)
        #expect(lpm.arrivals.map(\.at) == [at(m: 36)])
        // A background push Low Power Mode holds at the restart is lost (throttled).
        let (lost, lostLog) = try Self.run(#"{"platform": "ios", "restarts": ["30m"], "lowPowerMode": [{"from": "0s", "to": "1h"}]}"#,
                                           changes: #"{"count": 1, "start": "10m"}"#, message: background, channel: apns)
        #expect(lostLog.arrivals.isEmpty && lost[.throttled] == 1)
    }
}
