/// The staged list packed (`EventQueue.packStaged()`): the pending staged entries after the
/// head, each coded against the one before it. For a model that runs once while many
/// others wait beside it (a fleet's recipients, each holding its day's timeline), where the
/// staged list would be the largest part of a waiting model.
///
/// Code of an entry, against the previous one (`Entry` with a plain payload, `_isPOD`):
/// - a byte: the tier (low 4 bits), whether a rank follows (bit 4);
/// - LEB128: the time's increase (staged entries are sorted, so it is ≥ 0);
/// - LEB128: the low 60 bits of `sequence` (insertion sequence and shuffle key), zigzag
///   coded as a difference;
/// - LEB128: the rank, when not 0;
/// - the payload's bytes as 8-byte chunks (the last one zero-padded), each XORed with the
///   previous entry's chunk: ⌈chunks / 2⌉ bytes of 4-bit lengths (0 … 8), then each
///   chunk's low `length` bytes.
/// Eight bytes of slack end the list (the decoder loads 8 at a time).
@usableFromInline
struct PackedStaged: Sendable {
    /// The codes, in staged order, then the slack.
    @usableFromInline var bytes: [UInt8] = []
    /// Where the next entry's code starts in `bytes`.
    @usableFromInline var next = 0
    /// Entries still packed.
    @usableFromInline var remaining = 0

    @usableFromInline init() {}
}

extension EventQueue {
    /// Packs the pending staged entries after the first (about 12 bytes each for PushSim's
    /// timelines, against 32); they are unpacked one at a time as the staged list's head is
    /// popped, and the consumed codes are given back by halves. Nothing pending changes,
    /// nor the order of anything. No effect unless the payload is a plain value (`_isPOD`,
    /// which PushSim's `WorldEvent` is) and more than one entry is pending.
    /// - Precondition: not staging.
    /// - Complexity: O(s) for s staged entries; each later pop of a staged entry O(1) more,
    ///   amortized.
    public mutating func packStaged() {
        precondition(!staging, "EventQueue: packStaged() while staging")
        guard _isPOD(Payload.self) else { return }
        unpackStaged()
        let pending = lane.count - laneNext
        guard pending > 1 else { return }
        var bytes: [UInt8] = []
        bytes.reserveCapacity((pending - 1) * 24 + 8)
        for i in laneNext + 1 ..< lane.count { Self.appendCode(of: lane[i], after: lane[i - 1], to: &bytes) }
        bytes.append(contentsOf: repeatElement(0, count: 8))
        packed = PackedStaged()
        packed.bytes.reserveCapacity(bytes.count)   // at its size
        packed.bytes.append(contentsOf: bytes)
        packed.remaining = pending - 1
        lane = [lane[laneNext]]
        laneNext = 0
    }

    /// Moves past the staged list's head (unpacking the next packed entry into the list
    /// when it was the last one there).
    @inlinable mutating func popLane() {
        laneNext += 1
        if laneNext == lane.count && packed.remaining > 0 { unpackNextStaged() }
    }

    /// After a pop of the staged list's last unpacked entry: unpacks the next one into it.
    /// - Precondition: `laneNext == lane.count`, `packed.remaining > 0`.
    @usableFromInline
    mutating func unpackNextStaged() {
        let previous = lane[lane.count - 1]
        let entry = decodeNextPacked(after: previous)
        lane.removeAll(keepingCapacity: true)
        lane.append(entry)
        laneNext = 0
    }

    /// Unpacks every packed entry back into the staged list (before staging again, and for
    /// the invariant checks).
    @usableFromInline
    mutating func unpackStaged() {
        guard packed.remaining > 0 else { return }
        var last = lane[lane.count - 1]
        lane.reserveCapacity(lane.count + packed.remaining)
        while packed.remaining > 0 {
            last = decodeNextPacked(after: last)
            lane.append(last)
        }
        packed = PackedStaged()
    }

    /// The payload's 8-byte chunks.
    @usableFromInline static var payloadChunks: Int { (MemoryLayout<Payload>.size + 7) / 8 }

    /// Decodes the next packed entry, which was coded against `previous`, and gives back the
    /// consumed codes once they are at least half of them (and 256 bytes).
    @usableFromInline
    mutating func decodeNextPacked(after previous: Entry) -> Entry {
        var entry = previous
        let at = packed.bytes.withUnsafeBytes { code in
            var at = packed.next
            func varint() -> UInt64 {
                var v: UInt64 = 0, shift: UInt64 = 0
                while true {
                    let b = code[at]; at &+= 1
                    v |= UInt64(b & 0x7F) &<< shift
                    if b < 0x80 { return v }
                    shift &+= 7
                }
            }
            let head = code[at]; at &+= 1
            entry.time = previous.time &+ Int64(bitPattern: varint())
            let z = varint()
            let low = (previous.sequence & ~Self.tierMask) &+ (z >> 1 ^ (0 &- (z & 1)))
            entry.sequence = UInt64(head & 15) << Self.tierShift | (low & ~Self.tierMask)
            entry.rank = head & 16 != 0 ? UInt32(truncatingIfNeeded: varint()) : 0
            let chunks = Self.payloadChunks
            withUnsafeMutableBytes(of: &entry.payload) { payload in
                let lengths = at
                at &+= (chunks + 1) / 2
                for c in 0..<chunks {
                    let length = Int(code[lengths + (c >> 1)] >> UInt8((c & 1) << 2)) & 15
                    guard length > 0 else { continue }
                    var x = UInt64(littleEndian: code.loadUnaligned(fromByteOffset: at, as: UInt64.self))
                    if length < 8 { x &= (1 << UInt64(8 * length)) &- 1 }
                    at &+= length
                    let size = min(8, payload.count - 8 * c)
                    for b in 0..<size { payload[8 * c + b] ^= UInt8(truncatingIfNeeded: x >> UInt64(8 * b)) }
                }
            }
            return at
        }
        packed.next = at
        packed.remaining -= 1
        if packed.next >= 256 && packed.next * 2 >= packed.bytes.count {
            var rest: [UInt8] = []
            rest.reserveCapacity(packed.bytes.count - packed.next)
            rest.append(contentsOf: packed.bytes[packed.next...])
            packed.bytes = rest
            packed.next = 0
        }
        return entry
    }

    /// The bits of `Entry.sequence` that hold the tier.
    @usableFromInline static var tierMask: UInt64 { 15 << tierShift }

    /// Appends the code of `entry` against `previous` (see `PackedStaged`).
    static func appendCode(of entry: Entry, after previous: Entry, to bytes: inout [UInt8]) {
        func varint(_ value: UInt64) {
            var v = value
            while v >= 0x80 { bytes.append(UInt8(v & 0x7F) | 0x80); v >>= 7 }
            bytes.append(UInt8(v))
        }
        precondition(entry.time >= previous.time, "EventQueue: staged entries out of order")
        bytes.append(entry.tier | (entry.rank != 0 ? 16 : 0))
        varint(UInt64(entry.time - previous.time))
        let d = Int64(bitPattern: (entry.sequence & ~tierMask) &- (previous.sequence & ~tierMask))
        varint(UInt64(bitPattern: d << 1 ^ d >> 63))
        if entry.rank != 0 { varint(UInt64(entry.rank)) }
        let chunks = payloadChunks
        var lengths = [UInt8](repeating: 0, count: (chunks + 1) / 2)
        var data: [UInt8] = []
        withUnsafeBytes(of: entry.payload) { e in
            withUnsafeBytes(of: previous.payload) { p in
                for c in 0..<chunks {
                    var x: UInt64 = 0
                    for b in 0..<min(8, e.count - 8 * c) { x |= UInt64(e[8 * c + b] ^ p[8 * c + b]) << UInt64(8 * b) }
                    let length = (71 - x.leadingZeroBitCount) >> 3
                    lengths[c >> 1] |= UInt8(length) << UInt8((c & 1) << 2)
                    for b in 0..<length { data.append(UInt8(truncatingIfNeeded: x >> UInt64(8 * b))) }
                }
            }
        }
        bytes.append(contentsOf: lengths)
        bytes.append(contentsOf: data)
    }
}
