/// What a client strategy may do in a handler: request a pull or a full sync, apply a
/// payload, post a notification, set a timer. The world carries the requests out when the
/// handler returns, at the same simulated time, in this order: payloads (in the order
/// applied), the cursor's advance, notifications posted now, the pull or sync, timers.
public struct AppContext {
    // The fields are declared by size (the one-byte ones after the optional), so that the
    // context the world keeps takes 88 bytes, not 104.
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
    /// Keys whose notification the handler posts now.
    public private(set) var notificationsPosted: [Int32] = []
    /// Keys whose notification is posted when the pull's answer is applied.
    public private(set) var notificationsAfterPull: [Int32] = []
    /// In `onPush`: the changes the push carries (`Push.batch`, oldest first, consecutive
    /// sequences ending at the push's cursor); empty for a push that carries none, and in
    /// every other handler.
    public internal(set) var batch: [Change] = []
    /// In `onPullFailed`: the wait the server asked for when it refused the pull as
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

    /// Fires `onTimer(tag:)` after `delay` (≥ 0).
    public mutating func setTimer(after delay: SimDuration, tag: Int32) { timers.append((.fixed(delay), tag)) }

    /// Fires `onTimer(tag:)` after `delay`, fixed or drawn (on the `client` stream).
    public mutating func setTimer(after delay: Delay, tag: Int32) { timers.append((delay, tag)) }

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

/// What an app's Notification Service Extension does with an alert that has
/// `mutable-content: 1` before iOS shows it (I7; Apple, "UNNotificationServiceExtension",
/// "Modifying content in newly delivered notifications").
public enum ServiceExtensionAction: Sendable {
    /// Shows the payload as sent (what happens without an extension).
    case showPayload
    /// Fetches the push's key from the server and shows the value it gets, if the answer
    /// comes within `device.app.serviceExtensionTime` (30 s); otherwise the original content
    /// is shown at that deadline (`serviceExtensionTimeWillExpire`).
    case refetch
}

/// A client strategy: how the app reacts to pushes, `deletedMessages`, app opens,
/// reconnects, failed pulls and its own timers. Built-ins are chosen in JSON by `"kind"`;
/// each is one file plus one line in `Registry.strategies`. A strategy's JSON object may
/// also carry `"name"` (its report name), so decoders must allow that key.
///
/// Handlers run only when the app's code can run (see docs/model.md, "App code"). The
/// value decoded from JSON is the prototype; every replication starts from its state (a
/// fresh copy, or a reused instance put back with `reset(to:)`).
/// All handlers default to doing nothing.
public protocol ClientStrategy: Plugin {
    /// A copy of a push reached the app's code.
    mutating func onPush(_ push: Push, _ app: inout AppContext)
    /// The channel reported that pending messages were deleted (FCM `onDeletedMessages`).
    mutating func onDeletedMessages(_ app: inout AppContext)
    /// The user brought the app to the foreground.
    mutating func onForeground(_ app: inout AppContext)
    /// The device came back online while the app was running.
    mutating func onReconnect(_ app: inout AppContext)
    /// A pull or sync failed (no network, timeout in the background, or a server error).
    mutating func onPullFailed(_ app: inout AppContext)
    /// A timer set with `AppContext.setTimer` fired.
    mutating func onTimer(tag: Int32, _ app: inout AppContext)
    /// What the app's Notification Service Extension does with `push`, an iOS alert with
    /// `mutable-content: 1`, before the OS shows it (I7). It runs in its own process, so it
    /// sees only the push (not the strategy's state) and changes nothing in the app.
    func serviceExtension(for push: Push) -> ServiceExtensionAction
    /// The mean time between the pulls the strategy starts by itself while the app is in
    /// the foreground (a poll timer), or nil when it polls not at all (the default). Only
    /// the size estimate reads it (`ScenarioSize`: one event per poll over the foreground time).
    var foregroundPollInterval: SimDuration? { get }
}

extension ClientStrategy {
    public mutating func onPush(_ push: Push, _ app: inout AppContext) {}
    public mutating func onDeletedMessages(_ app: inout AppContext) {}
    public mutating func onForeground(_ app: inout AppContext) {}
    public mutating func onReconnect(_ app: inout AppContext) {}
    public mutating func onPullFailed(_ app: inout AppContext) {}
    public mutating func onTimer(tag: Int32, _ app: inout AppContext) {}
    public func serviceExtension(for push: Push) -> ServiceExtensionAction { .showPayload }
    public var foregroundPollInterval: SimDuration? { nil }
}

/// A strategy whose JSON object has no parameters besides `"kind"` and `"name"`.
public protocol ParameterlessStrategy: ClientStrategy {
    init()
}

extension ParameterlessStrategy {
    public init(from decoder: any Decoder) throws {
        _ = try ParamReader(decoder, for: Self.self)
        self.init()
    }
}
