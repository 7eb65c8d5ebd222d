import SimKernel

/// What a fleet run does minute by minute (`timeline.csv`): counts of what happened in
/// each minute [m, m + 1) of simulated time, the pull queue's longest length in it, the
/// 95th percentile of the latency of the pulls answered in it, and the shared sender's
/// backlog sampled at its start.
struct FleetTimeline: Sendable {
    /// One minute's figures.
    struct Minute: Sendable {
        var sent = 0, accepted = 0, rejectedQuota = 0, rejectedOther = 0, delivered = 0
        var pullsStarted = 0, pullsRefused = 0, pullsAnswered = 0, queueMax = 0
        var topicRequests = 0
        var backlog = 0, rowsLate = 0
        /// Latencies (s) of the pulls answered in the minute, and their waits in the queue.
        var latencies: [Float] = []
        var waitSum = 0.0, waits = 0
    }

    private(set) var minutes: [Minute]

    init(horizon: SimTime) {
        minutes = Array(repeating: Minute(), count: Int(horizon.microseconds / 60_000_000) + 1)
    }

    @inline(__always) private func index(_ t: SimTime) -> Int { min(Int(t.microseconds / 60_000_000), minutes.count - 1) }

    /// The minute's figures a recipient's observation counts in (`note`), if any.
    enum Noted { case sent, accepted, delivered, pullStarted }

    /// Which figure `o` counts in (nil: none): checked before the hub is reached, so that
    /// the observations a timeline does not count cost no access to it.
    @inline(__always) static func noted(_ o: Observation) -> Noted? {
        switch o {
        case .sent: .sent
        case .accepted: .accepted
        case .copyArrived: .delivered
        case .pullStarted: .pullStarted
        default: nil
        }
    }

    /// Counts one observation of a recipient's world (`noted(_:)`) at `t`.
    @inline(__always) mutating func note(_ n: Noted, at t: SimTime) {
        switch n {
        case .sent: minutes[index(t)].sent += 1
        case .accepted: minutes[index(t)].accepted += 1
        case .delivered: minutes[index(t)].delivered += 1
        case .pullStarted: minutes[index(t)].pullsStarted += 1
        }
    }

    mutating func rejected(_ error: SendError, at t: SimTime) {
        if error == .quotaExceeded || error == .apnsTooManyRequests { minutes[index(t)].rejectedQuota += 1 } else { minutes[index(t)].rejectedOther += 1 }
    }

    /// The queue's length now and the minute it was last set: a minute in which it does not
    /// change still had it (`carryQueue`).
    private var queueNow = 0, queueMinute = 0

    mutating func queueLength(_ n: Int, at t: SimTime) {
        let i = index(t)
        carryQueue(to: i)
        minutes[i].queueMax = max(minutes[i].queueMax, n)
        queueNow = n
    }

    /// Minutes after the last change of the queue's length up to `i` had that length.
    private mutating func carryQueue(to i: Int) {
        guard i > queueMinute else { return }
        if queueNow > 0 { for m in queueMinute + 1 ... i { minutes[m].queueMax = max(minutes[m].queueMax, queueNow) } }
        queueMinute = i
    }

    /// Ends the timeline: the queue's last length holds to the horizon's minute.
    mutating func finish() { carryQueue(to: minutes.count - 1) }
    mutating func pullRefused(at t: SimTime) { minutes[index(t)].pullsRefused += 1 }
    mutating func pullWaited(_ w: SimDuration, at t: SimTime) {
        let i = index(t)
        minutes[i].waitSum += Double(w.microseconds) / 1e6
        minutes[i].waits += 1
    }
    mutating func pullAnswered(latency: SimDuration, at t: SimTime) {
        let i = index(t)
        minutes[i].pullsAnswered += 1
        minutes[i].latencies.append(Float(Double(latency.microseconds) / 1e6))
    }
    mutating func topicRequest(at t: SimTime) { minutes[index(t)].topicRequests += 1 }
    mutating func backlog(rows: Int, late: Int, at t: SimTime) {
        let i = index(t)
        minutes[i].backlog = rows
        minutes[i].rowsLate = late
    }
}
