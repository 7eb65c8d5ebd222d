import Testing
@testable import PushSim

@Suite struct PushLedgerFateTests {
    @Test("a push dropped offline ends delivered when its duplicate copy is delivered later; any other fate is kept")
    func offlineCopyThenDelivered() {
        var ledger = PushLedger()
        for id in Int64(1)...3 { ledger.sent(id) }
        ledger.finish(1, .droppedDeviceOffline)      // first copy arrived offline
        #expect(ledger.finish(1, .delivered) && ledger.outcome(1) == .delivered)
        ledger.finish(2, .lost)
        #expect(!ledger.finish(2, .delivered) && ledger.outcome(2) == .lost)
        ledger.finish(3, .droppedDeviceOffline)
        #expect(!ledger.finish(3, .expired) && ledger.outcome(3) == .droppedDeviceOffline)
        let c = ledger.outcomeCounts()
        #expect(c[PushOutcome.delivered.rawValue] == 1 && c[PushOutcome.droppedDeviceOffline.rawValue] == 1)
    }
}
