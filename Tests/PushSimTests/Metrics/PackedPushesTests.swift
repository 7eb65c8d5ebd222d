import Testing
@testable import SimKernel
@testable import PushSim

@Suite("PushLedger: packed pushes")
struct PackedPushesTests {
    /// Pushes with every field away from its default, each optional's presence and each
    /// enum varied by its own bits of i, and the integer fields at their extremes in turn.
    private static func variants() -> [Push] {
        let extremes: [Int64] = [0, 1, -1, 63, 64, -64, -65, 127, 128, 1 << 35, -(1 << 35), .max, .min, .max - 1, .min + 1]
        var out: [Push] = []
        for i in 0..<240 {
            let x = extremes[i % extremes.count], y = extremes[(i / 3) % extremes.count]
            var p = Push(id: Int64(i + 1), cursor: i % 4 == 0 ? x : Int64(1_000 + i),
                         change: Change(sequence: i % 4 == 1 ? x : Int64(i * 3 + 1), key: i % 9 == 0 ? Int32.min : Int32(i % 5),
                                        value: i % 4 == 2 ? x : Int64(-i)),
                         sentAt: .zero + .microseconds(i % 4 == 3 ? Swift.max(0, x) : Int64(i) * 7_919))
            p.type = MessageType.allCases[(i / 2) % 3]
            p.priority = i & 1 == 0 ? .high : .normal
            p.apnsPriority = i % 11 == 0 ? Int8.min : [10, 5, 1][(i / 5) % 3]
            p.mutableContent = i & 8 != 0
            p.batch = i % 13 == 0 ? Int16.max : Int16(i % 6)
            if i & 16 != 0 { p.collapseKey = y }                       // 0 present is not nil
            if i & 32 != 0 { p.displayTag = x }
            if i & 64 != 0 { p.lifetime = .microseconds(i & 128 == 0 ? 0 : y) }
            p.size = i % 7 == 0 ? Int32.max : Int32(i * 13)
            p.recipient = i % 17 == 0 ? Int32.min : Int32(i * 10_007)
            p.notification = i % 8 == 0 ? p.id : y
            out.append(p)
        }
        return out
    }

    @Test("A push stored and read back is the same push, every field, extremes included")
    func roundTrip() {
        let pushes = Self.variants()
        // The variants cover each presence and enum combination.
        let shapes = Set(pushes.map { "\($0.type) \($0.priority) \($0.mutableContent) \($0.collapseKey != nil) \($0.displayTag != nil) \($0.lifetime != nil)" })
        #expect(shapes.count == 3 * 2 * 2 * 2 * 2 * 2)
        #expect(pushes.contains { $0.collapseKey == 0 } && pushes.contains { $0.lifetime == .zero } && pushes.contains { $0.cursor == .min })
        var packed = PackedPushes()
        for (i, p) in pushes.enumerated() { packed.set(i, p) }
        #expect(packed.count == pushes.count)
        for (i, p) in pushes.enumerated() {
            #expect(packed.push(i, id: p.id) == p)
            #expect(packed.key(i) == p.change.key)
            #expect(StoredPush(p).push(id: p.id) == p)          // a lone world's fixed-width record
        }
        #expect(MemoryLayout<StoredPush>.stride == 80)
    }

    @Test("Small values take a few bytes a push")
    func compact() {
        var packed = PackedPushes()
        for i in 0..<100 {
            var p = Push(id: Int64(i + 1), cursor: Int64(i + 1), change: Change(sequence: Int64(i + 1), key: 3, value: Int64(i)),
                         sentAt: .zero + .seconds(Int64(i) * 600))
            p.size = 512
            packed.set(i, p)
        }
        // flags, key, cursor offset, value, notification offset, recipient, batch: 1 byte each;
        // sequence ≤ 2, sentAt ≤ 6, size 2, apnsPriority 1.
        #expect(packed.byteCount <= 100 * 18)
    }

    @Test("The ledger gives back each push as last recorded, by id, rewrites and gaps included, packed or not",
          arguments: [false, true])
    func ledgerKeepsTheLastRecord(packing: Bool) {
        var ledger = PushLedger()
        if packing { ledger.packPushes() }
        let pushes = Self.variants()
        for p in pushes { ledger.sent(p.id) }
        for p in pushes.reversed() { ledger.record(p) }   // the first record fills the gaps below it
        var expected = pushes
        // Recorded in reverse, so the last written is index 0: every rewrite here appends
        // (the in-place rewrite is checked in `gaps`). The last index, a middle one, the last
        // again, and the middle one twice more.
        for (k, i) in [pushes.count - 1, 10, pushes.count - 1, 10, 10].enumerated() {
            var changed = expected[i]
            changed.priority = changed.priority == .normal ? .high : .normal
            changed.collapseKey = k % 2 == 0 ? nil : Int64(k)
            changed.sentAt = changed.sentAt + .seconds(Int64(k + 1))
            ledger.record(changed)
            expected[i] = changed
        }
        for p in expected {
            #expect(ledger.push(p.id) == p)
            #expect(ledger.key(of: p.id) == p.change.key)
        }
    }

    @Test("Gaps share the record of the push that opened them, and setting one later leaves the others intact")
    func gaps() {
        var packed = PackedPushes()
        let pushes = Self.variants()
        packed.set(4, pushes[4])
        #expect(packed.count == 5)
        packed.set(4, pushes[5])           // the last index, rewritten in place
        var alone = PackedPushes()
        alone.set(4, pushes[5])
        #expect(packed.byteCount == alone.byteCount)   // in place: no bytes left behind
        packed.set(2, pushes[2])           // a gap: a new record
        packed.set(4, pushes[4])           // the last index, no longer the last record
        packed.set(0, pushes[0]); packed.set(1, pushes[1]); packed.set(3, pushes[3])
        for i in 0..<5 { #expect(packed.push(i, id: pushes[i].id) == pushes[i]) }
    }

    @Test("Records left unused by rewrites are dropped when the bytes fill, and every push reads back")
    func compaction() {
        let pushes = Self.variants()
        var packed = PackedPushes(), alone = PackedPushes()
        var expected: [Push] = []
        for (i, p) in pushes.enumerated() {
            packed.set(i, p)
            expected.append(p)
            // Rewrite an earlier push (a new record each time, the old one left unused).
            if i > 0 {
                var again = expected[i / 2]
                again.cursor = again.cursor &+ 1
                packed.set(i / 2, again)
                expected[i / 2] = again
            }
        }
        for (i, p) in expected.enumerated() { alone.set(i, p) }
        for (i, p) in expected.enumerated() { #expect(packed.push(i, id: p.id) == p) }
        // Without compaction the bytes would be about twice the live records'.
        #expect(packed.byteCount < alone.byteCount * 3 / 2 + 144, "\(packed.byteCount) bytes for \(alone.byteCount) live")
        packed.compact()
        #expect(packed.byteCount == alone.byteCount)
        for (i, p) in expected.enumerated() { #expect(packed.push(i, id: p.id) == p) }
        // A gap's shared record survives compaction, and the last record is still rewritten in place.
        var gaps = PackedPushes()
        gaps.set(3, pushes[3])
        gaps.set(1, pushes[1])
        gaps.compact()
        for i in [0, 2] { #expect(gaps.push(i, id: pushes[3].id) == pushes[3]) }
        #expect(gaps.push(1, id: pushes[1].id) == pushes[1])
        var tail = PackedPushes()
        tail.set(0, pushes[0]); tail.set(1, pushes[1])
        tail.set(0, pushes[2])                // index 0 rewritten: its old record unused
        tail.set(1, pushes[3])                // the last index, not the last record: appended
        tail.compact()
        let size = tail.byteCount
        tail.set(1, pushes[3])                // the last record again after compaction: in place
        #expect(tail.byteCount == size)
        #expect(tail.push(0, id: pushes[2].id) == pushes[2] && tail.push(1, id: pushes[3].id) == pushes[3])
    }

    @Test("Starts past the 32-bit limit move to a wide table with every push intact")
    func widening() {
        let pushes = Self.variants()
        var packed = PackedPushes(narrowLimit: 600)    // a small limit stands in for 4 GiB
        for (i, p) in pushes.enumerated() {
            packed.set(i, p)
            if i == 10 { packed.set(3, pushes[0]); packed.set(3, pushes[3]) }   // rewrites before the limit
        }
        #expect(packed.isWide && packed.byteCount > 600)
        var moved = pushes[7]
        moved.id = pushes[5].id                        // read back with the id it is stored under
        packed.set(5, moved)                           // a rewrite after it
        for (i, p) in pushes.enumerated() { #expect(packed.push(i, id: p.id) == (i == 5 ? moved : p)) }
        packed.removeAll()
        #expect(packed.count == 0)
        packed.set(0, pushes[1])
        #expect(packed.push(0, id: 2) == pushes[1])
    }
}

@Suite("PushLedger: rejections")
struct PushLedgerRejectionTests {
    @Test("Rejections count per error from the first one on, and a reset ledger counts none")
    func countsAndReset() {
        var ledger = PushLedger()
        #expect(ledger.rejections.count == SendError.allCases.count && ledger.rejections.allSatisfy { $0 == 0 })
        for id in 1...4 { ledger.sent(Int64(id)) }
        ledger.reject(1, .quotaExceeded)
        ledger.reject(2, .quotaExceeded)
        ledger.reject(2, .unavailable)                  // push 2 had ended already
        ledger.reject(3, .apnsBadDeviceToken)
        let index = { (e: SendError) in PushLedger.sendErrors.firstIndex(of: e)! }
        #expect(ledger.rejections[index(.quotaExceeded)] == 2 && ledger.rejections[index(.apnsBadDeviceToken)] == 1)
        #expect(ledger.rejections.reduce(0, +) == 3)
        ledger.reset()
        #expect(ledger.rejections.count == SendError.allCases.count && ledger.rejections.allSatisfy { $0 == 0 })
        ledger.sent(1)
        ledger.reject(1, .unavailable)
        #expect(ledger.rejections[index(.unavailable)] == 1 && ledger.rejections.reduce(0, +) == 1)
    }
}
