import CGSL
import Testing
@testable import PushSim

/// Field cases C1–C5 (iOS), /work/shared/cases/field-cases.md: each test asserts the
/// documented outcome of its scenario in Scenarios/cases/.
@Suite struct FieldCaseAPNsTests {
    /// C1 (A1, A2): offline 0–10 min, alerts at 1, 2, 3 min. Exactly one delivered, at 10
    /// min: under `latest` the one sent at 3 min, under `random` each with chance 1/3.
    /// applyPayload applies one change of three; hintPull converges.
    @Test func c1OneStoredNotificationPerApp() throws {
        let s = try fieldCase("C1")
        let family = Family(checks: 1)
        defer { #expect(family.done) }
        var survivors = [0, 0, 0]
        for r in 0..<s.replications {
            let latest = record(s, "latest", replication: r, strategy: HintPull())
            #expect(latest.log.pushes == [Arrival(at: at(10), id: 3, sentAt: at(3), cursor: 3)])
            #expect(latest.outcome == s.outcome("latest", "hintPull", replication: r), "the recorder changes nothing")
            #expect(latest.outcome[.delivered] == 1 && latest.outcome[.replacedInStorage] == 2)
            #expect(latest.outcome[.delayedDeviceOffline] == 1)

            let random = record(s, "random", replication: r, strategy: HintPull())
            try #require(random.log.pushes.count == 1)
            let p = random.log.pushes[0]
            #expect(p.at == at(10) && (1...3).contains(p.id) && p.sentAt == at(p.id))
            survivors[Int(p.id) - 1] += 1

            // applyPayload applies the one change it is shown and misses the other two, so it
            // matches the server only when all three changes wrote the same key.
            let keys = Set(s.changes("latest", replication: r).map(\.key))
            for (variant, shownLast) in [("latest", true), ("random", p.id == 3)] {
                let payload = s.outcome(variant, "applyPayload", replication: r)
                #expect(payload.counts[.payloadsApplied] == 1 && payload.counts[.handlerRuns] == 1)
                #expect(payload.converged == (keys.count == 1 && shownLast), "\(variant) replication \(r)")
                let hint = s.outcome(variant, "hintPull", replication: r)
                #expect(hint.converged && hint.convergenceTime == .minutes(7) && hint.counts[.pulls] == 1)
            }
        }
        // Under `random` each of the three survives with chance 1/3 (χ² test).
        #expect(family.uniform(survivors), "survivors \(survivors)")
    }

    /// C2 (I1, A6): 360 background pushes at apns-priority 5 over 3 h to a backgrounded
    /// app. Handler runs follow the budget (1 token, one more per 20 min): never more than
    /// 9 (the first push is at 30 s, so a 10th token would come at 180.5 min), never fewer
    /// than 5 (a priority-5 burst leaves APNs at most 15.5 min after the previous one).
    /// Every other push ends throttled or, held at the horizon, pending.
    @Test func c2BackgroundBudget() throws {
        let s = try fieldCase("C2")
        let family = Family(checks: 1)
        defer { #expect(family.done) }
        var heldRuns: [Double] = []
        for r in 0..<s.replications {
            let held = s.outcome("held", "hintPull", replication: r)
            let dropped = s.outcome("dropHeld", "hintPull", replication: r)
            for o in [held, dropped] {
                #expect(o.pushesSent == 360)
                #expect((5...9).contains(o.counts[.handlerRuns]), "handler runs \(o.counts[.handlerRuns])")
                #expect(o[.delivered] == o.counts[.handlerRuns])
                #expect(o[.delivered] + o[.throttled] + o[.pending] == 360, "every drop has a reason")
                // Pending: sent in the last 15 min and still held by APNs (≤ 30), plus the
                // one the device holds for the next launch.
                #expect(o[.pending] <= 31)
            }
            // The device policy does not change what APNs hands over.
            #expect(dropped.counts[.handlerRuns] == held.counts[.handlerRuns])
            #expect((0...1).contains(held[.pending] - dropped[.pending]))
            #expect(s.outcome("held", "applyPayload", replication: r).counts[.handlerRuns] == held.counts[.handlerRuns])
            heldRuns.append(Double(held.counts[.handlerRuns]))

            // No power timing: the budget alone decides, 3 per hour.
            let exact = record(s, "noPowerDelay", replication: r, strategy: HintPull())
            #expect(exact.log.pushes.map(\.at) == (0..<9).map { at(20 * $0, 30) })
            #expect(exact.log.pushes.map(\.sentAt) == exact.log.pushes.map(\.at))
            #expect(exact.outcome[.delivered] == 9 && exact.outcome[.throttled] == 350 && exact.outcome[.pending] == 1)
            #expect(exact.outcome[.delayedMessageThrottled] == 9)
        }
        // With APNs' power timing the mean rate lies between 2 and 3 per hour, and the
        // t-interval of the mean holds the mean of a second estimator: the same rules
        // simulated directly (`Self.c2MeanHandlerRuns`).
        let ci = family.meanInterval(heldRuns)
        let expected = Self.c2MeanHandlerRuns()
        #expect(ci.low > 6 && ci.high < 9, "mean handler runs in 3 h: \(ci)")
        #expect(ci.low <= expected && expected <= ci.high, "mean handler runs \(ci) vs the direct estimate \(expected)")
    }

    /// C2's mean number of handler runs in 3 h, estimated apart from the simulator: a
    /// priority-5 push every 30 s from 30 s; the first one APNs holds starts a burst that
    /// goes out D ~ uniform 0–15 min later (A6), with every push held meanwhile; a burst
    /// runs the handler if the budget has a token (capacity 1, one per 20 min: at least
    /// 20 min since the last run, I1). 200,000 runs on GSL's mt19937 (seed 2), whose own
    /// standard error (about 0.002) is negligible against the test's interval.
    static func c2MeanHandlerRuns() -> Double {
        let rng = gsl_rng_alloc(pushsim_rng_mt19937())!
        defer { gsl_rng_free(rng) }
        gsl_rng_set(rng, 2)
        let runs = 200_000, horizon = 180.0
        var total = 0
        for _ in 0..<runs {
            var start = 0.5, lastRun = -Double.infinity
            while start <= horizon {
                let burst = start + gsl_ran_flat(rng, 0, 15)
                guard burst <= horizon else { break }
                if burst - lastRun >= 20 { total += 1; lastRun = burst }
                start = (burst / 0.5).rounded(.down) * 0.5 + 0.5   // the next push after the burst
            }
        }
        return Double(total) / Double(runs)
    }


    /// C3 (I2, I4): force-quit at 5 min; background pushes at 10, 15, 20 min and an alert at
    /// 25 min; relaunch at 30 min. No handler run before 30 min; the alert is drawn by the
    /// OS; only the launch-time sync makes the state correct, at 30 min.
    @Test func c3ForceQuit() throws {
        let s = try fieldCase("C3")
        for r in 0..<s.replications {
            for variant in ["immediate", "powerTimed", "denied"] {
                let seen = record(s, variant, replication: r, strategy: HintPull())
                #expect(seen.log.pushes.allSatisfy { $0.at == at(30) && $0.id <= 3 }, "\(variant): \(seen.log.pushes)")
                let o = seen.outcome
                #expect(o.pushesSent == 4)
                #expect(o[.droppedAppForceStopped] + o[.delivered] == 4)
                #expect(o.counts[.handlerRuns] == o[.delivered] - 1, "the alert runs no app code")
                #expect(o.counts[.notificationsDisplayed] == (variant == "denied" ? 0 : 1))
                if variant != "powerTimed" {
                    #expect(seen.log.pushes.isEmpty && o[.droppedAppForceStopped] == 3 && o[.delivered] == 1)
                }

                let sync = s.outcome(variant, "hintPullForegroundSync", replication: r)
                #expect(sync.converged && sync.convergenceTime == .minutes(5), "converges at the 30 min launch")
                // hintPull converges only through a push APNs still held at the launch.
                let hint = s.outcome(variant, "hintPull", replication: r)
                #expect(hint.converged == (o.counts[.handlerRuns] > 0))
                if hint.converged { #expect(hint.convergenceTime == .minutes(5)) }
                // The alert's change never reaches applyPayload.
                #expect(!s.outcome(variant, "applyPayload", replication: r).converged)
            }
        }
    }

    /// C4 (A7, F9, F12): a data message to iOS at apns-priority 10 through FCM is rejected
    /// with INVALID_ARGUMENT, not a token error; at priority 5 it is accepted and arrives.
    @Test func c4BackgroundPushAtPriority10() throws {
        let s = try fieldCase("C4")
        #expect(!SendError.invalidArgument.invalidatesToken && !SendError.invalidArgument.isRetryable)
        #expect(SendError.invalidArgument.httpStatus == 400)
        for r in 0..<s.replications {
            for strategy in ["applyPayload", "hintPull"] {
                let rejected = s.outcome("priority10", strategy, replication: r)
                #expect(rejected[.rejected] == 1 && rejections(rejected, .invalidArgument) == 1)
                #expect(rejected[.delivered] == 0 && rejected.counts[.handlerRuns] == 0 && !rejected.converged)

                let accepted = s.outcome("priority5", strategy, replication: r)
                #expect(accepted[.rejected] == 0 && accepted[.delivered] == 1 && accepted.counts[.handlerRuns] == 1)
                // APNs times a priority-5 push for power: within 15 min of the send here.
                #expect(accepted.converged && accepted.convergenceTime! < .minutes(15))

                let direct = s.outcome("apnsDirect", strategy, replication: r)
                #expect(direct[.rejected] == 1 && rejections(direct, .apnsBadPriority) == 1 && direct[.delivered] == 0)
            }
            // The token is still good: the corrected message on it is delivered.
            let retry = record(s, "priority10ThenPriority5", replication: r, strategy: HintPull())
            #expect(rejections(retry.outcome, .invalidArgument) == 1 && retry.outcome[.delivered] == 1)
            #expect(retry.log.pushes.map(\.id) == [2] && retry.outcome.converged)
        }
    }

    /// C5 (A3, A4): offline 0–8 h, one push at 1 h. apns-expiration 0: never delivered;
    /// now + 24 h: delivered once, at 8 h; now + 6 h: expired at 7 h, never delivered.
    @Test func c5Expiration() throws {
        let s = try fieldCase("C5")
        for r in 0..<s.replications {
            for variant in ["expiration0", "expiration6h"] {
                let gone = record(s, variant, replication: r, strategy: HintPull())
                #expect(gone.log.pushes.isEmpty)
                #expect(gone.outcome[.expired] == 1 && gone.outcome[.delivered] == 0)
                #expect(gone.outcome.counts[.notificationsDisplayed] == 0 && !gone.outcome.converged)
            }
            let kept = record(s, "expiration24h", replication: r, strategy: HintPull())
            #expect(kept.log.pushes == [Arrival(at: .zero + .hours(8), id: 1, sentAt: .zero + .hours(1), cursor: 1)])
            #expect(kept.outcome[.delivered] == 1 && kept.outcome[.delayedDeviceOffline] == 1)
            #expect(kept.outcome.counts[.notificationsDisplayed] == 1)
            for strategy in ["applyPayload", "hintPull"] {
                let o = s.outcome("expiration24h", strategy, replication: r)
                #expect(o.converged && o.convergenceTime == .hours(7))
            }
        }
    }
}
