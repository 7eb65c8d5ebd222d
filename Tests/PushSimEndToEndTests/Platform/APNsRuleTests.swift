import CGSL
import Foundation
import Testing
@testable import PushSim

/// APNs rules A1–A10 (docs/platform-rules.md), one scenario each in Scenarios/platform/.
@Suite("Platform rules: APNs (A1–A10)")
struct PlatformAPNsRuleTests {
    @Test("A1: one notification stored per app while offline; the newest replaces it")
    func a1OneSlot() throws {
        let s = try platformScenario("A1")
        let (o, log) = trace(s, "apns")
        #expect(o[.delivered] == 1)
        #expect(o[.replacedInStorage] == 4)
        #expect(o[.delayedDeviceOffline] == 1)
        #expect(log.ids == [5])
        #expect(log.arrivals.map(\.time) == [at(m: 10)])
        let cs = summarize(s)
        #expect(cell(cs, "apns", "applyPayload").converged == 1, "the newest survived, so payload-as-truth is right")
        #expect(cell(cs, "apns", "hintPull").converged == 1)
    }

    @Test("A2 (disputed): retention latest keeps the newest; random keeps each of four with chance 1/4")
    func a2LatestVersusRandom() throws {
        let s = try platformScenario("A2")
        let family = Family(checks: 2)
        defer { #expect(family.done) }
        let cs = summarize(s)
        let latest = cell(cs, "latest", "applyPayload"), random = cell(cs, "random", "applyPayload")
        for c in [latest, random] {
            #expect(c.total("delivered") == s.replications)
            #expect(c.total("replaced_in_storage") == 3 * s.replications)
        }
        #expect(latest.converged == s.replications)
        let range = family.binomialAcceptance(n: s.replications, p: 0.25)
        #expect(range.contains(random.converged), "\(random.converged) converged, acceptance range \(range)")
        // Which push survived, run by run: uniform over the burst (chi-square, GSL).
        var survivors = [0, 0, 0, 0]
        for r in 0..<s.replications {
            let (_, log) = trace(s, "random", replication: r, inner: ApplyPayload())
            #expect(log.ids.count == 1 && log.arrivals.first?.time == at(m: 10))
            if let id = log.ids.first { survivors[Int(id) - 1] += 1 }
        }
        #expect(survivors[3] == random.converged, "the same runs: convergence means the newest survived")
        #expect(family.uniform(survivors), "survivors \(survivors)")
    }

    @Test("A3: stored until apns-expiration, at most 30 days", arguments: [
        ("expiration1h-back2h", nil), ("expiration3h-back2h", at(h: 2)),
        ("expiration1h-backAtExpiry", nil), ("expiration1h-backJustBefore", at(h: 1, s: 59)),
        ("noExpiration-back29d", at(d: 29)), ("noExpiration-back31d", nil),
    ] as [(String, SimTime?)])
    func a3Expiration(variant: String, arrival: SimTime?) throws {
        let (o, log) = trace(try platformScenario("A3"), variant)
        #expect(o[.delivered] == (arrival == nil ? 0 : 1))
        #expect(o[.expired] == (arrival == nil ? 1 : 0))
        #expect(log.arrivals.map(\.time) == (arrival.map { [$0] } ?? []))
    }

    @Test("A4: apns-expiration 0 delivers now or never")
    func a4NowOrNever() throws {
        let s = try platformScenario("A4")
        let zero = trace(s, "expiration0")
        #expect(zero.outcome[.expired] == 1 && zero.outcome[.delivered] == 1)
        #expect(zero.log.ids == [2] && zero.log.arrivals.map(\.time) == [at(m: 15)])
        let oneDay = trace(s, "expiration1d")
        #expect(oneDay.log.ids == [1, 2] && oneDay.log.arrivals.map(\.time) == [at(m: 10), at(m: 15)])
        // Model reading: priority 5 with the screen off is not "now", so it expires too.
        #expect(trace(s, "expiration0-priority5-screenOff").outcome[.expired] == 2)
    }

    @Test("A5: best-effort order; transport delays reorder with the analytic probability 0.405")
    func a5Reordering() throws {
        let s = try platformScenario("A5")
        let family = Family(checks: 1)
        defer { #expect(family.done) }
        let cs = summarize(s)
        let payload = cell(cs, "uniformDelay", "applyPayload")
        #expect(payload.total("delivered") == 2 * s.replications)
        let range = family.binomialAcceptance(n: s.replications, p: 0.595)
        #expect(range.contains(payload.converged), "\(payload.converged) in order, acceptance range \(range)")
        #expect(cell(cs, "uniformDelay", "hintPull").converged == s.replications)
        // Run by run: applyPayload converges exactly when the two arrived in send order.
        for r in 0..<20 {
            let (o, log) = trace(s, "uniformDelay", replication: r, inner: ApplyPayload())
            #expect(o.converged == (log.ids == [1, 2]))
        }
    }

    @Test("A6: priority 10 now; 5 grouped in a burst after the power delay; 1 when awake")
    func a6Priorities() throws {
        let s = try platformScenario("A6")
        let family = Family(checks: 1)
        defer { #expect(family.done) }
        let (o, log) = trace(s, "powerDelay10m")
        // A burst arrives at one instant, in no promised order (A5).
        #expect(log.idsByTime == [1, 2, 3, 4, 5, 6])
        #expect(log.byTimeThenID.map(\.time) == [at(m: 1), at(m: 12), at(m: 12), at(m: 30), at(m: 30), at(m: 31)])
        #expect(o[.delayedMessageThrottled] == 4 && o.deliveredNoDelay == 2)
        // Default power delay, uniform 0–15 min (an assumption): bounds are certain, the mean is checked with GSL.
        var waits: [Double] = []
        for r in 0..<s.replications {
            let log = trace(s, "defaultPowerDelay", replication: r).log
            guard let t2 = log.time(of: 2), let t3 = log.time(of: 3) else { Issue.record("run \(r): a priority-5 push never arrived"); continue }
            #expect(t2 >= at(m: 2) && t2 < at(m: 17))
            if t2 >= at(m: 3) { #expect(t3 == t2, "run \(r): the 3-min push joins the pending burst") }
            else { #expect(t3 >= at(m: 3) && t3 < at(m: 18)) }
            waits.append((t2 - at(m: 2)).seconds / 60)
        }
        let mean = waits.reduce(0, +) / Double(waits.count)
        let half = gsl_cdf_ugaussian_Pinv(1 - family.check() / 2) * (15 / 12.0.squareRoot()) / Double(waits.count).squareRoot()
        #expect(abs(mean - 7.5) <= half, "mean wait \(mean) min, expected 7.5 ± \(half)")
    }

    @Test("A7: a background push at priority 10 is rejected (BadPriority; via FCM INVALID_ARGUMENT)", arguments: [
        ("apns-background-p10", "BadPriority=3"), ("apns-background-p5", ""), ("apns-alert-p10", ""),
        ("fcm-data-high", "INVALID_ARGUMENT=3"), ("fcm-data-normal", ""),
    ])
    func a7BackgroundPriority(variant: String, codes: String) throws {
        let c = cell(try cells("A7"), variant, "hintPull")
        #expect(rejectionCodes(c) == codes)
        #expect(c.total("delivered") == (codes.isEmpty ? 3 : 0))
        #expect(c.total("rejected_final") == (codes.isEmpty ? 0 : 3))
    }

    @Test("A8: apns-collapse-id merges displayed notifications, not the offline slot")
    func a8CollapseId() throws {
        let cs = try cells("A8")
        let one = cell(cs, "oneCollapseId", "hintPull"), none = cell(cs, "noCollapseId", "hintPull")
        #expect(one.mean("notifications_displayed") == 3 && one.mean("notifications_replaced") == 2)
        #expect(none.mean("notifications_displayed") == 3 && none.mean("notifications_replaced") == 0)
        let offline = cell(cs, "offline-distinctCollapseIds", "hintPull")
        #expect(offline.total("delivered") == 1 && offline.total("replaced_in_storage") == 2)
    }

    @Test("A9: 410 Unregistered and 400 BadDeviceToken are final; 429, 500, 503 retryable")
    func a9ReplyCodes() throws {
        let s = try platformScenario("A9")
        let family = Family(checks: 3)
        defer { #expect(family.done) }
        let cs = summarize(s)
        let life = cell(cs, "lifecycle", "hintPull")
        #expect(rejectionCodes(life) == "BadDeviceToken=2;Unregistered=1")
        #expect(life.total("delivered") == 4 && life.total("rejected_final") == 3 && life.total("rejected_retryable") == 0)
        #expect(life.total("dropped_app_force_stopped") == 1)
        // replacedToken accepted: 200 for the replaced token, the push lost; 410 from unregisteredAfter after the first request.
        let accepted = cell(cs, "lifecycle-accepted", "hintPull")
        #expect(rejectionCodes(accepted) == "Unregistered=1" && accepted.total("lost") == 2)
        #expect(accepted.total("delivered") == 4 && accepted.total("dropped_app_force_stopped") == 1)
        let kept = cell(cs, "replaced-unregistered", "hintPull")
        #expect(rejectionCodes(kept) == "Unregistered=3" && kept.total("lost") == 2 && kept.total("delivered") == 2)
        let table: [(SendError, Int, Bool, Bool)] = [
            (.apnsUnregistered, 410, false, true), (.apnsBadDeviceToken, 400, false, true),
            (.apnsTooManyRequests, 429, true, false), (.apnsInternalServerError, 500, true, false),
            (.apnsServiceUnavailable, 503, true, false),
        ]
        for (e, status, retryable, deadToken) in table {
            #expect(e.httpStatus == status && e.isRetryable == retryable && e.invalidatesToken == deadToken, "\(e)")
        }
        let random = cell(cs, "randomErrors", "hintPull")
        let n = 500
        for (e, p) in [(SendError.apnsTooManyRequests, 0.2), (.apnsInternalServerError, 0.1), (.apnsServiceUnavailable, 0.1)] {
            let k = random.rejections[SendError.allCases.firstIndex(of: e)!]
            #expect(family.binomialAcceptance(n: n, p: p).contains(k), "\(e.rawValue)=\(k) of \(n) at p \(p)")
        }
        #expect(random.total("rejected_final") == 0)
        #expect(random.total("delivered") + random.total("rejected_retryable") == n)
    }

    @Test("A10: a new token (rotation, reinstall) works only after the app registers it at its next launch")
    func a10TokenChanges() throws {
        let cs = try cells("A10")
        let ios = cell(cs, "apns-ios", "hintPull"), android = cell(cs, "fcm-android", "hintPull")
        #expect(rejectionCodes(ios) == "BadDeviceToken=5")
        #expect(rejectionCodes(android) == "UNREGISTERED=5")
        #expect(ios.total("dropped_app_force_stopped") == 1 && android.total("dropped_app_force_stopped") == 1)
        #expect(ios.total("delivered") == 6 && android.total("delivered") == 6)
        #expect(ios.mean("app_opens") == 2)
    }
}
