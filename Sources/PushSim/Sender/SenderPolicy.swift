/// A sender policy: what the app's server does to notify the recipient of a change, from
/// "one push per change" to a transactional outbox. Built-ins are chosen in JSON by
/// `"kind"` (`"sender": "perChange"` or `{"kind": "outbox", …}`, at the top level or per
/// variant); an outside package registers its own the same way.
///
/// Two requirements besides `Plugin`'s, neither with a default, so that a misspelling is a
/// compile error: `capabilities`, and `handle`, which switches over `SenderEvent`. The world
/// hands it `.message` in the server-change event, `.timer` for the policy's own timers and
/// `.finish` once at the horizon, each with a `SenderContext`. The value decoded
/// from JSON is the prototype; every replication starts from its state (a fresh copy, or a
/// reused instance put back with `reset(to:)`), so conforming types keep their run state
/// in stored properties with initial values.
public protocol SenderPolicy: Plugin {
    /// What the world needs to know of the policy besides its handler, read once per world.
    var capabilities: SenderCapabilities { get }
    /// Reacts to `event` at `cx.now`.
    mutating func handle(_ event: SenderEvent, _ cx: inout SenderContext)
}

/// Something a sender policy reacts to, handed to `SenderPolicy.handle`.
public enum SenderEvent: Sendable {
    /// The server committed a change whose message template sends a push. The payload is
    /// that push: `notification` is the message id (1, 2, 3, … in the run), `sentAt` the
    /// change's time; `id` is assigned for each request by `SenderContext.send`.
    case message(Push)
    /// A timer the policy set with `SenderContext.setTimer(at:tag:)` fired.
    case timer(tag: Int32)
    /// The run ends at `cx.now`: declare every message still held (`settle(_:.pending)`)
    /// and count rows left in a non-terminal state (`Count.rowsStuck`).
    case finish
}

/// What the world needs to know of a sender policy besides its handler: one value, read once per world.
public struct SenderCapabilities: Sendable, Equatable {
    /// Whether the policy's pushes carry change batches (`Push.batch`), so that the world
    /// keeps the run's changes for the app to read them.
    public var carriesChangeBatches: Bool

    public init(carriesChangeBatches: Bool = false) { self.carriesChangeBatches = carriesChangeBatches }
}

extension StreamName {
    /// The sender policy: outbox answer latency, worker crashes, backoff jitter.
    public static let sender = "sender"
}
