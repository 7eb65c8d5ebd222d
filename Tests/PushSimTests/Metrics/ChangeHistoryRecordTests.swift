import Testing
@testable import PushSim

@Suite("ChangeHistory: packed records")
struct ChangeHistoryRecordTests {
    @Test("next, notify and displayed are set and read independently, at 16 bytes a record")
    func fieldsIndependent() {
        let nexts: [Int64] = [0, 1, 12, Int64(Int32.max) + 1, (1 << 62) - 1]
        for next in nexts {
            for notify in [false, true] {
                for displayed in [false, true] {
                    var r = ChangeHistory.Record(time: -next, next: next, notify: notify, displayed: displayed)
                    #expect(r.time == -next && r.next == next && r.notify == notify && r.displayed == displayed)
                    r.displayed.toggle()
                    #expect(r.next == next && r.notify == notify && r.displayed == !displayed)
                    r.notify.toggle()
                    #expect(r.next == next && r.notify == !notify && r.displayed == !displayed)
                    r.next = nexts[(nexts.firstIndex(of: next)! + 1) % nexts.count]
                    #expect(r.notify == !notify && r.displayed == !displayed && r.next != next)
                }
            }
        }
        #expect(MemoryLayout<ChangeHistory.Record>.stride == 16)
    }

    @Test("A history links each key's changes in order")
    func links() {
        var h = ChangeHistory(keys: 2)
        h.commit(sequence: 1, key: 0, previous: 0, at: .zero, notify: true)
        h.commit(sequence: 2, key: 1, previous: 0, at: .zero + .seconds(1), notify: false)
        h.commit(sequence: 3, key: 0, previous: 1, at: .zero + .seconds(2), notify: false)
        #expect(h[1].next == 3 && h[2].next == 0 && h[3].next == 0)
        #expect(h[1].notify && !h[2].notify && !h[1].displayed)
        #expect(h[3].time == 2_000_000)
    }
}
