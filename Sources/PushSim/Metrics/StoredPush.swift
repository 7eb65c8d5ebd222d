/// A `Push` as a lone world's `PushLedger` keeps it: the same fields in 80 bytes instead of
/// 120 (the id is the ledger's index; the three optionals' presence, the two small enums
/// and `mutableContent` share one byte of flags, `flags(of:)`). Fixed width, so writing and
/// reading one back costs a copy; a fleet's worlds use `PackedPushes` instead (about 21
/// bytes and a start, some 150 instructions more per push).
///
/// `init(push)` followed by `push(id:)` gives back the push exactly (`PackedPushesTests`).
struct StoredPush: Sendable {
    var cursor: Int64
    var changeSequence: Int64
    var changeValue: Int64
    var sentAt: Int64
    var collapseKey: Int64
    var displayTag: Int64
    var lifetime: Int64
    var notification: Int64
    var changeKey: Int32
    var size: Int32
    var recipient: Int32
    var batch: Int16
    var apnsPriority: Int8
    /// Bits 0–1: `type` (index in `MessageType.allCases`); 2: `priority` is normal;
    /// 3: `mutableContent`; 4, 5, 6: `collapseKey`, `displayTag`, `lifetime` present.
    var flags: UInt8

    static let normal: UInt8 = 1 << 2, mutable: UInt8 = 1 << 3
    static let hasCollapseKey: UInt8 = 1 << 4, hasDisplayTag: UInt8 = 1 << 5, hasLifetime: UInt8 = 1 << 6

    init(_ p: Push) {
        cursor = p.cursor
        changeSequence = p.change.sequence
        changeValue = p.change.value
        sentAt = p.sentAt.microseconds
        collapseKey = p.collapseKey ?? 0
        displayTag = p.displayTag ?? 0
        lifetime = p.lifetime?.microseconds ?? 0
        notification = p.notification
        changeKey = p.change.key
        size = p.size
        recipient = p.recipient
        batch = p.batch
        apnsPriority = p.apnsPriority
        flags = Self.flags(of: p)
    }

    /// The push, with id `id` (the ledger's index + 1).
    func push(id: Int64) -> Push {
        var p = Push(id: id, cursor: cursor, change: Change(sequence: changeSequence, key: changeKey, value: changeValue),
                     sentAt: SimTime(microseconds: sentAt))
        Self.apply(flags, to: &p)
        p.apnsPriority = apnsPriority
        p.batch = batch
        if flags & Self.hasCollapseKey != 0 { p.collapseKey = collapseKey }
        if flags & Self.hasDisplayTag != 0 { p.displayTag = displayTag }
        if flags & Self.hasLifetime != 0 { p.lifetime = SimDuration(microseconds: lifetime) }
        p.size = size
        p.recipient = recipient
        p.notification = notification
        return p
    }

    /// The flags byte of `p` (bits 0–1 `type`, 2 normal priority, 3 `mutableContent`, 4–6
    /// `collapseKey`, `displayTag`, `lifetime` present), shared with `PackedPushes`.
    static func flags(of p: Push) -> UInt8 {
        var f: UInt8
        switch p.type {
        case .data: f = 0
        case .notification: f = 1
        case .both: f = 2
        }
        if p.priority == .normal { f |= normal }
        if p.mutableContent { f |= mutable }
        if p.collapseKey != nil { f |= hasCollapseKey }
        if p.displayTag != nil { f |= hasDisplayTag }
        if p.lifetime != nil { f |= hasLifetime }
        return f
    }

    /// Sets `type`, `priority` and `mutableContent` of `p` from `flags`.
    static func apply(_ flags: UInt8, to p: inout Push) {
        switch flags & 3 {
        case 0: p.type = .data
        case 1: p.type = .notification
        default: p.type = .both
        }
        p.priority = flags & normal != 0 ? .normal : .high
        p.mutableContent = flags & mutable != 0
    }
}
