import Testing
@testable import PushSim

/// Quiet hours, daylight saving time, same-day windows and supersede keys
/// (Scenarios/outbox/). Expected instants are worked out by hand from the tz rules (see
/// `QuietHoursTests` for the rules).
@Suite struct OutboxQuietHoursTests {
    /// 22:00–07:00 in Sarajevo; the run starts at 21:00 CET (20:00Z); one change at 22:30.
    @Test func messageAt2230IsSentAt0700NotBefore() throws {
        let s = try outboxScenario("quiet-hours")
        let wake = simTime(s, utc: "2026-02-15T06:00:00Z")  // 07:00 CET
        #expect(wake == at(h: 10))
        let (o, log, outbox) = traceOutbox(s, "outbox")
        #expect(outbox.deferrals.map(\.at) == [at(m: 90)] && outbox.deferrals.map(\.until) == [wake])
        // Sent within one sweep period of the wake time, not before (sweeps fall on whole minutes).
        let sends = outbox.sends.map(\.at)
        #expect(sends.count == 1 && sends[0] >= wake && sends[0] <= wake + .minutes(1))
        #expect(log.pushes.map(\.at) == [wake] && log.pushes.map(\.sentAt) == [wake])
        #expect(o.counts[.quietHoursAccepted] == 0 && o.counts[.deferrals] == 1)
        #expect(o.counts[.wokenAccepted] == 1 && o.lateness.max == .zero)
        #expect(o.converged && o.convergenceTime == .minutes(510), "converged 8 h 30 min after the change")
        #expect(o.counts[.messagesAccepted] == 1 && o.counts[.messagesLost] == 0)

        let naive = s.outcome("quietHoursNaive", "hintPull", replication: 0)
        #expect(naive.pushesSent == 0 && naive.counts[.messagesLost] == 1 && naive.counts[.messages] == 1 && !naive.converged)

        let now = s.outcome("perChange", "hintPull", replication: 0)
        #expect(now.pushesSent == 1 && now.counts[.quietHoursAccepted] == 1 && now.convergenceTime == .zero)
    }

    /// (scenario, variant, change, wake, length of the night in UTC): 22:30 → 07:00 local.
    /// Spring: New York 07:00 EDT = 11:00Z, Sarajevo 07:00 CEST = 05:00Z (7 h 30 min);
    /// fall: Sarajevo 07:00 CET = 06:00Z, New York 07:00 EST = 12:00Z (9 h 30 min).
    @Test("spring-forward and fall-back nights wake at 07:00 local", arguments: [
        ("dst-spring", "newYork", "2026-03-08T03:30:00Z", "2026-03-08T11:00:00Z", Int64(450)),
        ("dst-spring", "sarajevo", "2026-03-28T21:30:00Z", "2026-03-29T05:00:00Z", 450),
        ("dst-fall", "sarajevo", "2026-10-24T20:30:00Z", "2026-10-25T06:00:00Z", 570),
        ("dst-fall", "newYork", "2026-11-01T02:30:00Z", "2026-11-01T12:00:00Z", 570),
    ])
    func daylightSavingNights(file: String, variant: String, change: String, wake: String, night: Int64) throws {
        let s = try outboxScenario(file)
        let (o, log, outbox) = traceOutbox(s, variant)
        #expect(outbox.deferrals.map(\.at) == [simTime(s, utc: change)])
        #expect(outbox.deferrals.map(\.until) == [simTime(s, utc: wake)])
        #expect(log.pushes.map(\.at) == [simTime(s, utc: wake)], "sent at the wake instant, a whole minute")
        #expect(o.convergenceTime == .minutes(night))
        #expect(o.counts[.quietHoursAccepted] == 0)
    }

    @Test func perChangeSendsInsideTheQuietHours() throws {
        let now = try outboxScenario("dst-spring").outcome("sarajevoPerChange", "hintPull", replication: 0)
        #expect(now.counts[.quietHoursAccepted] == 1 && now.convergenceTime == .zero)
    }

    /// 09:00–17:00 local; changes at 08:30, 09:00, 10:00 and 17:00 local (t = 30m, 1h, 2h, 9h).
    @Test func sameDayWindow() throws {
        let s = try outboxScenario("same-day")
        let (o, log, outbox) = traceOutbox(s, "workHours")
        let five = simTime(s, utc: "2026-06-15T15:00:00Z")  // 17:00 CEST
        #expect(five == at(h: 9))
        // Messages 2–4 go out together at 17:00 and arrive in no promised order (F5).
        let arrivals = log.pushes.sorted { ($0.at, $0.notification) < ($1.at, $1.notification) }
        #expect(arrivals.map(\.notification) == [1, 2, 3, 4])
        #expect(arrivals.map(\.at) == [at(m: 30), five, five, five])
        #expect(outbox.deferrals.map(\.at) == [at(h: 1), at(h: 2)])
        #expect(outbox.deferrals.allSatisfy { $0.until == five })
        #expect(o.counts[.quietHoursAccepted] == 0 && o.counts[.deferrals] == 2 && o.converged)
        let empty = traceOutbox(s, "emptyWindow")
        #expect(empty.log.pushes.map(\.at) == [at(m: 30), at(h: 1), at(h: 2), five])
        #expect(empty.outcome.counts[.deferrals] == 0)
    }

    /// "Out for delivery" at 22:30 and "delivered" at 23:00 for the same order, both deferred.
    @Test func supersedeReplacesDeferredOutForDelivery() throws {
        let s = try outboxScenario("supersede")
        let wake = simTime(s, utc: "2026-02-15T06:00:00Z")
        let (o, log, outbox) = traceOutbox(s, "supersede", strategy: ApplyPayload())
        #expect(outbox.rows.map(\.state) == [.superseded, .accepted])
        #expect(outbox.deferrals.map(\.row) == [0, 1])
        #expect(log.pushes.count == 1 && log.pushes[0].at == wake && log.pushes[0].cursor == 2 && log.pushes[0].notification == 2)
        #expect(o.counts[.messagesSuperseded] == 1 && o.counts[.messagesAccepted] == 1 && o.counts[.messagesLost] == 0)
        #expect(o.converged, "applyPayload wrote the newest value")
        let both = traceOutbox(s, "noKey", strategy: ApplyPayload())
        // Both rows go at the wake instant; copies due at one instant arrive in a drawn
        // order (A5, F5: no promised order), so only the set of cursors is the rule's.
        #expect(both.log.pushes.map(\.cursor).sorted() == [1, 2] && both.log.pushes.allSatisfy { $0.at == wake })
        #expect(both.outcome.counts[.messagesSuperseded] == 0)
    }
}
