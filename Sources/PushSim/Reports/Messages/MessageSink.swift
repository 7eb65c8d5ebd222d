/// A trace sink that keeps what `messages.csv` reports of each message on each device
/// (`MessageRow`), from the hooks every traced run calls: the provider requests, each
/// copy's arrival at an online device, the OS's displays, the app's handler, and the push
/// ledger's outcomes and delay reasons. It keeps nothing else of the run.
///
/// Memory: O(pushes + rows); O(1) amortized per hook.
struct MessageSink: TraceSink {
    static var isEnabled: Bool { true }

    /// Per push (index id − 1): its row, its last outcome (−1 while none) and its delay bits.
    private var pushRow: [Int32] = []
    private var pushOutcome: [Int8] = []
    private var pushDelays: [UInt8] = []
    private var rows: [MessageRow] = []
    private var rowIndex: [RowKey: Int32] = [:]

    private struct RowKey: Hashable { let message: Int64, device: Int }

    mutating func sent(_ push: Push, device: Int, at time: SimTime) {
        precondition(Int(push.id) == pushRow.count + 1, "push ids are consecutive")
        let key = RowKey(message: push.notification, device: device)
        let r: Int32
        if let found = rowIndex[key] {
            r = found
        } else {
            r = Int32(rows.count)
            rowIndex[key] = r
            rows.append(MessageRow(message: push.notification, device: device, key: push.change.key, sequence: push.change.sequence,
                                   firstSent: time))
        }
        rows[Int(r)].pushes.append(push.id)
        pushRow.append(r)
        pushOutcome.append(-1)
        pushDelays.append(0)
    }

    mutating func arrived(push: Int64, device: Int, at time: SimTime) {
        let r = Int(pushRow[Int(push) - 1])
        rows[r].arrivals += 1
        if rows[r].firstArrival == nil { rows[r].firstArrival = time }
    }

    mutating func handled(push: Int64, at time: SimTime) {
        let r = Int(pushRow[Int(push) - 1])
        rows[r].handlerRuns += 1
        if rows[r].firstHandler == nil { rows[r].firstHandler = time }
    }

    mutating func notification(at time: SimTime, key: Int32, value: Int64, push: Int64?, staleness: SimDuration?) {
        guard let push else { return }   // one the app posted itself
        let r = Int(pushRow[Int(push) - 1])
        rows[r].displays += 1
        if rows[r].firstDisplay == nil { rows[r].firstDisplay = time }
    }

    mutating func ledger(_ note: PushLedger.Note, at time: SimTime) {
        switch note {
        case let .outcome(id, outcome): pushOutcome[Int(id) - 1] = Int8(outcome.rawValue)
        case let .delay(id, reason): pushDelays[Int(id) - 1] |= reason.bit
        }
    }

    /// The rows in the order their first request was made, each with its pushes' outcomes
    /// (a push with none at the end is `pending`) and, among its delivered pushes, the delay
    /// reasons counted.
    func finished() -> [MessageRow] {
        rows.map { row in
            var r = row
            for id in row.pushes {
                let raw = pushOutcome[Int(id) - 1]
                let outcome = raw < 0 ? PushOutcome.pending : PushOutcome(rawValue: Int(raw))!
                r.outcomes[outcome.rawValue] += 1
                if outcome == .delivered {
                    for reason in PushLedger.delayReasons where pushDelays[Int(id) - 1] & reason.bit != 0 { r.delays[reason.rawValue] += 1 }
                }
            }
            let last = pushOutcome[Int(row.pushes[row.pushes.count - 1]) - 1]
            r.outcome = last < 0 ? .pending : PushOutcome(rawValue: Int(last))!
            return r
        }
    }

    mutating func event(_ kind: TraceKind, at time: SimTime, entity: Int32, message: Int64, tag: Int32, details: [TraceDetail]) {}
    mutating func pullQueued() {}
    mutating func pullStarted(at time: SimTime, full: Bool, network: Bool, latency: SimDuration?) {}
    mutating func pullResult(at time: SimTime, failure: String?, changes: Int, reset: Bool) {}
    mutating func pullApplied() {}
    mutating func wrote(at time: SimTime, key: Int32, old: Int64, new: Int64, payload: Bool) {}
    mutating func timerSet(tag: Int32) {}
    mutating func state(_ state: TraceState, at time: SimTime) {}
}
