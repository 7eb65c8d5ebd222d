import Testing
@testable import PushSim

/// `Replica`: the client's copy and its pull machine's flags. What a process end and a
/// reset leave of them (docs/model.md, "App code": a pull in flight belongs to its process;
/// when the process ends its answer is dropped and a remembered follow-up pull is forgotten;
/// a notification promised after a pull is not posted if pulls fail until the process ends).
@Suite("Replica")
struct ReplicaTests {
    /// A replica in the middle of a run: values, a cursor, a pull in flight with a follow-up
    /// and a full sync wanted behind it, two promised notifications, a deadline.
    private static func busy() -> Replica {
        var r = Replica(keys: 3)
        r.state = [4, 0, 6]
        r.cursor = 6
        r.pullInFlight = true
        r.pullAgain = true
        r.fullSyncWanted = true
        r.currentPullIsFull = true
        r.notifyAfterPull = [(key: 0, push: 5), (key: 2, push: 6)]
        r.pullDeadline = .zero + .seconds(30)
        return r
    }

    @Test("a new replica: one 0 per key, cursor 0, no pull in flight or asked for, no deadline")
    func initialState() {
        let r = Replica(keys: 4)
        #expect(r.state == [0, 0, 0, 0] && r.cursor == 0)
        #expect(!r.pullInFlight && !r.pullAgain && !r.fullSyncWanted && !r.currentPullIsFull)
        #expect(r.notifyAfterPull.isEmpty && r.pullDeadline == .distantFuture)
    }

    @Test("the process ends: no pull in flight, no follow-up, no full sync wanted, no promised notification; values and cursor stay")
    func processEndedForgetsThePullMachine() {
        var r = Self.busy()
        r.processEnded()
        #expect(!r.pullInFlight, "the new process may start a pull at once")
        #expect(!r.pullAgain, "a follow-up pull asked for by the dead process is forgotten")
        #expect(!r.fullSyncWanted, "a full sync asked for by the dead process is forgotten")
        #expect(r.notifyAfterPull.isEmpty, "promised notifications die with the process")
        #expect(r.state == [4, 0, 6] && r.cursor == 6, "what was applied stays applied")
    }

    @Test("forgetting pending pulls clears the follow-up and the full sync only")
    func forgetPendingPulls() {
        var r = Self.busy()
        r.forgetPendingPulls()
        #expect(!r.pullAgain && !r.fullSyncWanted)
        #expect(r.pullInFlight && r.notifyAfterPull.count == 2)
    }

    @Test("reset: as a new replica with the same number of keys")
    func resetIsANewReplica() {
        var r = Self.busy()
        r.reset()
        #expect(r.state == [0, 0, 0] && r.cursor == 0)
        #expect(!r.pullInFlight && !r.pullAgain && !r.fullSyncWanted && !r.currentPullIsFull)
        #expect(r.notifyAfterPull.isEmpty, "no notification promised in the previous run is posted in this one")
        #expect(r.pullDeadline == .distantFuture)
    }
}
