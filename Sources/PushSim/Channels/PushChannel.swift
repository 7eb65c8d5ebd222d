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
/// Three requirements besides `Plugin`'s, none with a default, so that a misspelling is a
/// compile error: `capabilities`, `send` (the provider's answer) and `handle`, which
/// switches over `ChannelEvent`.
///
/// The value decoded from JSON is the prototype; every device of every replication starts
/// from its state (a fresh copy, or a reused instance put back with `reset(to:)`), so
/// conforming types keep their run state in stored properties with initial values.
public protocol PushChannel: Plugin {
    /// What the world needs to know of the channel besides its handlers, read once per world.
    var capabilities: ChannelCapabilities { get }
    /// The server sends `push` (to this channel's device) at `cx.now`.
    /// - Returns: the provider's answer: `.accepted(messageID: push.id)`, or `.rejected`
    ///   with the error code (and any `Retry-After`); a rejected push does nothing else.
    mutating func send(_ push: Push, _ cx: inout ProviderContext) -> ProviderAnswer
    /// Reacts to `event` at `cx.now` (this channel's device).
    mutating func handle(_ event: ChannelEvent, _ cx: inout ProviderContext)
}

/// Something a channel reacts to besides a send, handed to `PushChannel.handle`.
public enum ChannelEvent: Sendable {
    /// Something the provider cares about changed on the device (connectivity, Doze,
    /// screen, token): deliver what may now be delivered.
    case deviceChanged
    /// A timer the channel set with `ProviderContext.setTimer(at:tag:)` fired.
    case timer(tag: Int32)
    /// The device showed a notification for push `id`: the OS drew it, or the app posted
    /// one from the push's handler (also after a pull that handler asked for). A provider
    /// that judges senders by what users see (FCM's priority rule F7) counts it. Delivered
    /// only to a channel whose `capabilities.observesNotifications` is true, at most once
    /// per display.
    case notificationShown(id: Int64)
    /// The run ends at `cx.now`: stored pushes whose lifetime ran out become `expired` (the
    /// rest stay `pending`).
    case finish
}

/// What the world needs to know of a channel besides its handlers: one value, read once per world.
public struct ChannelCapabilities: Sendable, Equatable {
    /// Whether the channel wants `ChannelEvent.notificationShown` (false: the world never
    /// sends it, and spends nothing on it).
    public var observesNotifications: Bool

    public init(observesNotifications: Bool = false) { self.observesNotifications = observesNotifications }
}
