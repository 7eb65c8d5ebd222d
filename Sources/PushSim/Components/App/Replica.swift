/// The client's copy of the server state and how it syncs: the replica (one value per
/// key), the cursor (the sequence number of the newest change applied through a pull),
/// and the pull machine: at most one pull in flight, one more asked for behind it, a full
/// sync wanted, and the background deadline of the pull in flight.
struct Replica: Sendable {
    /// The client's value per key (0 = never written).
    var state: [Int64]
    /// Sequence number of the newest change applied through a pull (0 = none).
    var cursor: Int64 = 0
    /// Keys whose notification the app posts when the next pull's answer is applied, each
    /// with the push whose handler asked (0: none).
    var notifyAfterPull: [(key: Int32, push: Int64)] = []
    var pullInFlight = false
    /// A pull was asked for while one was in flight: one more follows it.
    var pullAgain = false
    var fullSyncWanted = false
    var currentPullIsFull = false
    /// A pull answer after this instant fails (the app's background time ran out).
    var pullDeadline = SimTime.distantFuture

    init(keys: Int) { state = Array(repeating: 0, count: keys) }

    /// The state `init(keys:)` gives, keeping the storage (for a reused world).
    mutating func reset() {
        let keys = state.count
        var state = recycled(&self.state)
        let notify = recycled(&notifyAfterPull)
        state.append(contentsOf: repeatElement(0, count: keys))
        self = Replica(keys: 0)   // every other field as `init` sets it
        self.state = state
        notifyAfterPull = notify
    }

    /// Forgets pulls asked for (the process ended or the app was removed).
    mutating func forgetPendingPulls() { pullAgain = false; fullSyncWanted = false }

    /// The process ended: nothing in flight survives it.
    mutating func processEnded() {
        pullInFlight = false
        forgetPendingPulls()
        notifyAfterPull.removeAll(keepingCapacity: true)
    }
}
