/// One message on one device in one run: a row of `messages.csv` (docs/csv.md). A message
/// is what the sender policy sends for a change (its notification id); each provider
/// request for it to the device is a push, with an outcome of its own.
public struct MessageRow: Sendable, Equatable {
    /// The message's notification id (1, 2, … in the order the sender opened them).
    public var message: Int64
    /// 0: the main device; 1, 2, …: the recipient's other devices.
    public var device: Int
    /// The key and sequence of the change its first request carried.
    public var key: Int32
    public var sequence: Int64
    /// When the first request for it to the device was made.
    public var firstSent: SimTime
    /// The pushes (provider requests) for it to the device, in order.
    public var pushes: [Int64] = []
    /// Copies that reached the device while it was online.
    public var arrivals = 0
    public var firstArrival: SimTime?
    /// Times the OS drew its notification.
    public var displays = 0
    public var firstDisplay: SimTime?
    /// Times the app's push handler ran for it.
    public var handlerRuns = 0
    public var firstHandler: SimTime?
    /// The last push's outcome.
    public var outcome = PushOutcome.pending
    /// Its pushes per outcome (indexed by `PushOutcome.rawValue`).
    public var outcomes = FixedCounts(count: PushOutcome.allCases.count)
    /// Its delivered pushes per delay reason (indexed by `DelayReason.rawValue`).
    public var delays = FixedCounts(count: DelayReason.allCases.count)

    init(message: Int64, device: Int, key: Int32, sequence: Int64, firstSent: SimTime) {
        self.message = message; self.device = device; self.key = key; self.sequence = sequence; self.firstSent = firstSent
    }
}
