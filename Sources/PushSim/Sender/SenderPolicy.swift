/// A sender policy: what the app's server does to notify the recipient of a change, from
/// "one push per change" to a transactional outbox. Built-ins are chosen in JSON by
/// `"kind"` (`"sender": "perChange"` or `{"kind": "outbox", …}`, at the top level or per
/// variant); each is one file plus one line in `Registry.senders`.
///
/// The world calls the policy with itself as the `SenderHost`, generically (no existential
/// per event): `onMessage` in the server-change event, `onTimer` for the policy's own
/// timers, `finish` once at the horizon. The value decoded from JSON is the prototype;
/// every replication starts from a fresh copy, so conforming types keep their run state
/// in stored properties with initial values.
public protocol SenderPolicy: Plugin {
    /// The server committed a change whose message template sends a push. `message` is
    /// that push: `notification` is the message id (1, 2, 3, … in the run), `sentAt` the
    /// change's time; `id` is assigned by the host for each request (`SenderHost.send`).
    mutating func onMessage<Host: SenderHost>(_ message: Push, _ host: inout Host)
    /// A timer the policy set with `SenderHost.setTimer(at:tag:)` fired.
    mutating func onTimer<Host: SenderHost>(tag: Int32, _ host: inout Host)
    /// The run ends at `host.now`: declare every message still held (`settle(_:.pending)`)
    /// and count rows left in a non-terminal state (`SenderCounters.rowsStuck`).
    mutating func finish<Host: SenderHost>(_ host: inout Host)
    /// `true` for a policy whose `onMessage` is exactly `host.sendToEveryDevice(message)`
    /// and that does nothing else: the world then sends each message itself, without the
    /// generic calls through `SenderHost` (same requests, same order). Default `false`.
    static var sendsEveryMessageAtOnce: Bool { get }
}

extension SenderPolicy {
    public static var sendsEveryMessageAtOnce: Bool { false }
    public mutating func onTimer<Host: SenderHost>(tag: Int32, _ host: inout Host) {}
    public mutating func finish<Host: SenderHost>(_ host: inout Host) {}
}

extension StreamName {
    /// The sender policy: outbox answer latency, worker crashes, backoff jitter.
    public static let sender = "sender"
}
