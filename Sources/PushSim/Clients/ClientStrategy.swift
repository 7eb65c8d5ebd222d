/// A client strategy: how the app reacts to what happens to it (`AppEvent`). Built-ins are
/// chosen in JSON by `"kind"`; each is one file plus one line in `Registry.strategies`; an
/// outside package registers its own the same way. A strategy's JSON object may also carry
/// `"name"` (its report name), so decoders must allow that key.
///
/// Two requirements besides `Plugin`'s, neither with a default, so that a misspelling is a
/// compile error, not a handler that never runs: `capabilities`, and `handle`, which
/// switches over `AppEvent` (a case the strategy ignores is a visible `default: break`):
///
/// ```swift
/// struct HintPullOnOpen: ParameterlessStrategy {
///     static let kind = "hintPullOnOpen", summary = "pull on a push ahead of the cursor and at every app open"
///     let capabilities = StrategyCapabilities()
///     init() {}
///     mutating func handle(_ event: AppEvent, _ app: inout AppContext) {
///         switch event {
///         case let .push(push): if push.cursor > app.cursor { app.pull() }
///         case .foreground: app.pull()
///         default: break
///         }
///     }
/// }
/// ```
///
/// Events reach the strategy only when the app's code can run (see docs/model.md, "App
/// code"). The value decoded from JSON is the prototype; every replication starts from its
/// state (a fresh copy, or a reused instance put back with `reset(to:)`). A guide from an
/// empty package to a sweep: docs/writing-plugins.md.
public protocol ClientStrategy: Plugin {
    /// What the world needs to know of the strategy besides its handler, read once per
    /// world (so it must not change during a run).
    var capabilities: StrategyCapabilities { get }
    /// Reacts to `event` through `app` (the requests are carried out when it returns, in
    /// the order `AppContext` states).
    mutating func handle(_ event: AppEvent, _ app: inout AppContext)
}

/// Something that happened to the app, handed to `ClientStrategy.handle`. Every case is
/// delivered to every strategy; a strategy ignores what it does not `switch` on.
public enum AppEvent: Sendable {
    /// The app's process started (a cold launch): in the foreground for an app open (then
    /// `.foreground` follows), or in the background for a push or a signal (then that
    /// event follows). The timers of an earlier process are gone: a strategy that keeps
    /// "a timer is pending" in its own state clears it here.
    case launched
    /// A copy of a push reached the app's code (`app.batch` holds the changes it carries).
    case push(Push)
    /// The channel reported that pending messages were deleted (FCM `onDeletedMessages`, F2).
    case deletedMessages
    /// The user opened the app: it came to the foreground (every app open, cold or warm).
    case foreground
    /// The app's session ended: it went to the background, its process still running.
    /// (An app gets no event when its process ends: a force-quit or the OS killing it runs
    /// none of its code.)
    case background
    /// The device came back online while the app was running.
    case reconnect
    /// The device went offline while the app was running.
    case offline
    /// A pull or full sync's answer was applied (`app.cursor` is the new cursor).
    case pullAnswered
    /// A pull or sync failed: no network, its background deadline passed, or a server
    /// error (`app.retryAfter` holds a 503's wait).
    case pullFailed
    /// A timer set with `AppContext.setTimer` fired.
    case timer(tag: Int32)
    /// The registration token rotated while the app's process ran (FCM `onNewToken`, APNs'
    /// registration callback; A10, F15).
    case tokenChanged
}

/// What the world needs to know of a strategy besides its handler: one value, read once per
/// world.
public struct StrategyCapabilities: Sendable, Equatable {
    /// What the app's Notification Service Extension does with an iOS alert that has
    /// `mutable-content: 1` before the OS shows it (I7). It runs in its own process, so it
    /// sees only the push (not the strategy's state) and changes nothing in the app.
    public var serviceExtension: ServiceExtensionAction
    /// The mean time between the pulls the strategy starts by itself while the app is in
    /// the foreground (a poll timer; µs > 0), or nil when it polls not at all. Only the size
    /// estimate reads it (`ScenarioSize`: one event per poll over the foreground time).
    public var foregroundPollInterval: SimDuration?

    public init(serviceExtension: ServiceExtensionAction = .showPayload, foregroundPollInterval: SimDuration? = nil) {
        self.serviceExtension = serviceExtension
        self.foregroundPollInterval = foregroundPollInterval
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
