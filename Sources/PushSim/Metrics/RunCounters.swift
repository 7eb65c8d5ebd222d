/// Counts kept while one replication runs; every push sent ends in exactly one of
/// `pushesLost`, `droppedDeviceOffline`, `replacedInStorage`, `droppedTooManyPending`,
/// `pending` (still stored or in flight at the horizon) or delivered (at least one copy).
public struct RunCounters: Sendable, Equatable {
    /// Pushes the server's sender handed to the channel.
    public var pushesSent = 0
    /// Pushes lost in transport (the `loss` probability).
    public var pushesLost = 0
    /// Extra copies made by transport duplication.
    public var pushesDuplicated = 0
    /// Copies handed to the app (a duplicated push can count twice).
    public var pushesDelivered = 0
    /// Pushes dropped because the device was offline and the channel stores nothing.
    public var droppedDeviceOffline = 0
    /// Pushes replaced in one-slot storage by a newer one (`keepLatest`; APNs A1).
    public var replacedInStorage = 0
    /// Pushes discarded by storage overflow (`overflow`; FCM F2 `droppedTooManyPendingMessages`).
    public var droppedTooManyPending = 0
    /// `deletedMessages` signals delivered to the app.
    public var deletedSignals = 0
    /// Pulls (`changes(since:)` requests) the client made.
    public var pulls = 0
    /// Pulls answered with a reset (snapshot) because the log no longer reached the cursor.
    public var resets = 0
    /// Payload operations the client applied as-is.
    public var payloadsApplied = 0
    /// Events the kernel ran.
    public var events = 0

    public init() {}
}
