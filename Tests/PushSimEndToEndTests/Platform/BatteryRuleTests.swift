import Foundation
import Testing
@testable import PushSim

/// Rule I8 (docs/platform-rules.md): low battery, iOS Low Power Mode and its prompt, Android
/// Battery Saver (Quick Doze, firewall, not while charging), on Scenarios/platform/I8.json.
/// Android variants: screen off from 0, a high-priority data message at 5 min (id 1) and a
/// normal one at 10 min (id 2); Battery Saver's Quick Doze is deep IDLE from 60 s to 1h01m.
@Suite("Platform rules: low battery, Low Power Mode and Battery Saver (I8)")
struct PlatformBatteryRuleTests {
    /// The first deep maintenance window under Quick Doze: IDLE at 60 s, for 1 h.
    static let quickDozeWindow = at(h: 1, m: 1)

    @Test("I8 iOS: low battery alone holds nothing; an accepted prompt holds background pushes until it ends; either source keeps Low Power Mode on")
    func i8LowBatteryAndPrompt() throws {
        let s = try platformScenario("I8")
        let declined = trace(s, "ios-lowBattery")
        #expect(declined.log.arrivals.map(\.time) == [at(m: 5)])
        #expect(declined.outcome[.delayedMessageThrottled] == 0 && declined.outcome.deliveredNoDelay == 1)
        let accepted = trace(s, "ios-lowBattery-acceptsPrompt")
        #expect(accepted.log.arrivals.map(\.time) == [at(m: 30)], "Low Power Mode off when the low battery ends")
        #expect(accepted.outcome[.delayedMessageThrottled] == 1 && accepted.outcome[.delivered] == 1)
        let both = trace(s, "ios-promptAndOwnToggle")
        #expect(both.log.arrivals.map(\.time) == [at(m: 45)], "the user's own period 20-45 min outlasts the prompted one")
        // A low-battery period that starts with Low Power Mode already on asks nothing: the
        // user's own period ends at 10 min, and the mode with it.
        let (o, log) = record(s, "ios-lowBattery-acceptsPrompt", replication: 0, strategy: HintPull()) {
            $0.lowPowerMode = [Period(from: .zero, to: .minutes(10))]
        }
        #expect(log.arrivals.map(\.time) == [at(m: 10)] && o[.delayedMessageThrottled] == 1)
        // Android has no such prompt: the same periods and chance change nothing there.
        let android = record(s, "android-noSaver", replication: 0, strategy: HintPull()) {
            $0.lowBattery = [Period(from: .zero, to: .hours(2))]; $0.lowPowerModeAccept = 1
        }
        #expect(android.outcome.fingerprint == trace(s, "android-noSaver").outcome.fingerprint)
    }

    @Test("I8 Android: Battery Saver (on its own or at low battery): Quick Doze holds a normal message for the window, a high one passes, the firewall fails background pulls; charging lifts it", arguments: [
        ("android-noSaver", at(m: 20), 0, 1),
        ("android-batterySaver", quickDozeWindow, 1, 1),
        ("android-lowBattery-autoSaver", quickDozeWindow, 1, 1),
        ("android-batterySaver-screenOn", at(m: 10), 1, 0),
        ("android-batterySaver-charging", at(m: 10), 0, 0),
    ])
    func i8BatterySaver(variant: String, normalArrival: SimTime, pullFailures: Int, heldByDoze: Int) throws {
        let (o, log) = trace(try platformScenario("I8"), variant)
        #expect(log.time(of: 1) == at(m: 5), "the high-priority message is never held")
        #expect(log.time(of: 2) == normalArrival, "the normal-priority message")
        #expect(o[.pullFailures] == pullFailures, "the high message's pull runs inside its exemption; the normal one's meets the firewall")
        #expect(o.converged == (pullFailures == 0))
        #expect(o[.delayedDeviceDoze] == heldByDoze)
    }

    @Test("I8 Android: Quick Doze enters deep IDLE exactly 60 s after screen-off (quickDozeDelay)")
    func i8QuickDozeDelay() throws {
        let s = try patchedScenario("Scenarios/platform/I8.json") { root in
            var variants = root["variants"] as! [[String: Any]]
            let i = variants.firstIndex { $0["name"] as? String == "android-batterySaver" }!
            variants[i]["server"] = json(#"{"keys": 1, "retainLast": 100, "changes": [{"count": 2, "start": "59s", "interval": "1s"}]}"#)
            root["variants"] = variants
            root["message"] = json(#"{"type": "data", "priority": "normal"}"#)
        }
        let (_, log) = trace(s, "android-batterySaver")
        #expect(log.time(of: 1) == at(s: 59), "QUICK_DOZE_DELAY does not restrict")
        #expect(log.time(of: 2) == Self.quickDozeWindow, "deep IDLE from 60 s")
        let slower = record(s, "android-batterySaver", replication: 0, strategy: HintPull()) { $0.doze.quickDozeDelay = .minutes(2) }
        #expect(slower.log.time(of: 2) == at(s: 60), "quickDozeDelay 2 min: not yet idle at 60 s")
    }

    @Test("I8 Android: motion does not leave Quick Doze, and Battery Saver ending leaves deep IDLE as it is (AOSP)")
    func i8MotionAndSaverEnd() throws {
        let s = try platformScenario("I8")
        let moved = record(s, "android-batterySaver", replication: 0, strategy: HintPull()) { $0.motion = [.minutes(20), .minutes(40)] }
        #expect(moved.log.time(of: 2) == Self.quickDozeWindow, "the normal message: still idle after motion at 20 and 40 min")
        let ended = trace(s, "android-batterySaverEndsInIdle")
        #expect(ended.log.time(of: 1) == Self.quickDozeWindow, "deep IDLE outlasts Battery Saver (0-30 min)")
        #expect(ended.outcome[.pullFailures] == 0 && ended.outcome.converged, "no firewall after 30 min")
        // Once Battery Saver is off the sensor is still off (stopped by QUICK_DOZE_DELAY), so
        // motion at 40 min changes nothing either.
        let endedMoved = record(s, "android-batterySaverEndsInIdle", replication: 0, strategy: HintPull()) { $0.motion = [.minutes(40)] }
        #expect(endedMoved.log.time(of: 1) == Self.quickDozeWindow)
    }

    @Test("I8 Android: charging lifts Battery Saver and Doze at once; unplugged, Quick Doze starts again")
    func i8ChargingLiftsBatterySaver() throws {
        let s = try platformScenario("I8")
        let (o, log) = trace(s, "android-batterySaver-chargedAt30m")
        #expect(log.arrivals.map(\.time) == [at(m: 30)])
        #expect(o[.pullFailures] == 0 && o.converged && o[.delayedDeviceDoze] == 1)
        // Unplugged at 40 min: IDLE from 41 min, so a message at 45 min waits for 1h41m.
        let later = try patchedScenario("Scenarios/platform/I8.json") { root in
            var variants = root["variants"] as! [[String: Any]]
            let i = variants.firstIndex { $0["name"] as? String == "android-batterySaver-chargedAt30m" }!
            variants[i]["server"] = json(#"{"keys": 1, "retainLast": 100, "changes": {"count": 1, "start": "45m", "message": {"type": "data", "priority": "normal"}}}"#)
            root["variants"] = variants
        }
        #expect(trace(later, "android-batterySaver-chargedAt30m").log.arrivals.map(\.time) == [at(h: 1, m: 41)])
    }

    @Test("I8: the prompt is accepted with chance lowPowerModeAccept, one draw per low-battery period on its own stream (binomial bound, GSL)")
    func i8PromptProbability() throws {
        let family = Family(checks: 1)
        defer { #expect(family.done) }
        let p = 0.3
        var s = try patchedScenario("Scenarios/platform/I8.json") { root in
            var variants = root["variants"] as! [[String: Any]]
            let i = variants.firstIndex { $0["name"] as? String == "ios-lowBattery-acceptsPrompt" }!
            variants[i]["device"] = json(#"{"platform": "ios", "screenOn": [{"from": "0s", "to": "1d"}], "lowBattery": [{"from": "0s", "to": "30m"}], "lowPowerModeAccept": 0.3}"#)
            root["variants"] = [variants[i]]
            root["replications"] = 2000
        }
        s = Family.reseeded(s)
        let c = cell(summarize(s), "ios-lowBattery-acceptsPrompt", "hintPull")
        let held = c.total("delayed_message_throttled")
        let range = family.binomialAcceptance(n: s.replications, p: p)
        #expect(range.contains(held), "\(held) of \(s.replications) runs held the push, acceptance range \(range)")
        // Run by run: held exactly when the first draw of `device.battery` accepts.
        for r in 0..<40 {
            let accepts = RandomStreams(generator: s.generator, seed: s.seed, replication: r).stream(StreamName.deviceBattery).bernoulli(p)
            let (o, log) = trace(s, "ios-lowBattery-acceptsPrompt", replication: r)
            #expect(log.arrivals.map(\.time) == [accepts ? at(m: 30) : at(m: 5)], "replication \(r)")
            #expect(o[.delayedMessageThrottled] == (accepts ? 1 : 0))
        }
    }

    @Test("I8: bad values are refused with the file and the JSON path", arguments: [
        (#""lowPowerModeAccept": 1.5"#, "$.device.lowPowerModeAccept", "probability in [0, 1]"),
        (#""lowBattery": [{"from": "10m", "to": "5m"}]"#, "$.device.lowBattery[0].to", "later than"),
        (#""batterySaver": [{"from": "0s", "to": "10m"}, {"from": "5m", "to": "20m"}]"#, "$.device.batterySaver[1]", "must not overlap"),
        (#""batterySaverAtLowBattery": "yes""#, "$.device.batterySaverAtLowBattery", "true or false"),
        (#""doze": {"quickDozeDelay": "-1s"}"#, "$.device.doze.quickDozeDelay", "negative"),
    ])
    func i8BadValues(field: String, path: String, fragment: String) throws {
        let text = #"{"name": "bad", "seed": 1, "replications": 1, "horizon": "1h", "server": {"keys": 1, "retainLast": 1, "changes": {"count": 1, "start": "1m"}}, "device": {"platform": "android", "# + field + #"}, "strategies": ["hintPull"], "variants": [{"name": "v", "channel": {"kind": "fcm"}}]}"#
        let error = try #require(throws: ScenarioError.self) { try Scenario.decode(Data(text.utf8), file: "bad.json") }
        #expect(error.file == "bad.json" && error.path == path, "\(error)")
        #expect(error.message.contains(fragment), "\(error)")
    }
}
