/// The sender-side fate of every message of one run (one per change whose template sends a
/// push), per recipient device: whether the provider accepted it, whether a copy reached
/// the device, and what the sender declared (expired, superseded, still pending).
///
/// A message is **accepted** when the provider accepted it for at least one device;
/// otherwise, in this order of precedence, **pending** (the sender still held it at the
/// horizon), **superseded** or **expired** (by design), else **lost**.
///
/// Memory: 4 bytes per message. Devices 0 … 7.
public struct MessageLedger: Sendable {
    /// Bits 0–7: accepted per device; 8–15: arrived per device; 16…: declared fates.
    private var flags: [UInt32] = []

    public init() {}

    /// An empty ledger, keeping the storage (for a reused world).
    public mutating func reset() { flags.removeAll(keepingCapacity: true) }

    /// Reserves room for `messages` messages.
    public mutating func reserveCapacity(_ messages: Int) { flags.reserveCapacity(messages) }

    /// Messages opened.
    public var count: Int { flags.count }

    /// Opens the next message and returns its id (1, 2, 3, …).
    public mutating func open() -> Int64 {
        flags.append(0)
        return Int64(flags.count)
    }

    /// Marks `message` accepted for `device`.
    /// - Returns: whether the provider had already accepted it for that device.
    public mutating func accept(_ message: Int64, device: Int) -> Bool { set(message, bit: device) }

    /// Marks that a copy of `message` reached `device`.
    /// - Returns: whether a copy had already reached it.
    public mutating func arrive(_ message: Int64, device: Int) -> Bool { set(message, bit: 8 + device) }

    /// Records a fate the sender declared.
    public mutating func settle(_ message: Int64, _ fate: MessageFate) { _ = set(message, bit: 16 + fate.rawValue) }

    private mutating func set(_ message: Int64, bit: Int) -> Bool {
        let i = Int(message) - 1, mask = UInt32(1) << UInt32(bit)
        let before = flags[i] & mask != 0
        flags[i] |= mask
        return before
    }

    /// Whether `message` was accepted for any device.
    public func isAccepted(_ message: Int64) -> Bool { flags[Int(message) - 1] & 0xFF != 0 }

    /// Sets `.messages` and adds each message to its final class: `.messagesAccepted`,
    /// `.messagesLost`, `.messagesExpired`, `.messagesSuperseded` or `.messagesPending`.
    public func countFates(into counts: inout Counts) {
        counts[.messages] = flags.count
        for f in flags {
            let fate: Count
            if f & 0xFF != 0 { fate = .messagesAccepted }
            else if f & (1 << (16 + UInt32(MessageFate.pending.rawValue))) != 0 { fate = .messagesPending }
            else if f & (1 << (16 + UInt32(MessageFate.superseded.rawValue))) != 0 { fate = .messagesSuperseded }
            else if f & (1 << (16 + UInt32(MessageFate.expired.rawValue))) != 0 { fate = .messagesExpired }
            else { fate = .messagesLost }
            counts[fate] += 1
        }
    }
}
