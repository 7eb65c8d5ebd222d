import Testing
@testable import PushSim

/// Field cases C6–C10 (Android / FCM), /work/shared/cases/field-cases.md: each test
/// asserts the documented outcome of its scenario in Scenarios/cases/.
@Suite struct FieldCaseFCMTests {
    /// C6 (F1, F3): offline 0–10 min; ten notification messages (odd ids, 1:00 … 5:30) and
    /// ten data messages (even ids, 1:15 … 5:45). At 10 min: one notification (the default
    /// collapse key keeps the newest) and all ten data messages, in no promised order (F5).
    @Test func c6NotificationsCollapseDataDoNot() throws {
        let s = try fieldCase("C6")
        for r in 0..<s.replications {
            let seen = record(s, "fcm", replication: r, strategy: HintPull())
            let o = seen.outcome
            #expect(o.pushesSent == 20 && o[.delivered] == 11 && o[.collapsed] == 9)
            #expect(o[.delayedDeviceOffline] == 11)
            #expect(o.counts[.notificationsDisplayed] == 1 && o.counts[.handlerRuns] == 10)
            // The data messages reach the handler at reconnect. FCM promises no order (F5):
            // the model draws their order at that instant, so only the set is checked.
            #expect(seen.log.idsByTime == Array(stride(from: 2, through: 20, by: 2)))
            #expect(seen.log.pushes.allSatisfy { $0.at == at(10) && $0.collapseKey == nil })
            #expect(o.converged && o.convergenceTime == .seconds(255))

            // Had the user tapped the notification, its data would show it is the newest one.
            let tapped = record(s, "fcm", replication: r, strategy: HintPull()) { $0.app.tapProbability = 1 }
            let shown = tapped.log.pushes.filter { $0.collapseKey == FCMConfig.packageCollapseKey }
            #expect(shown.map(\.id) == [19] && shown.map(\.sentAt) == [at(5, 30)])
            #expect(shown.map(\.at) == [at(10, 10)])
        }
    }

    /// C7 (F2): 110 non-collapsible messages while offline 0–20 min. None delivered; one
    /// deletedMessages at 20 min; a full sync on it converges, waiting for pushes does not.
    @Test func c7PendingOverflow() throws {
        let s = try fieldCase("C7")
        for r in 0..<s.replications {
            for variant in ["deletedSignal", "noSignal"] {
                let seen = record(s, variant, replication: r, strategy: HintPullDeletedSync())
                let o = seen.outcome
                #expect(o.pushesSent == 110 && o[.delivered] == 0 && o[.droppedTooManyPendingMessages] == 110)
                #expect(seen.log.pushes.isEmpty && o.counts[.handlerRuns] == 0)
                let signal = variant == "deletedSignal"
                #expect(seen.log.deletedSignals == (signal ? [at(20)] : []))
                #expect(o.converged == signal && o.counts[.resets] == (signal ? 1 : 0))
                if signal { #expect(o.convergenceTime == .seconds(100)) }
                for strategy in ["applyPayload", "hintPull"] {
                    #expect(!s.outcome(variant, strategy, replication: r).converged, "\(variant) \(strategy)")
                }
                // A sync at reconnect does not need the signal.
                let recommended = s.outcome(variant, "recommended", replication: r)
                #expect(recommended.converged && recommended.convergenceTime == .seconds(100))
            }
            // The other reading: storing resumes after the discard, so 102–110 arrive.
            let resumed = record(s, "storeAfterDiscard", replication: r, strategy: HintPull())
            #expect(resumed.outcome[.droppedTooManyPendingMessages] == 101 && resumed.outcome[.delivered] == 9)
            #expect(resumed.log.idsByTime == Array(102...110) && resumed.log.pushes.allSatisfy { $0.at == at(20) })
            #expect(resumed.outcome.converged && resumed.outcome.counts[.deletedSignals] == 1)
        }
    }

    /// C8 (F3): 6 collapse keys × 3 messages while offline 0–10 min. Exactly 4 delivered
    /// (at most 4 keys pending), each the newest of its key; which keys survive varies
    /// from replication to replication. Without collapse keys all 18 arrive, at reconnect,
    /// in no promised order (F5).
    @Test func c8FourCollapseKeys() throws {
        let s = try fieldCase("C8")
        let family = Family(checks: 7)
        defer { #expect(family.done) }
        let keyIDs = (0..<6).map { KeyPattern("key-\($0)").id(for: 0) }
        var survived = [Int](repeating: 0, count: 6)
        var survivorSets: Set<[Int]> = []
        var newestLast = 0
        for r in 0..<s.replications {
            let seen = record(s, "collapseKeys", replication: r, strategy: HintPull())
            let o = seen.outcome
            #expect(o.pushesSent == 18 && o[.delivered] == 4 && o[.collapsed] + o[.droppedTooManyPendingMessages] == 14)
            #expect(seen.log.pushes.allSatisfy { $0.at == at(10) })
            var keys: [Int] = []
            for p in seen.log.pushes {
                let k = try #require(keyIDs.firstIndex(of: p.collapseKey ?? 0))
                keys.append(k)
                // Key k's messages are ids k+1, k+7, k+13 (round-robin); the newest is k+13.
                #expect(p.id == Int64(k) + 13 && p.sentAt == at(3, 10 * Int64(k)), "\(p) for key-\(k)")
            }
            #expect(Set(keys).count == 4, "one message per surviving key")
            for k in keys { survived[k] += 1 }
            survivorSets.insert(keys.sorted())
            #expect(o.converged, "hintPull pulls everything on any surviving push")

            let all = record(s, "noCollapseKeys", replication: r, strategy: ApplyPayload())
            #expect(all.outcome[.delivered] == 18 && all.log.idsByTime == Array(1...18))
            #expect(all.log.pushes.allSatisfy { $0.at == at(10) })
            // The field case promises delivery of all 18, not their order (F5). Until the
            // arrival order was drawn, the kernel's FIFO tie order applied them in send order
            // and applyPayload always converged; that was an artefact. Now applyPayload ends
            // with each key's last-arriving payload, so it converges exactly when, for every
            // key, the newest message of that key arrived after the older ones.
            var newestOfKey: [Int32: Int64] = [:], lastOfKey: [Int32: Int64] = [:]
            for p in all.log.pushes { newestOfKey[p.key] = max(newestOfKey[p.key] ?? 0, p.id); lastOfKey[p.key] = p.id }
            #expect(all.outcome.converged == (newestOfKey == lastOfKey), "replication \(r)")
            if all.log.pushes.last?.id == 18 { newestLast += 1 }
        }
        // The arrival order is random: push 18 arrives last among the 18 with chance 1/18
        // (Wilson interval of that share).
        let order = family.wilson(successes: newestLast, trials: s.replications)
        #expect(order.low <= 1.0 / 18 && 1.0 / 18 <= order.high, "push 18 last in \(newestLast) of \(s.replications)")
        // Each key survives with the chance F3's rule gives it (exact, `Self.c8Survival`):
        // its count lies in the Binomial acceptance region.
        let p = Self.c8Survival()
        #expect(abs(p.reduce(0, +) - 4) < 1e-12, "four keys survive in all")
        for (k, n) in survived.enumerated() {
            #expect(family.binomialAcceptance(n: s.replications, p: p[k]).contains(n), "key-\(k) survived \(n) of \(s.replications), P = \(p[k])")
        }
        #expect(survived.reduce(0, +) == 4 * s.replications)
        #expect(survivorSets.count > 1)
    }

    /// The chance that each of C8's six keys is among the four kept, by F3's rule
    /// (`FCMState.storeCollapsible`): messages arrive round-robin, key 0 … 5, three times; a
    /// message of a pending key replaces it; one of a new key is added, and when that makes
    /// five keys one of the five, chosen uniformly, is dropped. Computed exactly over the
    /// distribution of pending key sets.
    static func c8Survival() -> [Double] {
        var states: [Set<Int>: Double] = [[]: 1]
        for k in Array(repeating: Array(0..<6), count: 3).joined() {
            var next: [Set<Int>: Double] = [:]
            for (set, p) in states {
                guard !set.contains(k) else { next[set, default: 0] += p; continue }
                let grown = set.union([k])
                guard grown.count > 4 else { next[grown, default: 0] += p; continue }
                for victim in grown { next[grown.subtracting([victim]), default: 0] += p / Double(grown.count) }
            }
            states = next
        }
        return (0..<6).map { k in states.filter { $0.key.contains(k) }.values.reduce(0, +) }
    }


    /// C9 (F6, D2): screen off at 0; deep Doze IDLE from 64.5 min. Normal messages at 70,
    /// 75, 85 min arrive together at the first maintenance window after them (124.5 min);
    /// the high one at 90 min arrives at once. The three at the window arrive in no promised
    /// order (F5).
    @Test func c9DozeMaintenanceWindow() throws {
        let s = try fieldCase("C9")
        let doze = DozeController.schedule(parameters: .aosp, screenOffAt: .zero, until: .zero + s.horizon)
        let deepIdle = try #require(doze.first { $0.deep == .idle }).time
        #expect(deepIdle == at(64, 30))
        let window = try #require(doze.first { $0.time > at(85) && ($0.deep == .idleMaintenance || $0.light == .idleMaintenance) }).time
        #expect(window == at(124, 30))
        for r in 0..<s.replications {
            let seen = record(s, "aospDoze", replication: r, strategy: HintPull())
            #expect(seen.log.byTimeThenID == [
                Arrival(at: at(90), id: 4, sentAt: at(90), cursor: 4),
                Arrival(at: window, id: 1, sentAt: at(70), cursor: 1),
                Arrival(at: window, id: 2, sentAt: at(75), cursor: 2),
                Arrival(at: window, id: 3, sentAt: at(85), cursor: 3),
            ])
            let o = seen.outcome
            #expect(o[.delivered] == 4 && o[.delayedDeviceDoze] == 3 && o.deliveredNoDelay == 1)
            // The high-priority message's Doze exemption lets hintPull sync at 90 min.
            #expect(o.converged && o.convergenceTime == .zero && o.counts[.pulls] == 1 && o.counts[.pullFailures] == 0)
            // One key: applyPayload writes 1, 2, 3 after 4 and ends stale.
            let payload = s.outcome("aospDoze", "applyPayload", replication: r)
            #expect(!payload.converged && payload.counts[.payloadsApplied] == 4)
        }
    }

    /// C10 (F1): a notification + data message with cursor 42 to a backgrounded app, not
    /// tapped. applyPayload never sees 42, hintPull stays stale, a sync at the next app
    /// open (30 min) converges. Tapped (the other variant), every strategy converges.
    @Test func c10NotificationPlusDataNotTapped() throws {
        let s = try fieldCase("C10")
        for r in 0..<s.replications {
            let seen = record(s, "dismissed", replication: r, strategy: ApplyPayload())
            #expect(seen.log.pushes.map(\.cursor) == Array(1...41))
            #expect(seen.outcome[.delivered] == 42 && seen.outcome.counts[.notificationsDisplayed] == 1)
            #expect(seen.outcome.counts[.taps] == 0 && !seen.outcome.converged)
            #expect(seen.outcome.counts[.payloadsApplied] == 41)

            let hint = s.outcome("dismissed", "hintPull", replication: r)
            #expect(!hint.converged && hint.finalCursor == 41)
            for strategy in ["hintPullForegroundSync", "recommended"] {
                let o = s.outcome("dismissed", strategy, replication: r)
                #expect(o.converged && o.convergenceTime == .minutes(20) && o.finalCursor == 42, "\(strategy)")
            }

            let tapped = record(s, "tapped", replication: r, strategy: ApplyPayload())
            // Notification + data goes under the default collapse key, like a notification (F3).
            #expect(tapped.log.pushes.last == Arrival(at: at(10, 10), id: 42, sentAt: at(10), cursor: 42,
                                                      collapseKey: FCMConfig.packageCollapseKey))
            for strategy in ["applyPayload", "hintPull", "hintPullForegroundSync", "recommended"] {
                let o = s.outcome("tapped", strategy, replication: r)
                #expect(o.converged && o.convergenceTime == .seconds(10) && o.counts[.taps] == 1, "\(strategy)")
            }
        }
    }
}
