/// A push channel: the provider's rules (acceptance, storage while unreachable, collapse,
/// lifetime, priority) followed by transport (loss, duplication, delay). Built-ins are
/// chosen by `"kind"`; an outside package registers its own the same way.
///
/// Everything a channel does goes through its `ProviderContext`: handing copies to the
/// device (which records them and draws their arrival order), ending pushes inside the
/// provider, marking delays, setting its own timers. The provider's answer to a send is
/// `send`'s return value. Every push ends in exactly one `PushOutcome`: a refusal ends it
/// `rejected`, a copy that reaches the device `delivered` (the world records both), the
/// channel records the rest; a push still held at the end stays `pending`.
///
/// The value decoded from JSON is the prototype; every device of every replication starts
/// from its state (a fresh copy, or a reused instance put back with `reset(to:)`), so
/// conforming types keep their run state in stored properties with initial values.
public protocol PushChannel: Plugin {
    /// The server sends `push` (to this channel's device) at `cx.now`.
    /// - Returns: the provider's answer: `.accepted(messageID: push.id)`, or `.rejected`
    ///   with the error code (and any `Retry-After`); a rejected push does nothing else.
    mutating func send(_ push: Push, _ cx: inout ProviderContext) -> ProviderAnswer
    /// Something the provider cares about changed on the device (connectivity, Doze,
    /// screen, token): deliver what may now be delivered.
    mutating func deviceChanged(_ cx: inout ProviderContext)
    /// A timer the channel set with `ProviderContext.setTimer(at:tag:)` fired.
    mutating func timer(tag: Int32, _ cx: inout ProviderContext)
    /// The run ends at `cx.now`: stored pushes whose lifetime ran out become `expired`
    /// (the rest stay `pending`).
    mutating func finish(_ cx: inout ProviderContext)
    /// Whether the channel wants `notificationShown(for:_:)` (read once per world; default
    /// false, and then the world never calls it).
    var observesNotifications: Bool { get }
    /// The device showed a notification for push `id` (this channel's device, at
    /// `cx.now`): the OS drew it, or the app posted one from the push's handler (also after
    /// a pull that handler asked for). A provider that judges senders by what users see
    /// (FCM's priority rule F7) counts it. Called at most once per display.
    mutating func notificationShown(for id: Int64, _ cx: inout ProviderContext)
}

extension PushChannel {
    public mutating func deviceChanged(_ cx: inout ProviderContext) {}
    public mutating func timer(tag: Int32, _ cx: inout ProviderContext) {}
    public mutating func finish(_ cx: inout ProviderContext) {}
    public var observesNotifications: Bool { false }
    public mutating func notificationShown(for id: Int64, _ cx: inout ProviderContext) {}
}
