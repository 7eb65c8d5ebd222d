import Testing
@testable import PushSim

/// The outbox against a scripted host: sweeps, claims, expiry, attempts, tokens, batches,
/// supersede, Retry-After and crashes.
@Suite("Outbox")
struct OutboxTests {
    static func outbox(_ configure: (inout Outbox) -> Void = { _ in }) -> Outbox {
        var o = Outbox()
        o.log = []
        configure(&o)
        return o
    }

    @Test("a message is sent at the next sweep (whole periods), then the workers stop sweeping")
    func sweepTiming() {
        var host = FakeSenderHost(), box = Self.outbox()
        drive(&box, &host, messages: [message(1, at: seconds(30)), message(2, at: seconds(120))], until: seconds(600))
        #expect(host.times == [seconds(60), seconds(120)], "a message due exactly at a sweep goes in that sweep")
        #expect(box.rows.map(\.state) == [.accepted, .accepted] && box.rows.map(\.providerID) == [1, 2])
        #expect(host.timers.isEmpty && box.live.isEmpty, "no sweeps once every row is terminal")
        #expect(box.claims.count == 2 && box.claims.allSatisfy { $0.leaseUntil == $0.at + .minutes(2) })
    }

    @Test("staggered workers sweep w·period/workers apart; the first one due takes the row")
    func stagger() {
        var host = FakeSenderHost(), box = Self.outbox { $0.workers = 2; $0.stagger = true }
        drive(&box, &host, messages: [message(1, at: seconds(10)), message(2, at: seconds(40))], until: seconds(200))
        #expect(host.times == [seconds(30), seconds(60)])
        #expect(box.claims.map(\.worker) == [1, 0])
    }

    @Test("expiry is set at enqueue; the remaining lifetime goes to the channel; an expired row is not sent")
    func expiry() {
        var host = FakeSenderHost(), box = Self.outbox()
        drive(&box, &host, messages: [message(1, at: seconds(30), lifetime: .minutes(10)), message(2, at: seconds(35), lifetime: .seconds(20))],
              until: seconds(600))
        #expect(host.requests.map(\.push.notification) == [1])
        #expect(host.requests.map(\.push.lifetime) == [.seconds(570)], "sent at 60 s of a lifetime ending at 630 s")
        #expect(box.rows.map(\.state) == [.accepted, .expired])
        #expect(host.settled.map(\.message) == [2] && host.settled.map(\.fate) == [.expired])
    }

    @Test("retryable errors back off; after maxAttempts the row fails; Retry-After is a lower bound")
    func attemptsAndRetryAfter() {
        var host = FakeSenderHost(), box = Self.outbox { $0.maxAttempts = 3; $0.backoff.jitter = 0 }
        host.answer = { _, _, n in .rejected(.unavailable, retryAfter: n == 0 ? .seconds(30) : .minutes(5)) }
        drive(&box, &host, messages: [message(1, at: .zero)], until: minutes(60))
        // 0: answer Retry-After 30 s < 1 min backoff ⇒ due 1 min. 1 min: Retry-After 5 min >
        // 2 min backoff ⇒ due 6 min. 6 min: third attempt; then the row has used its attempts.
        #expect(host.times == [.zero, minutes(1), minutes(6)])
        #expect(box.retries.map { $0.due - $0.at } == [.minutes(1), .minutes(5)])
        #expect(box.rows[0].state == .failed && box.rows[0].attempts == 3 && host.counts[.attemptsMax] == 3)
    }

    @Test("a final token error fails the row and deletes the token; later messages skip that device")
    func unregistered() {
        var host = FakeSenderHost(), box = Self.outbox()
        host.tokens = [true, true]
        host.answer = { _, device, _ in device == 0 ? .rejected(.unregistered, retryAfter: nil) : .accepted(messageID: 9) }
        drive(&box, &host, messages: [message(1, at: .zero), message(2, at: seconds(90))], until: seconds(600))
        #expect(host.requests.map(\.device) == [0, 1, 1])
        #expect(box.rows.map(\.state) == [.failed, .accepted, .accepted] && host.tokens == [false, true])
        #expect(host.counts[.tokensDeleted] == 1)

        // INVALID_ARGUMENT is final but says nothing about the token (C4).
        var h2 = FakeSenderHost(), b2 = Self.outbox()
        h2.answer = { _, _, _ in .rejected(.invalidArgument, retryAfter: nil) }
        drive(&b2, &h2, messages: [message(1, at: .zero)], until: seconds(600))
        #expect(b2.rows[0].state == .failed && h2.tokens == [true] && h2.counts[.tokensDeleted] == 0)
    }

    @Test("a token deleted between enqueue and send fails the row without a request")
    func tokenGoneBeforeSend() {
        var host = FakeSenderHost(), box = Self.outbox()
        host.call { box.onMessage(message(1, at: seconds(10)), &$0) }
        host.tokens = [false]
        drive(&box, &host, messages: [], until: seconds(600))
        #expect(host.requests.isEmpty && box.rows[0].state == .failed)
    }

    @Test("a worker claims at most batch rows per sweep")
    func batch() {
        var host = FakeSenderHost(), box = Self.outbox { $0.batch = 2 }
        drive(&box, &host, messages: (1...5).map { message(Int64($0), at: .zero) }, until: seconds(600))
        #expect(host.times == [.zero, .zero, seconds(60), seconds(60), seconds(120)])
    }

    @Test("supersede replaces queued and deferred rows with the same key, never a claimed one")
    func supersedeSparesClaimedRows() {
        var host = FakeSenderHost(), box = Self.outbox { $0.supersedeKey = KeyPattern("order-{key}"); $0.answerLatency = .constant(.minutes(3)) }
        // 1 is claimed and sent at 0; its answer comes at 3 min, after the 2 min lease, so it is
        // not recorded. 2 (same order) at 30 s is queued; 3 at 40 s supersedes 2, not 1.
        drive(&box, &host, messages: [message(1, at: .zero), message(2, at: seconds(30)), message(3, at: seconds(40)),
                                      message(4, key: 1, at: seconds(45))], until: seconds(50))
        #expect(box.rows.map(\.state) == [.claimed, .superseded, .queued, .queued])
        #expect(host.settled.map(\.message) == [2, 1, 3, 4], "superseded at 40 s; at the horizon the rest still held, in row order")
        #expect(host.settled.map(\.fate) == [.superseded, .pending, .pending, .pending])
        #expect(host.counts[.rowsStuck] == 3)
    }

    @Test("a crash after acceptance leaves the rest of the batch claimed; all are sent again after the lease")
    func crashAbandonsTheBatch() {
        var host = FakeSenderHost(), box = Self.outbox { $0.crash = 1; $0.maxAttempts = 2 }
        drive(&box, &host, messages: [message(1, at: .zero), message(2, at: .zero)], until: minutes(30))
        // 0: row 0 sent, accepted, the worker dies before recording; row 1 stays claimed, unsent.
        // 2 min: both leases ran out; row 0 sent again (dies again), row 1 abandoned again.
        // 4 min: row 0 has used its 2 attempts ⇒ failed; row 1 sent (dies). 6 min: row 1 sent
        // (second attempt, dies). 8 min: row 1 failed.
        #expect(host.requests.map(\.push.notification) == [1, 1, 2, 2])
        #expect(host.times == [.zero, minutes(2), minutes(4), minutes(6)])
        #expect(host.counts[.workerCrashes] == 4 && box.rows.map(\.state) == [.failed, .failed])
        #expect(box.rows.map(\.acceptedAt) == [.zero, minutes(4)], "the provider accepted both")
    }
}
