/// The sender side of one replication's result: message fates and sender counts.
public struct SenderOutcome: Sendable, Equatable {
    /// Messages the app asked to send (changes whose template sends a push).
    public var messages = 0
    /// Accepted by the provider for at least one device.
    public var accepted = 0
    /// Never accepted, and neither expired, superseded nor still held: lost.
    public var lost = 0
    /// Expired before they could be sent (by design).
    public var expired = 0
    /// Replaced by a newer message (by design).
    public var superseded = 0
    /// Never accepted and still held by the sender at the horizon.
    public var pending = 0
    public var counters = SenderCounters()

    public init() {}

    public init(messages ledger: MessageLedger, counters: SenderCounters) {
        let c = ledger.counts()
        messages = ledger.count
        accepted = c.accepted; lost = c.lost; expired = c.expired; superseded = c.superseded; pending = c.pending
        self.counters = counters
    }
}
