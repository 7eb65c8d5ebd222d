import Foundation
import Testing
@testable import PushSim

/// iOS device rules I1–I5 (docs/platform-rules.md), one scenario each in Scenarios/platform/.
@Suite("Platform rules: iOS device (I1–I5)")
struct PlatformIOSRuleTests {
    @Test("I1: background pushes reach the app about 3 per hour (token bucket 1, one per 20 min)")
    func i1BackgroundBudget() throws {
        let (o, log) = trace(try platformScenario("I1"), "defaultBudget")
        #expect(log.arrivals.map(\.time) == [0, 20, 40, 60, 80, 100].map { at(m: $0) })
        #expect(log.ids == [1, 5, 9, 13, 17, 21])
        #expect(o.counts[.copiesArrived] == 24 && o.counts[.handlerRuns] == 6)
        #expect(o[.delivered] == 6 && o[.throttled] == 17 && o[.pending] == 1)
        #expect(o.deliveredNoDelay == 6, "the pushes that ran were never held")
    }

    @Test("I1 daily allowance: at most daily background pushes run per simulated day, renewed at each 24 h")
    func i1DailyRenewal() throws {
        let s = try platformScenario("I1")
        let control = trace(s, "noDaily")
        #expect(control.log.arrivals.map(\.time) == [0, 20, 40, 60, 80, 100].map { at(h: 23, m: $0) })
        let (o, log) = trace(s, "daily2")
        #expect(log.arrivals.map(\.time) == [0, 20, 60, 80].map { at(h: 23, m: $0) })
        #expect(o[.delivered] == 4 && o[.throttled] == 19 && o[.pending] == 1)
    }

    @Test("I2: after a force-quit (or a swipe from the app switcher) background pushes never launch the app until relaunch",
          arguments: ["forceQuit", "swipeAway"])
    func i2ForceQuit(variant: String) throws {
        let (o, log) = trace(try platformScenario("I2"), variant)
        #expect(log.ids == [1, 4])
        #expect(log.arrivals.map(\.time) == [at(m: 5), at(m: 35)])
        #expect(o[.delivered] == 2 && o[.droppedAppForceStopped] == 2)
    }

    @Test("I3 (disputed): a held background push is replaced by a newer one, delivered at launch or dropped, discarded on force-quit")
    func i3HeldPush() throws {
        let s = try platformScenario("I3")
        let launch = trace(s, "deliverAtLaunch")
        #expect(launch.log.ids == [1, 3] && launch.log.arrivals.map(\.time) == [at(m: 5), at(m: 30)])
        #expect(launch.outcome[.delivered] == 2 && launch.outcome[.throttled] == 1)
        #expect(launch.outcome[.delayedMessageThrottled] == 1)
        let drop = trace(s, "drop")
        #expect(drop.log.ids == [1] && drop.outcome[.throttled] == 2)
        let quit = trace(s, "forceQuitDiscards")
        #expect(quit.log.ids == [1])
        #expect(quit.outcome[.droppedAppForceStopped] == 1 && quit.outcome[.throttled] == 1)
    }

    @Test("I4: alerts are drawn even after force-quit; app code sees them only on tap; denied shows nothing")
    func i4Alerts() throws {
        let s = try platformScenario("I4")
        let shown = trace(s, "authorized")
        #expect(shown.outcome[.delivered] == 3)
        #expect(shown.outcome.counts[.notificationsDisplayed] == 3 && shown.outcome.counts[.handlerRuns] == 0)
        #expect(shown.log.arrivals.isEmpty)
        let tapped = trace(s, "tapped")
        #expect(tapped.outcome.counts[.taps] == 3)
        #expect(tapped.log.ids == [1, 2, 3])
        #expect(tapped.log.arrivals.map(\.time) == [at(m: 5, s: 10), at(m: 10, s: 10), at(m: 15, s: 10)])
        #expect(tapped.log.arrivals.allSatisfy { $0.appState == .foreground })
        let denied = trace(s, "denied")
        #expect(denied.outcome[.delivered] == 3)
        #expect(denied.outcome.counts[.notificationsDisplayed] == 0 && denied.outcome.counts[.taps] == 0)
        #expect(denied.log.arrivals.isEmpty)
    }

    @Test("I5: the background handler has 30 s; Low Power Mode holds data pushes until power recovers or the app opens")
    func i5HandlerTimeAndLowPower() throws {
        let s = try platformScenario("I5")
        let cs = summarize(s)
        let fast = cell(cs, "pull20s", "hintPull"), slow = cell(cs, "pull45s", "hintPull")
        #expect(fast.converged == 1 && fast.mean("pull_failures") == 0)
        #expect(slow.converged == 0 && slow.mean("pull_failures") == 1)
        let recovery = trace(s, "lowPower-untilRecovery")
        #expect(recovery.log.arrivals.map(\.time) == [at(m: 30)])
        #expect(recovery.outcome[.delayedMessageThrottled] == 1)
        let opened = trace(s, "lowPower-appOpens")
        #expect(opened.log.arrivals.map(\.time) == [at(m: 20)])
        #expect(opened.outcome[.delayedMessageThrottled] == 1)
    }
}
