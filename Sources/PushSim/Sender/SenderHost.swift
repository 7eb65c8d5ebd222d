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
    /// The registration token the server holds for `device`, as an opaque number that
    /// changes whenever the app there registers a different token (0 = none).
    func token(of device: Int) -> Int
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
