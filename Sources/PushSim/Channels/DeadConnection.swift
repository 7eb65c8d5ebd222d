/// What a provider does with pushes it hands to a connection the device has silently left
/// (A11): until the connection times out the provider still counts the device as reachable
/// (`DeviceView.connectionDead`), so what it sends goes nowhere.
///
/// Neither Apple nor Firebase documents this. The default, `firstHeld`, follows a field
/// report (the Stack Overflow question "Weird Apple Push Notification behaviour when the
/// receiving iPhone is turned off"): the first push sent after the device went away was
/// delivered when it came back, later ones in the window never were: read as the first
/// write staying unacknowledged in flight and being stored when the timeout is detected.
public enum DeadConnectionFate: String, Sendable, CaseIterable, Decodable {
    /// The first push of the window is held in flight, later ones are `lost`.
    case firstHeld
    /// Every push of the window is held in flight (un-acknowledged writes re-queued).
    case allHeld
    /// Every push of the window is `lost`.
    case lost
}

/// The pushes a channel holds in flight on a dead connection (A11), in send order.
struct DeadConnection: Sendable {
    private(set) var held: [Push] = []
    /// Pushes written to the dead connection since it died (held or lost).
    private var written = 0

    init() {}

    /// `push` goes to the dead connection: held in flight or `lost`, by `fate`.
    mutating func write(_ push: Push, fate: DeadConnectionFate, _ cx: inout ProviderContext) {
        written += 1
        if fate == .allHeld || (fate == .firstHeld && written == 1) {
            cx.delay(push.id, .delayedDeviceOffline)
            held.append(push)
        } else {
            cx.finish(push.id, .lost)
        }
    }

    /// The connection is gone (the timeout was detected) or back: the held pushes, for the
    /// channel to route again as it now sees the device. Empty when nothing was written.
    mutating func release() -> [Push] {
        written = 0
        defer { held.removeAll() }
        return held
    }
}
