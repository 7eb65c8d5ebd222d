import Testing
@testable import PushSim

/// Workers and leases, worker crashes, retries, tokens per device, registration and the
/// policies side by side (Scenarios/outbox/).
@Suite struct OutboxDeliveryTests {
    /// Two staggered workers. With answers inside the lease every message is sent once; with
    /// answers slower than the lease, rows are claimed again, but never by two workers at
    /// once, and every send is made under the sender's own live claim.
    @Test func twoWorkersNeverBothSendOneClaim() throws {
        let s = try outboxScenario("workers")
        for r in 0..<s.replications {
            let normal = traceOutbox(s, "normal", replication: r)
            #expect(normal.outcome.pushesSent == 30 && normal.outcome.counts[.duplicatesSent] == 0)
            #expect(normal.outbox.claims.count == 30 && normal.outbox.rows.allSatisfy { $0.state == .accepted })

            let slow = traceOutbox(s, "slowAnswers", replication: r)
            let box = slow.outbox
            #expect(Set(box.claims.map(\.worker)) == [0, 1], "both workers claim rows")
            for row in box.rows.indices {
                let claims = box.claims.filter { $0.row == row }
                let sends = box.sends.filter { $0.row == row }
                // Claims follow one another: the next starts no earlier than the last lease ends.
                for (a, b) in zip(claims, claims.dropFirst()) { #expect(b.at >= a.leaseUntil && b.claim == a.claim + 1) }
                // Each send belongs to one claim, made by the worker holding it, while it holds it.
                #expect(Set(sends.map(\.claim)).count == sends.count)
                for send in sends {
                    let claim = claims.first { $0.claim == send.claim }!
                    #expect(claim.worker == send.worker && send.at >= claim.at && send.at < claim.leaseUntil)
                }
                #expect(sends.count == 5 && box.rows[row].state == .failed, "maxAttempts sends, none recorded")
            }
            #expect(slow.outcome.counts[.answersNotRecorded] == 150)
            #expect(slow.outcome.counts[.duplicatesSent] == 120 && slow.outcome.counts[.messagesAccepted] == 30)
            // The resends carry the message's notification id.
            for n in Int64(1)...30 { #expect(slow.log.pushes.filter { $0.notification == n }.count == 5) }
        }
    }

    /// Each crash between acceptance and recording gives exactly one resend with the same
    /// notification id; a de-duplicating app shows none of them.
    @Test func crashBetweenAcceptAndRecordGivesOneDuplicatePerCrash() throws {
        let s = try outboxScenario("crash")
        let family = Family(checks: 1)
        defer { #expect(family.done) }
        var exactlyOne = 0
        for r in 0..<s.replications {
            let plain = s.outcome("noDedupe", "hintPull", replication: r), dedupe = s.outcome("dedupe", "hintPull", replication: r)
            let crashes = plain.counts[.workerCrashes]
            #expect(dedupe.counts[.workerCrashes] == crashes, "the same sender stream")
            let sends = min(crashes + 1, 5)
            for o in [plain, dedupe] {
                #expect(o.pushesSent == sends && o.counts[.duplicatesSent] == sends - 1 && o.counts[.messagesAccepted] == 1)
            }
            #expect(plain.counts[.duplicatesDisplayed] == sends - 1 && plain.counts[.handlerRuns] == sends)
            #expect(dedupe.counts[.duplicatesDisplayed] == 0 && dedupe.counts[.duplicatesSuppressed] == sends - 1)
            #expect(dedupe.counts[.handlerRuns] == 1)
            if crashes == 1 {
                exactlyOne += 1
                if exactlyOne == 1 {
                    // Sent at the first sweep (1 min), crashed, lease to 3 min, sent again then.
                    let (_, log, _) = traceOutbox(s, "noDedupe", replication: r)
                    #expect(log.pushes.map(\.at) == [at(1), at(3)] && log.pushes.map(\.notification) == [1, 1])
                    #expect(log.pushes.map(\.id) == [1, 2])
                }
            }
        }
        // P(exactly one crash) = P(crash) · P(no crash) = 1/4.
        let range = family.binomialAcceptance(n: s.replications, p: 0.25)
        #expect(range.contains(exactlyOne), "\(exactlyOne) runs with one crash, acceptance range \(range)")
    }

    /// UNAVAILABLE on every send: retried after 1, 2, 4, 8 min with upward jitter below
    /// 10 %, then failed; a longer Retry-After wins.
    @Test func retryTimingFollowsTheBackoffWithinTheJitterBounds() throws {
        let s = try outboxScenario("retry")
        let family = Family(checks: 2)
        defer { #expect(family.done) }
        var jitter: [Int] = Array(repeating: 0, count: 10)
        for r in 0..<s.replications {
            let (o, _, box) = traceOutbox(s, "alwaysUnavailable", replication: r)
            #expect(box.retries.map(\.base) == [.minutes(1), .minutes(2), .minutes(4), .minutes(8)])
            let sends = box.sends.map(\.at)
            #expect(sends.count == 5 && sends[0] == at(0, 10))
            for (k, retry) in box.retries.enumerated() {
                let wait = retry.due - retry.at
                #expect(wait >= retry.base && wait.microseconds < retry.base.microseconds * 11 / 10)
                #expect(sends[k + 1] >= retry.due && sends[k + 1] <= retry.due + .seconds(1), "the next sweep takes it")
                jitter[min(9, Int(10 * Double((wait - retry.base).microseconds) / (0.1 * Double(retry.base.microseconds))))] += 1
            }
            #expect(box.rows[0].state == .failed && o.counts[.messagesLost] == 1 && o.counts[.attemptsMax] == 5)

            let after = traceOutbox(s, "retryAfter", replication: r).outbox
            #expect(after.retries.map { $0.due - $0.at } == Array(repeating: .minutes(10), count: 4))
        }
        #expect(family.uniform(jitter), "jitter spread \(jitter)")

        let flaky = summarize(s).first { $0.variant == "flaky" }!
        let range = family.binomialAcceptance(n: s.replications, p: 1.0 / 32)
        let lost = flaky.total("messages_lost")
        #expect(range.contains(lost), "lost after five UNAVAILABLE: \(lost), range \(range)")
        let final = s.outcome("final", "hintPull", replication: 0)
        #expect(final.pushesSent == 1 && final.counts[.messagesLost] == 1 && final.counts[.tokensDeleted] == 0)
    }

    /// The main device's app is uninstalled at 12 min; the other device stays. The 15-min
    /// message still reaches the main device, which reports the missing app (A12).
    @Test func unregisteredRemovesTheTokenAndLaterSendsGoToTheOtherDevice() throws {
        let s = try outboxScenario("unregistered")
        let (o, _, box) = traceOutbox(s, "outbox")
        #expect(box.rows.filter { $0.device == 0 }.map(\.state) == [.accepted, .accepted, .accepted, .failed])
        #expect(box.rows.filter { $0.device == 1 }.count == 12 && box.rows.filter { $0.device == 1 }.allSatisfy { $0.state == .accepted })
        #expect(o.pushesSent == 16 && rejections(o, .unregistered) == 1)
        #expect(o.counts[.staleTokenSends] == 2 && o.counts[.tokensDeleted] == 1 && o.counts[.messagesAccepted] == 12)
        #expect(o[.delivered] == 14 && o[.droppedAppForceStopped] == 1)
        let perChange = s.outcome("perChange", "hintPull", replication: 0)
        #expect(perChange.pushesSent == 24 && rejections(perChange, .unregistered) == 9 && perChange[.droppedAppForceStopped] == 1)
        #expect(perChange.counts[.staleTokenSends] == 10 && perChange.counts[.tokensDeleted] == 0)
    }

    /// Token rotation at 12 min, a launch at 27 min, messages every 5 min from 5 to 40 min.
    @Test func registrationOnEveryLaunchVersusOnTokenRefresh() throws {
        let s = try outboxScenario("registration")
        let everyLaunch = s.outcome("outboxEveryLaunch", "hintPull", replication: 0)
        #expect(everyLaunch.counts[.messagesAccepted] == 5 && everyLaunch.counts[.messagesLost] == 3 && rejections(everyLaunch, .apnsBadDeviceToken) == 1)
        #expect(everyLaunch.counts[.staleTokenSends] == 1 && everyLaunch.counts[.tokensDeleted] == 1)
        let refresh = s.outcome("outboxTokenRefresh", "hintPull", replication: 0)
        #expect(refresh.counts[.messagesAccepted] == 8 && refresh.counts[.staleTokenSends] == 0 && refresh[.delivered] == 8)
        let perChange = s.outcome("perChangeEveryLaunch", "hintPull", replication: 0)
        #expect(perChange.counts[.messagesAccepted] == 5 && rejections(perChange, .apnsBadDeviceToken) == 3)
        #expect(perChange.counts[.staleTokenSends] == 3 && perChange.counts[.tokensDeleted] == 0)
    }

    /// 12 changes over 3 entities to an offline FCM device (notification messages).
    @Test func policiesSideBySide() throws {
        let s = try outboxScenario("policies")
        func seen(_ variant: String) -> (RunOutcome, [Arrival]) {
            let (o, log) = record(s, variant, replication: 0, strategy: HintPull())
            return (o, log.pushes)
        }
        let (perChange, a1) = seen("perChange")
        #expect(perChange.pushesSent == 12 && perChange[.collapsed] == 11 && a1.map(\.cursor) == [12] && a1[0].at == at(2))
        let (collapse, a2) = seen("collapsePerEntity")
        // The newest change of each entity (keys are drawn on the server stream).
        let keys = s.changes("collapsePerEntity", replication: 0).map(\.key)
        let newest = Set(keys).map { k in Int64(keys.lastIndex(of: k)! + 1) }.sorted()
        #expect(collapse.pushesSent == 12 && collapse[.collapsed] == 12 - newest.count && a2.map(\.cursor).sorted() == newest)
        #expect(newest.count == 3 && a2.allSatisfy { $0.at == at(2) })
        let (coalesce, a3) = seen("coalesce")
        #expect(coalesce.pushesSent == 3 && coalesce.counts[.messagesSuperseded] == 9 && coalesce.counts[.messagesAccepted] == 3 && a3.map(\.cursor) == [12])
        let (outbox, a4) = seen("outbox")
        #expect(outbox.pushesSent == 12 && a4.map(\.cursor) == [12] && outbox.counts[.messagesAccepted] == 12)
    }

    /// On every cell of every sender scenario: messages and pushes each end in exactly one
    /// class; an outbox never has a push accepted inside the quiet hours.
    @Test("accounting identities over Scenarios/outbox", arguments: [
        "quiet-hours", "dst-spring", "dst-fall", "same-day", "workers", "crash", "retry", "unregistered", "supersede",
        "registration", "policies",
    ])
    func accounting(name: String) throws {
        let s = try outboxScenario(name)
        for c in summarize(s) {
            let classes = ["messages_accepted", "messages_lost", "messages_expired", "messages_superseded", "messages_pending"]
            #expect(classes.map { c.total($0) }.reduce(0, +) == c.total("messages"), "\(name) \(c.variant)")
            #expect(PushOutcome.allCases.map { c.total($0.column) }.reduce(0, +) == c.total("pushes_sent"), "\(name) \(c.variant)")
            let sender = s.variants.first { $0.name == c.variant }!.sender ?? s.sender
            if sender is Outbox { #expect(c.total("quiet_hours_accepted") == 0, "\(name) \(c.variant)") }
        }
    }
}
