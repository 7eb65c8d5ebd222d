import Foundation
import Testing
@testable import PushSim

/// Android device rules D1–D7 (docs/platform-rules.md), observed through the arrival times of
/// FCM messages at the app. AOSP defaults: first deep IDLE at 1h04m30s after screen-off.
@Suite("Platform rules: Android device (D1–D7)")
struct PlatformAndroidRuleTests {
    static let firstWindow = at(h: 2, m: 4, s: 30)

    @Test("D1: screen-on, charging or motion ends Doze; left alone the message waits for the window", arguments: [
        ("stationary", [firstWindow]), ("screenOn", [at(m: 80)]), ("charging", [at(m: 80)]),
        ("motion", [at(m: 80), at(h: 3, m: 4, s: 30)]), ("motionWhileInactive", [firstWindow]),
    ])
    func d1DozeConditions(variant: String, arrivals: [SimTime]) throws {
        let (o, log) = trace(try platformScenario("D1"), variant)
        #expect(log.arrivals.map(\.time) == arrivals)
        #expect(o[.delayedDeviceDoze] == arrivals.count)
    }

    @Test("D2: deep Doze: a normal message arrives exactly at the next maintenance window; idle 1, 2, 4, 6, 6, 6 h")
    func d2DeepDoze() throws {
        let (o, log) = trace(try platformScenario("D2"), "aosp")
        let w = [at(h: 2, m: 4, s: 30), at(h: 4, m: 9, s: 30), at(h: 8, m: 19, s: 30),
                 at(h: 14, m: 29, s: 30), at(h: 20, m: 39, s: 30), at(h: 26, m: 49, s: 30)]
        #expect(log.ids == Array(1...8))
        #expect(log.arrivals.map(\.time) == [w[0], at(h: 2, m: 9, s: 29), w[1], at(h: 4, m: 19, s: 29), w[2], w[3], w[4], w[5]])
        #expect(o[.delayedDeviceDoze] == 6 && o.deliveredNoDelay == 2)
        // Windows 5 min then 10 min (capped); the idle periods between them.
        let windows: [SimDuration] = [.minutes(5), .minutes(10), .minutes(10), .minutes(10), .minutes(10)]
        var idles = [w[0] - at(h: 1, m: 4, s: 30)]
        for k in 1..<w.count { idles.append(w[k] - (w[k - 1] + windows[k - 1])) }
        #expect(idles == [1, 2, 4, 6, 6, 6].map { SimDuration.hours($0) })
    }

    @Test("D3: light Doze: idle 5, 10, 15, 15 min from 4 min after screen-off, 1-min windows")
    func d3LightDoze() throws {
        let s = try platformScenario("D3")
        let (o, log) = trace(s, "lightOnly")
        #expect(log.ids == Array(1...6))
        #expect(log.arrivals.map(\.time) == [at(m: 2), at(m: 9), at(m: 20), at(m: 36), at(m: 36, s: 30), at(m: 52)])
        #expect(o[.delayedDeviceDoze] == 4)
        let older = trace(s, "olderBuild").log
        #expect(older.arrivals.map(\.time) == [at(m: 5), at(m: 11)], "3 min inactive: light idle from 6 min")
    }

    @Test("D4: App Standby Buckets cap high-priority messages per day; beyond the cap they wait like normal", arguments: [
        ("active", 12), ("workingSet", 12), ("frequent", 10), ("rare", 5), ("restricted", 5),
    ])
    func d4StandbyBuckets(variant: String, cap: Int) throws {
        let (o, log) = trace(try platformScenario("D4"), variant)
        let sent = (0..<12).map { at(m: 70 + Int64($0)) }
        // The held messages arrive together at the window, in no promised order (F5).
        #expect(log.idsByTime == Array(1...12))
        #expect(log.byTimeThenID.map(\.time) == Array(sent.prefix(cap)) + Array(repeating: Self.firstWindow, count: 12 - cap))
        #expect(o.deliveredNoDelay == cap && o[.delayedDeviceDoze] == 12 - cap)
    }

    @Test("D4: the cap resets each day")
    func d4DailyReset() throws {
        let (o, log) = trace(try platformScenario("D4"), "rare-twoDays")
        let dayTwo = log.arrivals.filter { $0.id > 12 }
        #expect(dayTwo.map(\.id) == Array(13...18))
        #expect(dayTwo.map(\.time) == (0..<5).map { at(h: 25, m: 10 + $0) } + [at(h: 26, m: 49, s: 30)])
        #expect(o.deliveredNoDelay == 10 && o[.delayedDeviceDoze] == 8)
    }

    @Test("D4: the caps are off with standbyCaps none (Android 13+ reading) and while charging, when messages do not count")
    func d4ReadingAndCharging() throws {
        let s = try platformScenario("D4")
        let android13 = trace(s, "rare-android13")
        #expect(android13.outcome.deliveredNoDelay == 12 && android13.outcome[.delayedDeviceDoze] == 0)
        let (o, log) = trace(s, "rare-charging")
        #expect(log.arrivals.prefix(5).map(\.time) == (0..<5).map { at(m: 10 + $0) }, "charging: no Doze, no cap")
        let later = log.byTimeThenID.filter { $0.id > 5 }
        #expect(later.map(\.time) == (0..<5).map { at(m: 130 + $0) } + [at(h: 3, m: 4, s: 30)],
                "5 of the rare bucket's day left: the charging ones did not count")
        #expect(o.deliveredNoDelay == 10 && o[.delayedDeviceDoze] == 1)
    }

    @Test("D4 byBucketUnlessShown: a notification message the OS draws is outside the cap; a data message or one not allowed to show counts", arguments: [
        ("rare-shown", 12), ("rare-shown-data", 5), ("rare-shown-denied", 5), ("rare-notification", 5),
    ])
    func d4NotificationExemption(variant: String, atOnce: Int) throws {
        let (o, log) = trace(try platformScenario("D4"), variant)
        #expect(o.deliveredNoDelay == atOnce, "sent at once")
        if variant == "rare-shown-data" {
            let sent = (0..<12).map { at(m: 70 + Int64($0)) }
            #expect(log.byTimeThenID.map(\.time) == Array(sent.prefix(atOnce)) + Array(repeating: Self.firstWindow, count: 12 - atOnce))
            #expect(o[.delayedDeviceDoze] == 12 - atOnce)
        } else if atOnce < 12 {
            // The capped notification messages wait for the window as normal ones, where the
            // collapsible ones (F1: a notification message has a collapse key) become one.
            #expect(o[.delayedDeviceDoze] == 1 && o[.collapsed] == 12 - atOnce - 1)
        }
    }

    @Test("D7: vendor power managers: a kill after screen-off (a force stop without autostart), a swipe that stops the app", arguments: [
        ("stock", [5, 15, 25, 35, 45, 55, 65, 75, 85, 95, 105, 115]), ("xiaomi", [5, 65]), ("huawei", [5]),
        ("nokia2019", [5, 15, 25, 35, 45, 55, 65, 75, 85, 95, 105, 115]), ("xiaomi-brief-on", [5, 15, 65]), ("stock-swipe", [5, 15, 25, 35, 45, 55, 65, 75, 85, 95, 105, 115]),
        ("xiaomi-swipe", [65, 75, 85, 95, 105, 115]),
    ])
    func d7VendorKillers(variant: String, delivered: [Int64]) throws {
        let (o, log) = trace(try platformScenario("D7"), variant)
        #expect(log.arrivals.map(\.time) == delivered.map { at(m: $0) })
        #expect(o[.delivered] == delivered.count && o[.droppedAppForceStopped] == 12 - delivered.count)
    }

    @Test("D7: a vendor profile is Android's; keys beside a profile override it")
    func d7VendorDecoding() throws {
        let ios = #"{"platform": "ios", "vendor": {"profile": "xiaomi"}}"#
        #expect(throws: (any Error).self) { try JSONDecoder().decode(DeviceSpec.self, from: Data(ios.utf8)) }
        let android = #"{"platform": "android", "vendor": {"profile": "xiaomi", "autostart": true}}"#
        let v = try JSONDecoder().decode(DeviceSpec.self, from: Data(android.utf8)).vendor
        #expect(v.swipeAwayStops && v.killAfterScreenOff == .minutes(4) && v.autostart)
        #expect(VendorProfile.stock.policy.isStock && !VendorProfile.huawei.policy.isStock)
    }

    @Test("D5: a force-stopped app gets nothing until launched; a swipe from Recents is not a force stop")
    func d5ForceStop() throws {
        let s = try platformScenario("D5")
        let stopped = trace(s, "forceStop")
        #expect(stopped.log.ids == [1, 4] && stopped.log.arrivals.map(\.time) == [at(m: 5), at(m: 35)])
        #expect(stopped.outcome[.droppedAppForceStopped] == 2)
        let swiped = trace(s, "swipeAway")
        #expect(swiped.log.ids == [1, 2, 3, 4])
        #expect(swiped.log.arrivals.map(\.time) == [at(m: 5), at(m: 15), at(m: 20), at(m: 35)])
        #expect(swiped.outcome[.droppedAppForceStopped] == 0)
    }

    @Test("D6: onMessageReceived has about 10 s; a pull that takes longer fails")
    func d6HandlerTime() throws {
        let cs = try cells("D6")
        let fast = cell(cs, "pull8s", "hintPull"), slow = cell(cs, "pull15s", "hintPull")
        #expect(fast.converged == 1 && fast.mean("pull_failures") == 0)
        #expect(slow.converged == 0 && slow.mean("pull_failures") == 1)
    }
}
