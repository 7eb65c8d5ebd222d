import Foundation
import Testing
@testable import PushSim

/// FCM rules F6–F10 (docs/platform-rules.md): priority under Doze, downgrade, limits, error
/// codes, token lifetime. Deep Doze with the AOSP defaults: first IDLE at 1h04m30s, first
/// maintenance window at 2h04m30s.
@Suite("Platform rules: FCM priority, limits and errors (F6–F10)")
struct PlatformFCMDeliveryRuleTests {
    static let firstWindow = at(h: 2, m: 4, s: 30)

    @Test("F6: normal waits for the maintenance window; high arrives at once and exempts the app from Doze")
    func f6Priority() throws {
        let s = try platformScenario("F6")
        let (o, log) = trace(s, "exemption5m")
        #expect(log.ids == [2, 1])
        #expect(log.arrivals.map(\.time) == [at(m: 100), Self.firstWindow])
        #expect(o[.delayedDeviceDoze] == 1 && o.deliveredNoDelay == 1)
        #expect(o.counts[.pulls] == 1 && o.counts[.pullFailures] == 0, "the pull at 100 min runs inside the exemption")
        #expect(o.converged && o.convergenceTime == .zero)

        let none = trace(s, "noExemption").outcome
        #expect(none.counts[.pullFailures] == 1, "without the exemption Doze blocks the pull")
        #expect(none.converged && none.convergenceTime == Self.firstWindow - at(m: 100))
    }

    @Test("F7: high-priority messages that show nothing are downgraded to normal after the limit, within the window")
    func f7Downgrade() throws {
        let s = try platformScenario("F7")
        let sent = [70, 71, 72, 73, 74, 90].map { at(m: $0) }
        let week = trace(s, "data-window7d")
        // Downgraded messages arrive together at the window, in no promised order (F5).
        #expect(week.log.idsByTime == [1, 2, 3, 4, 5, 6])
        #expect(week.log.byTimeThenID.map(\.time) == Array(sent[0..<3]) + Array(repeating: Self.firstWindow, count: 3))
        #expect(week.outcome[.delayedDeviceDoze] == 3)

        let short = trace(s, "data-window10m")
        #expect(short.log.idsByTime == [1, 2, 3, 6, 4, 5])
        #expect(short.log.byTimeThenID.map(\.time) == Array(sent[0..<3]) + [sent[5], Self.firstWindow, Self.firstWindow])

        for variant in ["notification-window7d", "data-off"] {
            let o = trace(s, variant).outcome
            #expect(o[.delivered] == 6 && o.deliveredNoDelay == 6, "\(variant)")
        }
        #expect(trace(s, "notification-window7d").outcome.counts[.notificationsDisplayed] == 6)
    }

    @Test("F7 judges by what was shown: OS-drawn or app-posted notifications count; denied ones do not",
          arguments: ["applyPayloadNotify", "refetchNotify"])
    func f7JudgedByShownNotification(strategy: String) throws {
        let s = try platformScenario("F7")
        let (o, log) = strategy == "refetchNotify" ? trace(s, "data-window7d", inner: RefetchNotify())
                                                   : trace(s, "data-window7d", inner: ApplyPayloadNotify())
        #expect(o.counts[.localNotifications] == 6, "the app posted one notification per message")
        #expect(o.deliveredNoDelay == 6 && o[.delayedDeviceDoze] == 0, "shown, so never downgraded")
        #expect(log.arrivals.map(\.time) == [70, 71, 72, 73, 74, 90].map { at(m: $0) })
        let denied = trace(s, "notification-denied")
        #expect(denied.outcome.counts[.notificationsDisplayed] == 0)
        // Nothing drawn, so judged as data: 3 at once; the other 3 are downgraded and, being
        // notification messages (collapsible under the package key, F3), collapse into one
        // that arrives at the maintenance window.
        #expect(denied.outcome.deliveredNoDelay == 3 && denied.outcome[.collapsed] == 2 && denied.outcome[.delivered] == 4)
        #expect(denied.log.arrivals.isEmpty, "a denied notification message reaches no app code in the background")
    }

    @Test("F7 defaults: on, 7-day window, 10 unseen, half shown (the window's default is 7 days)")
    func f7Defaults() throws {
        let (o, log) = trace(try platformScenario("F7"), "data-defaults")
        #expect(log.byTimeThenID.map(\.time) == (0..<10).map { at(m: 70 + $0) } + Array(repeating: Self.firstWindow, count: 4))
        #expect(o.deliveredNoDelay == 10 && o[.delayedDeviceDoze] == 4)
        let d = FCMConfig.Downgrade()
        #expect(d.window == .days(7) && d.unseenLimit == 10 && d.shownFraction == 0.5)
        #expect(FCMConfig().downgrade != nil, "on by default")
        let decoded = try JSONDecoder().decode(FCMConfig.Downgrade.self, from: Data(#"{"unseenLimit": 3}"#.utf8))
        #expect(decoded.window == .days(7))
    }

    @Test("F7: a downgrade needs both: unseenLimit unseen messages and fewer than shownFraction shown")
    func f7NeedsAFractionShownBelowTheThreshold() throws {
        let (o, log) = trace(try platformScenario("F7"), "mixed-twoThirdsShown")
        #expect(o.deliveredNoDelay == 12 && o[.delayedDeviceDoze] == 0, "4 data messages unseen, but 8 of 12 shown")
        #expect(o.counts[.notificationsDisplayed] == 8)
        #expect(log.arrivals.map(\.time) == [72, 75, 78, 81].map { at(m: $0) }, "the data messages reach the app at once")
    }

    @Test("F7: downgraded messages count too, so a steady silent stream stays downgraded instead of flipping")
    func f7SteadyStreamStaysDowngraded() throws {
        let (o, log) = trace(try platformScenario("F7"), "steady-window10m")
        #expect(log.byTimeThenID.map(\.time) == [at(m: 70), at(m: 72), at(m: 74)] + Array(repeating: Self.firstWindow, count: 13))
        #expect(o.deliveredNoDelay == 3 && o[.delayedDeviceDoze] == 13)
    }

    @Test("F8: 240 per minute and 5,000 per hour per device; collapsible burst 20, one more per 3 min")
    func f8Limits() throws {
        let s = try platformScenario("F8")
        let cs = summarize(s)
        let minute = cell(cs, "perMinute", "hintPull"), hour = cell(cs, "perHour", "hintPull")
        #expect(minute.total("delivered") == 240 && rejectionCodes(minute) == "QUOTA_EXCEEDED=60")
        #expect(hour.total("delivered") == 5000 && rejectionCodes(hour) == "QUOTA_EXCEEDED=1000")
        #expect(minute.total("rejected_retryable") == 60 && hour.total("rejected_retryable") == 1000)

        let (o, log) = trace(s, "collapsibleBurst")
        #expect(o[.delivered] == 21 && o[.collapsed] == 9)
        #expect(o[.delayedMessageThrottled] == 1 && o.deliveredNoDelay == 20)
        #expect(log.ids == Array(1...20) + [30])
        #expect(log.arrivals.prefix(20).allSatisfy { $0.time == $0.sentAt })
        #expect(log.time(of: 30) == at(m: 4), "the first token after the burst comes 3 min after it began")
    }

    @Test("F9: error codes: 400, 404, 403, 401 final; 429, 503, 500 retryable; random rates within binomial bounds")
    func f9ErrorCodes() throws {
        let table: [(SendError, Int, Bool)] = [
            (.invalidArgument, 400, false), (.unregistered, 404, false), (.senderIdMismatch, 403, false),
            (.thirdPartyAuthError, 401, false), (.quotaExceeded, 429, true), (.unavailable, 503, true), (.internal, 500, true),
        ]
        for (e, status, retryable) in table {
            #expect(e.httpStatus == status && e.isRetryable == retryable, "\(e.rawValue)")
            #expect(e.invalidatesToken == (e == .unregistered), "\(e.rawValue): only UNREGISTERED deletes the token")
        }
        let s = try platformScenario("F9")
        let family = Family(checks: 5)
        defer { #expect(family.done) }
        let cs = summarize(s)
        let random = cell(cs, "randomErrors", "hintPull")
        let n = 1000
        let rates: [(SendError, Double)] = [(.unavailable, 0.1), (.internal, 0.05), (.quotaExceeded, 0.05),
                                            (.senderIdMismatch, 0.02), (.thirdPartyAuthError, 0.02)]
        var final = 0, retryable = 0
        for (e, p) in rates {
            let k = random.rejections[SendError.allCases.firstIndex(of: e)!]
            #expect(family.binomialAcceptance(n: n, p: p).contains(k), "\(e.rawValue)=\(k) of \(n) at p \(p)")
            if e.isRetryable { retryable += k } else { final += k }
        }
        #expect(random.total("rejected_final") == final && random.total("rejected_retryable") == retryable)
        #expect(random.total("delivered") == n - final - retryable)
        let gone = cell(cs, "uninstalled", "hintPull")
        #expect(rejectionCodes(gone) == "UNREGISTERED=2" && gone.total("dropped_app_force_stopped") == 1)
        #expect(rejectionCodes(cell(cs, "ios-data-high", "hintPull")) == "INVALID_ARGUMENT=3")
    }

    /// F11 is about names, not behaviour: the reports use the FCM Data API categories.
    @Test("F11: outcome and delay columns carry the FCM Data API category names")
    func f11CategoryNames() {
        let outcomes = ["delivered", "pending", "collapsed", "dropped_too_many_pending_messages",
                        "dropped_app_force_stopped", "dropped_device_inactive"]
        let delays = ["delivered_no_delay", "delayed_device_offline", "delayed_device_doze",
                      "delayed_message_throttled", "delayed_user_stopped"]
        let names = Set(Columns.runNames)
        for n in outcomes + delays { #expect(names.contains(n), "\(n)") }
    }

    @Test("F10: inactive 28 days: dropped_device_inactive; 270 days: UNREGISTERED; uninstalled: UNREGISTERED once reported")
    func f10TokenLifetime() throws {
        let s = try platformScenario("F10")
        let recent = trace(s, "lastConnected27d").outcome
        #expect(recent[.pending] == 1 && recent[.droppedDeviceInactive] == 1)
        let old = trace(s, "lastConnected269d").outcome
        #expect(old[.droppedDeviceInactive] == 1 && old[.rejected] == 1)
        #expect(Columns.rejectedCodes(old.rejections) == "UNREGISTERED=1")
        let gone = trace(s, "uninstalled").outcome
        #expect(Columns.rejectedCodes(gone.rejections) == "UNREGISTERED=1" && gone[.droppedAppForceStopped] == 1)
    }
}
