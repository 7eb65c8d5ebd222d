/// Counts of what the sender and the provider did in one replication, beyond the pushes'
/// own fates (`PushLedger`) and the messages' (`MessageLedger`). docs/csv.md describes
/// each as a column.
public struct SenderCounters: Sendable, Equatable {
    /// Pushes the provider accepted while the recipient was inside their quiet hours.
    public var quietHoursAccepted = 0
    /// Send requests to a token that was not the device's current one (rotated or
    /// reinstalled and not yet registered, or the app uninstalled).
    public var staleTokenSends = 0
    /// Accepted requests for a (message, device) the provider had already accepted
    /// (resends after a worker crash).
    public var duplicatesSent = 0
    /// Copies of a message that reached a device's installed app after an earlier copy
    /// of the same message did (resends or transport duplicates), and were shown or
    /// handed to app code.
    public var duplicatesDisplayed = 0
    /// Such copies a client that de-duplicates by notification id dropped.
    public var duplicatesSuppressed = 0
    /// Tokens the sender deleted after a final token error.
    public var tokensDeleted = 0
    /// Times a row was deferred to the end of the recipient's quiet hours.
    public var deferrals = 0
    /// Deferred rows the provider later accepted (the lateness below counts these).
    public var wokenAccepted = 0
    /// Sum over those rows of (first acceptance − wake time).
    public var latenessTotal = SimDuration.zero
    /// The largest such lateness (`nil` when no deferred row was accepted).
    public var latenessMax: SimDuration?
    /// The most send attempts any one row used.
    public var attemptsMax = 0
    /// Rows (or held hints) still in a non-terminal state at the horizon.
    public var rowsStuck = 0
    /// Workers that died between the provider's acceptance and recording it.
    public var workerCrashes = 0
    /// Provider answers no worker recorded: the lease had run out (or been taken over) by
    /// the time the answer came back, or the worker had died.
    public var answersNotRecorded = 0

    public init() {}

    /// Records a deferred row's first acceptance, `lateness` after its wake time.
    public mutating func woken(lateness: SimDuration) {
        wokenAccepted += 1
        latenessTotal = latenessTotal + lateness
        latenessMax = max(latenessMax ?? lateness, lateness)
    }
}
