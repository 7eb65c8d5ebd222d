/// One count of one replication: what happened on the device and in the app, what the
/// sender and the provider did, and the messages' fates. The pushes' own fates are in
/// `PushLedger`; docs/csv.md describes each count as a `runs.csv` column. Every count is a
/// non-negative integer that starts at 0 in each replication.
public enum Count: Int, CaseIterable, Sendable {
    // The device and the app (recorded by `RunObserver` from observations).

    /// Push copies that reached the device (a duplicated push can count twice).
    case copiesArrived
    /// Payload bytes of those copies (the message template's `size`).
    case bytesArrived
    /// Times the strategy got a push (`AppEvent.push`).
    case handlerRuns
    /// Notifications the OS drew in the tray.
    case notificationsDisplayed
    /// Displayed notifications that replaced an older one with the same tag.
    case notificationsReplaced
    /// Notifications the user tapped.
    case taps
    /// `deletedMessages` signals the app received.
    case deletedSignals
    /// Pulls started (full syncs included).
    case pulls
    /// Pulls that failed.
    case pullFailures
    /// Pulls answered with a snapshot (a reset, or a full sync).
    case resets
    /// Payload operations the client applied as-is.
    case payloadsApplied
    /// App sessions started (timeline, random opens and taps).
    case appOpens
    /// Events the kernel ran.
    case events
    /// Payload bytes of the pushes sent (the message template's `size`, once per push).
    case bytesPushed
    /// Bytes of the pull answers applied (`ClientSpec.responseSize` + `changeSize` per
    /// change or key).
    case bytesPulled
    /// Push copies and `deletedMessages` signals that reached the device while its screen
    /// was off.
    case deviceWakeups
    /// Pulls that reached the server (started with network).
    case serverRequests
    /// Notifications the app posted itself (`AppContext.postNotification`).
    case localNotifications

    // The sender and the provider (sender policies count their own through `SenderContext`).

    /// Pushes the provider accepted while the recipient was inside their quiet hours.
    case quietHoursAccepted
    /// Send requests to a token that was not the device's current one (rotated or
    /// reinstalled and not yet registered, or the app uninstalled).
    case staleTokenSends
    /// Accepted requests for a (message, device) the provider had already accepted
    /// (resends after a worker crash).
    case duplicatesSent
    /// Copies of a message that reached a device's installed app after an earlier copy of
    /// the same message did (resends or transport duplicates), and were shown or handed to
    /// app code.
    case duplicatesDisplayed
    /// Such copies a client that de-duplicates by notification id dropped.
    case duplicatesSuppressed
    /// Tokens the sender deleted after a final token error.
    case tokensDeleted
    /// Times a row was deferred to the end of the recipient's quiet hours.
    case deferrals
    /// Deferred rows the provider later accepted (`DeferralLateness` sums their lateness).
    case wokenAccepted
    /// The most send attempts any one row used (a maximum, not a sum).
    case attemptsMax
    /// Rows (or held hints) still in a non-terminal state at the horizon.
    case rowsStuck
    /// Workers that died between the provider's acceptance and recording it.
    case workerCrashes
    /// Provider answers no worker recorded: the lease had run out (or been taken over) by
    /// the time the answer came back, or the worker had died.
    case answersNotRecorded

    // The messages' fates (from `MessageLedger` at the horizon).

    /// Messages the app asked to send (changes whose template sends a push).
    case messages
    /// Messages accepted by the provider for at least one device.
    case messagesAccepted
    /// Messages never accepted, and neither expired, superseded nor still held: lost.
    case messagesLost
    /// Messages that expired before they could be sent (by design).
    case messagesExpired
    /// Messages replaced by a newer message (by design).
    case messagesSuperseded
    /// Messages never accepted and still held by the sender at the horizon.
    case messagesPending

    /// The counts a sender policy adds to itself (`SenderContext.count(_:by:)`);
    /// `.attemptsMax` is raised with `SenderContext.raise`, `.wokenAccepted` counted with
    /// `SenderContext.wokenAccepted` (which also sums the lateness).
    public static let senderCounted: Set<Count> = [.tokensDeleted, .deferrals, .rowsStuck, .workerCrashes, .answersNotRecorded]
}

/// The counts of one replication, indexed by `Count`: a fixed-size value (no heap storage),
/// all 0 at the start.
public struct Counts: Sendable, Equatable, BitwiseCopyable {
    /// Room for every `Count` case (a test checks `Count.allCases.count <= capacity`).
    public static let capacity = 36
    private var storage = InlineArray<36, Int>(repeating: 0)

    public init() {}

    /// The count of `c` (≥ 0).
    public subscript(_ c: Count) -> Int {
        get { storage[c.rawValue] }
        set { storage[c.rawValue] = newValue }
    }

    public static func == (a: Counts, b: Counts) -> Bool {
        Count.allCases.allSatisfy { a[$0] == b[$0] }
    }
}

/// How late deferred rows were accepted: the sum and maximum over the rows counted in
/// `Count.wokenAccepted` of (first acceptance − wake time), in exact microseconds.
public struct DeferralLateness: Sendable, Equatable, BitwiseCopyable {
    /// The sum of the lateness (0 when no deferred row was accepted).
    public var total = SimDuration.zero
    /// The largest lateness (`nil` when no deferred row was accepted).
    public var max: SimDuration?

    public init() {}

    /// Adds one accepted deferred row, `lateness` (≥ 0) after its wake time.
    public mutating func add(_ lateness: SimDuration) {
        total = total + lateness
        max = Swift.max(max ?? lateness, lateness)
    }
}
