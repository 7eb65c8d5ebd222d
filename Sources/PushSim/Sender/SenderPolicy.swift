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

/// What a sender policy sees of the world and may do in it.
public protocol SenderHost {
    /// The current simulated time.
    var now: SimTime { get }
    /// The recipient: time zone, quiet hours, devices.
    var recipient: RecipientSpec { get }
    /// The recipient's devices: the main device (0) and the other devices (1, 2, …).
    var deviceCount: Int { get }
    /// Whether the server holds a registration token for `device` (the token the app there
    /// last registered; a deleted token is gone until the app registers again).
    func hasToken(_ device: Int) -> Bool
    /// Deletes the server's token for `device` (after a final `UNREGISTERED` / 410 /
    /// `BadDeviceToken` answer, F9, A9).
    mutating func deleteToken(_ device: Int)
    /// Sends `push` to `device`'s registered token through the channel now; returns the
    /// provider's answer. Each call is one provider request: it gets the next push id,
    /// `sentAt` = now, and is counted in `pushes_sent`.
    /// - Precondition: `hasToken(device)`.
    mutating func send(_ push: Push, to device: Int) -> ProviderAnswer
    /// Calls `onTimer(tag:)` at `time` (≥ now).
    mutating func setTimer(at time: SimTime, tag: Int32)
    /// The sender's random stream (`"sender"`), created at first use.
    mutating func senderRandom() -> RandomStream
    /// Declares a message's fate by design (`expired`, `superseded`) or, at the horizon,
    /// that the sender still holds it (`pending`).
    mutating func settle(_ message: Int64, _ fate: MessageFate)
    /// The sender's own counts (deferrals, lateness, crashes, stuck rows, …).
    var senderCounters: SenderCounters { get set }
}

extension SenderHost {
    /// Sends `push` to every device the server holds a token for, main device first.
    public mutating func sendToEveryDevice(_ push: Push) {
        for d in 0..<deviceCount where hasToken(d) { _ = send(push, to: d) }
    }
}

/// A provider's answer to one send request (FCM HTTP v1, APNs; see `SendError`).
public enum ProviderAnswer: Equatable, Sendable {
    /// Accepted; `messageID` is the provider's id for it (PushSim uses the push id).
    case accepted(messageID: Int64)
    /// Refused with `error`; `retryAfter` is the `Retry-After` the provider sent, if any.
    case rejected(SendError, retryAfter: SimDuration?)
}

/// What the sender declares about a message (besides acceptance, which the host sees).
public enum MessageFate: Int, Sendable, CaseIterable {
    /// Its lifetime ran out before it could be sent (by design, not a loss).
    case expired
    /// A newer message replaced it (supersede key, or a coalesced hint carrying a newer cursor).
    case superseded
    /// Still held by the sender at the horizon (a non-terminal row).
    case pending
}
