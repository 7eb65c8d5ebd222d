import Testing
@testable import SimKernel
@testable import PushSim

@Suite("PushLedger: stored pushes")
struct StoredPushTests {
    /// Pushes with every field away from its default, in turn and together.
    private static func variants() -> [Push] {
        var out: [Push] = []
        for i in 0..<96 {
            var p = Push(id: Int64(i + 1), cursor: Int64(1_000 + i), change: Change(sequence: Int64(i * 3 + 1), key: Int32(i % 5), value: Int64(-i)),
                         sentAt: .zero + .microseconds(Int64(i) * 7_919))
            p.type = MessageType.allCases[i % 3]
            p.priority = i % 2 == 0 ? .high : .normal
            p.apnsPriority = [10, 5, 1][i % 3]
            p.mutableContent = i % 4 == 1
            p.batch = Int16(i % 6)
            if i % 5 != 0 { p.collapseKey = Int64(i % 3) - 1 }        // -1, 0, 1: 0 present is not nil
            if i % 7 != 0 { p.displayTag = i % 2 == 0 ? 0 : Int64.max }
            if i % 3 != 0 { p.lifetime = i % 2 == 0 ? .zero : .seconds(Int64(i)) }
            p.size = Int32(i * 13)
            p.recipient = Int32(i * 10_007)
            p.notification = i % 8 == 0 ? p.id : Int64(500 + i)
            out.append(p)
        }
        return out
    }

    @Test("A push stored and read back is the same push, every field")
    func roundTrip() {
        let pushes = Self.variants()
        #expect(Set(pushes.map(\.type)).count == 3 && pushes.contains { $0.collapseKey == 0 } && pushes.contains { $0.lifetime == .zero })
        for p in pushes { #expect(StoredPush(p).push(id: p.id) == p) }
        #expect(MemoryLayout<StoredPush>.stride == 80)
    }

    @Test("The ledger gives back each push as last recorded, by id")
    func ledgerKeepsTheLastRecord() {
        var ledger = PushLedger()
        let pushes = Self.variants()
        for p in pushes { ledger.sent(p.id) }
        for p in pushes.reversed() { ledger.record(p) }   // the first record fills the gaps below it
        var downgraded = pushes[10]
        downgraded.priority = .normal
        downgraded.collapseKey = nil
        ledger.record(downgraded)
        for p in pushes {
            let expected = p.id == downgraded.id ? downgraded : p
            #expect(ledger.push(p.id) == expected)
            #expect(ledger.key(of: p.id) == p.change.key)
        }
    }
}
