/// A sender policy: what the app's server does to notify the recipient of a change, from
/// "one push per change" to a transactional outbox. Built-ins are chosen in JSON by
/// `"kind"` (`"sender": "perChange"` or `{"kind": "outbox", …}`, at the top level or per
/// variant); an outside package registers its own the same way.
///
/// The world calls `onMessage` in the server-change event, `onTimer` for the policy's own
/// timers and `finish` once at the horizon, each with a `SenderContext`. The value decoded
/// from JSON is the prototype; every replication starts from its state (a fresh copy, or a
/// reused instance put back with `reset(to:)`), so conforming types keep their run state
/// in stored properties with initial values.
public protocol SenderPolicy: Plugin {
    /// The server committed a change whose message template sends a push. `message` is
    /// that push: `notification` is the message id (1, 2, 3, … in the run), `sentAt` the
    /// change's time; `id` is assigned for each request by `SenderContext.send`.
    mutating func onMessage(_ message: Push, _ cx: inout SenderContext)
    /// A timer the policy set with `SenderContext.setTimer(at:tag:)` fired.
    mutating func onTimer(tag: Int32, _ cx: inout SenderContext)
    /// The run ends at `cx.now`: declare every message still held (`settle(_:.pending)`)
    /// and count rows left in a non-terminal state (`Count.rowsStuck`).
    mutating func finish(_ cx: inout SenderContext)
    /// Whether the policy's pushes carry change batches (`Push.batch`), so that the world
    /// keeps the run's changes for the app to read them (read once per world; default false).
    var carriesChangeBatches: Bool { get }
}

extension SenderPolicy {
    public var carriesChangeBatches: Bool { false }
    public mutating func onTimer(tag: Int32, _ cx: inout SenderContext) {}
    public mutating func finish(_ cx: inout SenderContext) {}
}

extension StreamName {
    /// The sender policy: outbox answer latency, worker crashes, backoff jitter.
    public static let sender = "sender"
}
