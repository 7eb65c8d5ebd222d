import Testing
@testable import PushSim

/// The obviously correct model: every change ever committed, whole, in an unbounded array.
private struct ReferenceServer {
    var state: [Int64]
    var log: [Change] = []
    let retainLast: Int

    init(keyCount: Int, retainLast: Int) {
        state = Array(repeating: 0, count: keyCount)
        self.retainLast = retainLast
    }

    var head: Int64 { Int64(log.count) }

    mutating func commit(key: Int32) -> Change {
        let change = Change(sequence: head + 1, key: key, value: head + 1)
        log.append(change)
        state[Int(key)] = change.value
        return change
    }

    /// Events when the cursor is the head or at most `retainLast` changes behind it; a reset otherwise.
    func changes(since cursor: Int64) -> PullResult {
        if cursor == head { return .events([]) }
        guard cursor >= 0, cursor < head, head - cursor <= Int64(retainLast) else {
            return .reset(snapshot: state, cursor: head)
        }
        return .events(Array(log[Int(cursor)...]))
    }
}

@Suite("Server")
struct ServerTests {
    @Test("commit advances head, numbers changes 1, 2, 3, … and writes each one's number to its key")
    func commitHeadState() {
        var server = Server(keyCount: 3, retainLast: 4)
        #expect(server.head == 0)
        #expect(server.state == [0, 0, 0])
        #expect(server.oldestRetained == 1)

        let first = server.commit(key: 2)
        #expect(first == Change(sequence: 1, key: 2, value: 1))
        #expect(server.head == 1)
        #expect(server.state == [0, 0, 1])

        let second = server.commit(key: 0)
        let third = server.commit(key: 2)
        #expect(second == Change(sequence: 2, key: 0, value: 2) && third == Change(sequence: 3, key: 2, value: 3))
        #expect(server.head == 3)
        #expect(server.state == [2, 0, 3])
        #expect(server.oldestRetained == 1)
    }

    @Test("changes(since:) answers the consecutive changes after the cursor, in order")
    func eventsAfterCursor() {
        var server = Server(keyCount: 2, retainLast: 10)
        var committed: [Change] = []
        for i in 1...6 { committed.append(server.commit(key: Int32(i % 2))) }
        #expect(server.changes(since: 0) == .events(committed))
        #expect(server.changes(since: 2) == .events(Array(committed[2...])))
        #expect(server.changes(since: 5) == .events([committed[5]]))
        if case let .events(changes) = server.changes(since: 3) {
            #expect(changes.map(\.sequence) == [4, 5, 6])
        } else {
            Issue.record("expected events for a retained cursor")
        }
    }

    @Test("a cursor equal to the head gets empty events, also before the first change and with retainLast 0")
    func upToDate() {
        for retain in [0, 1, 5] {
            var server = Server(keyCount: 2, retainLast: retain)
            #expect(server.changes(since: 0) == .events([]))
            for _ in 1...7 {
                server.commit(key: 1)
                #expect(server.changes(since: server.head) == .events([]), "retainLast \(retain), head \(server.head)")
            }
        }
    }

    @Test("a cursor older than the retained log gets a reset with the full snapshot and the head")
    func resetWhenTooOld() {
        var server = Server(keyCount: 3, retainLast: 3)
        for i in 1...8 { server.commit(key: Int32(i % 3)) }
        // Retained: 6, 7, 8. Cursor 5 still reaches (needs 6 onwards), cursor 4 does not.
        #expect(server.oldestRetained == 6)
        if case let .events(changes) = server.changes(since: 5) {
            #expect(changes.map(\.sequence) == [6, 7, 8])
        } else {
            Issue.record("cursor 5 should get events")
        }
        let expectedReset = PullResult.reset(snapshot: [6, 7, 8], cursor: 8)
        #expect(server.state == [6, 7, 8])
        for cursor: Int64 in [0, 1, 4] { #expect(server.changes(since: cursor) == expectedReset, "cursor \(cursor)") }
    }

    @Test("retainLast 0: every cursor behind the head gets a reset")
    func retainNothing() {
        var server = Server(keyCount: 2, retainLast: 0)
        for i in 1...5 {
            server.commit(key: Int32(i % 2))
            for cursor in 0..<server.head {
                #expect(server.changes(since: cursor) == .reset(snapshot: server.state, cursor: server.head))
            }
        }
        #expect(server.oldestRetained == server.head + 1)
    }

    @Test("a cursor ahead of the server, or negative, gets a reset")
    func brokenCursor() {
        var server = Server(keyCount: 1, retainLast: 5)
        server.commit(key: 0)
        server.commit(key: 0)
        let reset = PullResult.reset(snapshot: [2], cursor: 2)
        #expect(server.changes(since: 3) == reset)
        #expect(server.changes(since: 100) == reset)
        #expect(server.changes(since: -1) == reset)
    }

    @Test("random commit sequences agree with an unbounded-log reference for every cursor", arguments: 0..<8)
    func randomisedAgainstReference(block: Int) {
        var eventsAnswers = 0, resetAnswers = 0
        for seed in UInt64(block * 100)..<UInt64(block * 100 + 100) {
            var rng = SplitMix64(state: seed)
            let keys = 1 + rng.below(6)
            let retain = rng.below(12)
            let commits = rng.below(45)
            var server = Server(keyCount: keys, retainLast: retain)
            var reference = ReferenceServer(keyCount: keys, retainLast: retain)
            var mismatch: String?
            for _ in 0..<commits where mismatch == nil {
                let key = Int32(rng.below(keys))
                let got = server.commit(key: key)
                let want = reference.commit(key: key)
                if got != want || server.head != reference.head || server.state != reference.state {
                    mismatch = "commit: \(got) vs \(want)"
                    break
                }
                for cursor in -1...(reference.head + 1) {
                    let answer = server.changes(since: cursor), expected = reference.changes(since: cursor)
                    if answer != expected {
                        mismatch = "head \(reference.head), cursor \(cursor): \(answer) vs \(expected)"
                        break
                    }
                    if case .events = answer { eventsAnswers += 1 } else { resetAnswers += 1 }
                }
            }
            #expect(mismatch == nil, "seed \(seed), keys \(keys), retainLast \(retain): \(mismatch ?? "")")
        }
        // Both answers occur, so the comparison exercises the ring buffer as well as resets.
        #expect(eventsAnswers > 1_000 && resetAnswers > 1_000, "events \(eventsAnswers), resets \(resetAnswers)")
    }
}
