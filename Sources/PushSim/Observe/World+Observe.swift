/// The world's side of observation: facts go to the observer, and at the end the run's
/// outcome is read from the observer's figures and the ledgers.
extension World {
    /// Reports `o` to the observer at the current time.
    @inline(__always)
    mutating func observe(_ o: Observation) {
        if observer.tracing && o.showsLedgerFirst { flushLedgerNotes() }
        observer.record(o, at: queue.now)
        if let n = FleetTimeline.noted(o), let hub = scratch.hub { hub.timeline.note(n, at: queue.now) }
    }

    /// Hands the ledger's new outcomes and delay reasons to the observer (traces only).
    mutating func flushLedgerNotes() {
        guard observer.tracing else { return }
        for note in ledger.takeJournal() { observer.ledger(note, at: queue.now) }
    }

    /// The run's outcome at `horizon`, from the observer's figures and the ledgers.
    mutating func outcome(horizon: SimTime) -> RunOutcome {
        let tracker = observer.convergence
        let converged = tracker.mismatches == 0
        let time = converged ? max(.zero, (tracker.matchingSince ?? horizon) - observer.lastChangeTime) : nil
        let seen = observer.experience.outcome(horizon: horizon, foreground: app.state == .foreground, stale: !converged)
        var outcome = RunOutcome(converged: converged, convergenceTime: time, finalCursor: replica.cursor, ledger: ledger,
                                 counts: observer.counts, experience: seen, fingerprint: observer.fingerprint)
        messages.countFates(into: &outcome.counts)
        outcome.lateness = observer.lateness
        outcome.latencies = observer.latencies.latencies()
        return outcome
    }
}
