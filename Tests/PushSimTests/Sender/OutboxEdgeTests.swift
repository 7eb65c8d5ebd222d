import Testing
@testable import PushSim

/// Outbox edges: what is left at the horizon, the backlog a fleet's timeline samples, and
/// the claim instants of a row (due and lease end included).
@Suite struct OutboxEdgeTests {
    static func outbox(_ configure: (inout Outbox) -> Void = { _ in }) -> Outbox {
        var o = Outbox()
        o.log = []
        configure(&o)
        return o
    }

    @Test("a row still queued at the horizon is counted stuck and its message settled pending")
    func leftoverRowsSettlePending() {
        var host = FakeSenderHost(), box = Self.outbox()
        drive(&box, &host, messages: [message(1, at: seconds(30))], until: seconds(45))   // first sweep would be at 60 s
        #expect(host.requests.isEmpty)
        #expect(host.counts[.rowsStuck] == 1)
        #expect(host.settled.map(\.message) == [1] && host.settled.map(\.fate) == [.pending])
    }

    @Test("backlog: a row due exactly now counts as late (waiting); 1 µs before its due time it does not")
    func backlogDueNowIsLate() {
        var host = FakeSenderHost(), box = Self.outbox()
        host.now = seconds(30)
        host.call { box.onMessage(message(1, at: seconds(30)), &$0) }
        #expect(box.backlog(at: seconds(30)) == (rows: 1, late: 1))
        #expect(box.backlog(at: SimTime(microseconds: 29_999_999)) == (rows: 1, late: 0))
    }

    @Test("a queued row is claimable from its due instant on; a claimed row from its lease end on")
    func claimInstants() {
        var row = OutboxRow(push: message(1, at: .zero), device: 0, due: seconds(60), expiresAt: minutes(100), supersedeKey: nil)
        #expect(!row.isClaimable(at: SimTime(microseconds: 59_999_999)) && row.isClaimable(at: seconds(60)))
        row.state = .claimed
        row.leaseUntil = seconds(180)
        #expect(!row.isClaimable(at: SimTime(microseconds: 179_999_999)) && row.isClaimable(at: seconds(180)))
        for s in [OutboxRow.State.accepted, .failed, .expired, .superseded] {
            row.state = s
            #expect(s.isTerminal && !row.isClaimable(at: minutes(99)), "\(s)")
        }
        for s in [OutboxRow.State.queued, .deferred, .claimed] { #expect(!s.isTerminal, "\(s)") }
    }
}
