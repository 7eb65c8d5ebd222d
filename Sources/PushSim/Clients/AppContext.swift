/// What a client strategy may do in a handler: request a pull or a full sync, apply a
/// payload, post a notification, set or cancel a timer. The world carries the requests out
/// when the handler returns, at the same simulated time: first its timers take their
/// serials and its cancels take effect (a cancel takes the timers set before it: earlier
/// handlers' and this one's), then payloads (in the order applied), the cursor's advance,
/// notifications posted now, the pull or sync, and last the timers are scheduled. A pull
/// with no latency is answered at once, so its `.pullAnswered` (or `.pullFailed`) runs
/// inside this one's requests: it sees the strategy's state as this handler left it, and a
/// cancel there takes the timers this handler set.
public struct AppContext {
    // The fields are declared by size (the one-byte ones after the optional), so that the
    // context the world keeps takes 96 bytes, not 112.
    /// The current simulated time.
    public private(set) var now: SimTime
    /// The client's cursor: sequence number of the newest change it has applied through a
    /// pull (0 = none). Payload application does not move it.
    public private(set) var cursor: Int64
    /// Number of app sessions started so far (changes at every app open).
    public private(set) var session: Int
    /// The sequence the handler declared applied through (`advanceCursor(to:)`; 0: none).
    public private(set) var cursorAdvance: Int64 = 0
    /// Operations the handler applied as-is, in order.
    public private(set) var appliedPayloads: [Change] = []
    /// Timers the handler set: (delay, tag).
    public private(set) var timers: [(delay: Delay, tag: Int32)] = []
    /// Timers the handler cancelled: (tag, how many of `timers` it had set before), so that
    /// a cancel takes the pending timers of its tag and the ones set earlier in this
    /// handler, not the ones set after it.
    public private(set) var timerCancels: [(tag: Int32, after: Int32)] = []
    /// Keys whose notification the handler posts now.
    public private(set) var notificationsPosted: [Int32] = []
    /// Keys whose notification is posted when the pull's answer is applied.
    public private(set) var notificationsAfterPull: [Int32] = []
    /// For `.push`: the changes the push carries (`Push.batch`, oldest first, consecutive
    /// sequences ending at the push's cursor); empty for a push that carries none, and for
    /// every other event.
    public internal(set) var batch: [Change] = []
    /// For `.pullFailed`: the wait the server asked for when it refused the pull as
    /// overloaded (a fleet's shared server, 503 with Retry-After); nil otherwise.
    public internal(set) var retryAfter: SimDuration?
    /// Whether the device is online.
    public private(set) var online: Bool
    /// The app's state when the handler runs.
    public private(set) var appState: AppState
    /// Whether the handler asked for a pull.
    public private(set) var pullRequested = false
    /// Whether the handler asked for a full sync (a snapshot regardless of the cursor).
    public private(set) var fullSyncRequested = false

    public init(now: SimTime, cursor: Int64, online: Bool, appState: AppState = .foreground, session: Int = 0) {
        self.now = now; self.cursor = cursor; self.online = online; self.appState = appState; self.session = session
    }

    /// Makes this the context of a new handler call, as `init` would, keeping the request
    /// lists' storage: the world keeps one context and reuses it for every handler, so
    /// that a handler that applies payloads or sets timers allocates nothing (building a
    /// context per call was measured to copy it).
    mutating func begin(now: SimTime, cursor: Int64, online: Bool, appState: AppState, session: Int) {
        self.now = now; self.cursor = cursor; self.online = online; self.appState = appState; self.session = session
        pullRequested = false; fullSyncRequested = false; cursorAdvance = 0
        if !appliedPayloads.isEmpty { appliedPayloads.removeAll(keepingCapacity: true) }
        if !timers.isEmpty { timers.removeAll(keepingCapacity: true) }
        if !timerCancels.isEmpty { timerCancels.removeAll(keepingCapacity: true) }
        if !notificationsPosted.isEmpty { notificationsPosted.removeAll(keepingCapacity: true) }
        if !notificationsAfterPull.isEmpty { notificationsAfterPull.removeAll(keepingCapacity: true) }
        if !batch.isEmpty { batch.removeAll(keepingCapacity: true) }
    }

    /// Asks the server for `changes(since: cursor)`; the answer is applied in order (or,
    /// for a reset, replaces the whole state). Requests made while a pull is in flight
    /// make one more pull after it.
    public mutating func pull() { pullRequested = true }

    /// Asks for the whole state (a snapshot), replacing the local state and cursor.
    public mutating func fullSync() { fullSyncRequested = true }

    /// Declares that the app has applied every change up to `sequence` (payloads it
    /// applied in order from `cursor + 1`, e.g. a push's batch, S1): after the payloads the
    /// cursor moves there (never back), so the next pull starts after it. A sequence beyond
    /// the server's head is an error in the strategy (a trap).
    public mutating func advanceCursor(to sequence: Int64) { cursorAdvance = max(cursorAdvance, sequence) }

    /// Writes `change.value` to `change.key` with no sequence check (payload as truth).
    public mutating func apply(_ change: Change) { appliedPayloads.append(change) }

    /// Delivers `AppEvent.timer(tag:)` after `delay` (≥ 0), if the app's process still
    /// runs then and the timer was not cancelled. Several timers may share a tag.
    public mutating func setTimer(after delay: SimDuration, tag: Int32) { timers.append((.fixed(delay), tag)) }

    /// Delivers `AppEvent.timer(tag:)` after `delay`, fixed or drawn (on the `client` stream).
    public mutating func setTimer(after delay: Delay, tag: Int32) { timers.append((delay, tag)) }

    /// Cancels every pending timer with `tag`: those set in earlier handlers and those this
    /// handler set before the call (a timer set after it in the same handler stands). A
    /// debounce is `cancelTimer(tag: t)` then `setTimer(after: d, tag: t)`. Cancelling a
    /// tag with no pending timer does nothing. Timers also end with the app's process.
    public mutating func cancelTimer(tag: Int32) { timerCancels.append((tag, Int32(timers.count))) }

    /// A timer's delay: fixed, or drawn when the timer is set from a duration
    /// distribution on the `client` stream (a constant draws nothing; a drawn delay is at
    /// least 1 µs, so a chain of drawn timers always moves time on).
    public enum Delay: Sendable {
        case fixed(SimDuration)
        case drawn(DurationDistribution)
    }

    /// Posts a local notification showing the app's value for `key` (after this handler's
    /// payloads are applied). It is shown only if the app is not in the foreground (the user
    /// sees the screen instead), notifications are authorized and the value is not 0.
    public mutating func postNotification(key: Int32) { notificationsPosted.append(key) }

    /// Pulls, and posts a local notification showing the app's value for `key` when a pull's
    /// answer is next applied (the one asked for now, or one in flight); nothing if pulls
    /// fail until the app's process ends. Shown under the same conditions as `postNotification`.
    public mutating func postNotificationAfterPull(key: Int32) {
        notificationsAfterPull.append(key)
        pullRequested = true
    }
}
