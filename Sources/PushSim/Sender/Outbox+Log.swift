/// Views of the outbox's step log (`Outbox.log`), for tests and traces; empty when the log
/// is off.
extension Outbox {
    /// The send entries of the log: (row, claim, worker, time, attempt, answer).
    var sends: [(row: Int, claim: Int32, worker: Int, at: SimTime, attempt: Int, answer: ProviderAnswer)] {
        (log ?? []).compactMap { if case let .sent(r, c, w, t, a, answer) = $0 { (r, c, w, t, a, answer) } else { nil } }
    }

    /// The claim entries of the log: (row, claim, worker, time, lease end).
    var claims: [(row: Int, claim: Int32, worker: Int, at: SimTime, leaseUntil: SimTime)] {
        (log ?? []).compactMap { if case let .claimed(r, c, w, t, l) = $0 { (r, c, w, t, l) } else { nil } }
    }

    /// The retries the log scheduled: (row, time of the answer, due, base wait).
    var retries: [(row: Int, at: SimTime, due: SimTime, base: SimDuration)] {
        (log ?? []).compactMap { if case let .retryScheduled(r, t, d, b) = $0 { (r, t, d, b) } else { nil } }
    }

    /// The deferrals of the log: (row, time, until).
    var deferrals: [(row: Int, at: SimTime, until: SimTime)] {
        (log ?? []).compactMap { if case let .deferred(r, t, u) = $0 { (r, t, u) } else { nil } }
    }
}
