/// The pushes of one run as `PushLedger` keeps them: each push a variable-length record in
/// one byte array, found through a table of record starts (index = push id − 1).
///
/// A fleet keeps every push of every recipient for the whole run (the deliveries and taps
/// read them back), so the bytes per push are bytes per push per recipient: a `Push` is
/// 120 bytes, a `StoredPush` (a lone world's) 80, a record here about 21 bytes and its
/// 4-byte start (docs/performance.md, Fleets).
///
/// **Record.** One byte of flags, then the fields as LEB128 variable-length integers, each
/// signed field zigzag-encoded (−1 → 1, 1 → 2, …), so that every `Int64` from `.min` to
/// `.max` round-trips exactly:
///
///     flags, change.key, cursor − change.sequence, change.sequence, change.value, sentAt (µs),
///     notification − id, size, recipient, batch, apnsPriority,
///     [collapseKey], [displayTag], [lifetime (µs)]   (each only when present)
///
/// Flags: `StoredPush.flags(of:)` (bits 0–1 `type`, bit 2 `priority` is normal, bit 3
/// `mutableContent`, bits 4, 5, 6 `collapseKey`, `displayTag`, `lifetime` present). The
/// differences wrap (`&-`), so they are exact for any values too.
///
/// **Starts.** 32-bit until the bytes pass 4 GiB (a world of some hundred million
/// pushes), then every start moves to a table of `Int` at once (`narrowLimit`).
///
/// Rewriting a push (`set` of an index already set) rewrites the record in place when it is
/// the last index's and the last written; otherwise it appends a new record, leaving the old
/// one's bytes unused until the bytes are full: then the unused records are dropped
/// (`compact`) before the array grows, by a quarter.
struct PackedPushes: Sendable {
    private var bytes: [UInt8] = []
    private var narrowStarts: [UInt32] = []
    /// Every start, once one passed `narrowLimit` (empty until then).
    private var wideStarts: [Int] = []
    /// The start of the record written last (the one a rewrite may replace in place).
    private var lastStart = -1
    /// The largest start kept in 32 bits (`UInt32.max`; lower in tests).
    private let narrowLimit: Int

    init(narrowLimit: Int = Int(UInt32.max)) {
        precondition(narrowLimit > 0 && narrowLimit <= Int(UInt32.max))
        self.narrowLimit = narrowLimit
    }

    /// Pushes stored (the highest index set + 1).
    var count: Int { wideStarts.isEmpty ? narrowStarts.count : wideStarts.count }

    /// Whether the starts have moved to the `Int` table (for tests).
    var isWide: Bool { !wideStarts.isEmpty }

    /// Bytes of records held (for tests and profiling).
    var byteCount: Int { bytes.count }

    /// Room for `pushes` pushes in all, of about `bytesEach` bytes (the fleet day averages 21).
    mutating func reserveCapacity(_ pushes: Int, bytesEach: Int = 24) {
        bytes.reserveCapacity(pushes * bytesEach)
        if wideStarts.isEmpty { narrowStarts.reserveCapacity(pushes) } else { wideStarts.reserveCapacity(pushes) }
    }

    /// Empty, keeping the storage.
    mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
        narrowStarts.removeAll(keepingCapacity: true)
        wideStarts.removeAll(keepingCapacity: true)
        lastStart = -1
    }

    /// Stores `push` at `index` (≥ 0). Indices between `count` and `index` that were never
    /// set get the same record (nothing reads them before they are set).
    mutating func set(_ index: Int, _ push: Push) {
        precondition(index >= 0)
        let inPlace = index == count - 1 && self.start(index) == lastStart
        if inPlace { bytes.removeSubrange(lastStart...) }
        var start = inPlace ? lastStart : bytes.count
        Self.withRecord(of: push) { record in
            if bytes.count + record.count > bytes.capacity {
                // Full: first drop the records rewrites left unused (not while rewriting in
                // place: the index's start is past the bytes then), then grow by a quarter,
                // not double (a fleet holds a million of these arrays).
                if !inPlace { compact(); start = bytes.count }
                bytes.reserveCapacity(bytes.count + max(record.count, bytes.count / 4))
            }
            bytes.append(contentsOf: record)
        }
        lastStart = start
        if index < count { setStart(index, start); return }
        while count <= index { appendStart(start) }
    }

    /// Drops the records no start points at (left by rewrites), keeping the others in order
    /// and every start on its record.
    /// - Complexity: O(n log n + bytes) for n pushes.
    mutating func compact() {
        let order = (0..<count).map { (start: start($0), index: $0) }.sorted { $0.start < $1.start }
        var kept: [UInt8] = []
        kept.reserveCapacity(bytes.count)
        var old = -1, new = -1, last = -1
        for (s, i) in order {
            if s != old {
                old = s
                new = kept.count
                kept.append(contentsOf: bytes[s ..< s + recordLength(at: s)])
                if s == lastStart { last = new }
            }
            setStart(i, new)
        }
        bytes = kept
        lastStart = last
    }

    /// The length of the record at `start`.
    private func recordLength(at start: Int) -> Int {
        bytes.withUnsafeBufferPointer { b in
            var r = Reader(bytes: b, at: start)
            let flags = b[r.at]; r.at += 1
            for _ in 0..<10 { _ = r.signed() }
            if flags & StoredPush.hasCollapseKey != 0 { _ = r.signed() }
            if flags & StoredPush.hasDisplayTag != 0 { _ = r.signed() }
            if flags & StoredPush.hasLifetime != 0 { _ = r.signed() }
            return r.at - start
        }
    }

    /// The push at `index`, with id `id`: the id it was stored with (the notification is
    /// kept relative to it).
    /// - Precondition: `index < count`.
    func push(_ index: Int, id: Int64) -> Push {
        bytes.withUnsafeBufferPointer { b in
            var r = Reader(bytes: b, at: start(index))
            let flags = b[r.at]; r.at += 1
            let key = Int32(truncatingIfNeeded: r.signed())
            let cursorOffset = r.signed()
            let sequence = r.signed()
            let value = r.signed()
            let sentAt = r.signed()
            var p = Push(id: id, cursor: sequence &+ cursorOffset, change: Change(sequence: sequence, key: key, value: value),
                         sentAt: SimTime(microseconds: sentAt))
            p.notification = id &+ r.signed()
            p.size = Int32(truncatingIfNeeded: r.signed())
            p.recipient = Int32(truncatingIfNeeded: r.signed())
            p.batch = Int16(truncatingIfNeeded: r.signed())
            p.apnsPriority = Int8(truncatingIfNeeded: r.signed())
            StoredPush.apply(flags, to: &p)
            if flags & StoredPush.hasCollapseKey != 0 { p.collapseKey = r.signed() }
            if flags & StoredPush.hasDisplayTag != 0 { p.displayTag = r.signed() }
            if flags & StoredPush.hasLifetime != 0 { p.lifetime = SimDuration(microseconds: r.signed()) }
            return p
        }
    }

    /// The change key of the push at `index`, read without decoding the rest.
    func key(_ index: Int) -> Int32 {
        bytes.withUnsafeBufferPointer { b in
            var r = Reader(bytes: b, at: start(index) + 1)
            return Int32(truncatingIfNeeded: r.signed())
        }
    }

    private func start(_ index: Int) -> Int { wideStarts.isEmpty ? Int(narrowStarts[index]) : wideStarts[index] }

    private mutating func setStart(_ index: Int, _ start: Int) {
        if wideStarts.isEmpty && start <= narrowLimit { narrowStarts[index] = UInt32(start); return }
        widen()
        wideStarts[index] = start
    }

    private mutating func appendStart(_ start: Int) {
        if wideStarts.isEmpty && start <= narrowLimit { narrowStarts.append(UInt32(start)); return }
        widen()
        wideStarts.append(start)
    }

    private mutating func widen() {
        guard wideStarts.isEmpty else { return }
        wideStarts = narrowStarts.map { Int($0) }
        narrowStarts = []
    }

    /// Calls `body` with the record of `p`.
    private static func withRecord(of p: Push, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        let flags = StoredPush.flags(of: p)
        // At most 1 + 13 fields × 10 bytes.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 144) { buffer in
            var w = Writer(buffer: buffer)
            w.byte(flags)
            w.signed(Int64(p.change.key))
            w.signed(p.cursor &- p.change.sequence)
            w.signed(p.change.sequence)
            w.signed(p.change.value)
            w.signed(p.sentAt.microseconds)
            w.signed(p.notification &- p.id)
            w.signed(Int64(p.size))
            w.signed(Int64(p.recipient))
            w.signed(Int64(p.batch))
            w.signed(Int64(p.apnsPriority))
            if let c = p.collapseKey { w.signed(c) }
            if let t = p.displayTag { w.signed(t) }
            if let l = p.lifetime { w.signed(l.microseconds) }
            body(UnsafeBufferPointer(rebasing: buffer[..<w.count]))
        }
    }

    /// Writes LEB128 bytes into a buffer large enough for them.
    private struct Writer {
        let buffer: UnsafeMutableBufferPointer<UInt8>
        var count = 0

        mutating func byte(_ b: UInt8) { buffer[count] = b; count += 1 }

        /// Zigzag, then LEB128: 7 bits a byte, low first, the high bit set on all but the last.
        mutating func signed(_ v: Int64) {
            var u = UInt64(bitPattern: (v << 1) ^ (v >> 63))
            while u >= 0x80 { byte(UInt8(truncatingIfNeeded: u) | 0x80); u >>= 7 }
            byte(UInt8(u))
        }
    }

    /// Reads what `Writer` wrote.
    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var at: Int

        mutating func signed() -> Int64 {
            var u: UInt64 = 0, shift: UInt64 = 0
            while true {
                let b = bytes[at]; at += 1
                u |= UInt64(b & 0x7F) << shift
                if b < 0x80 { break }
                shift += 7
            }
            return Int64(bitPattern: u >> 1) ^ -Int64(bitPattern: u & 1)
        }
    }
}
