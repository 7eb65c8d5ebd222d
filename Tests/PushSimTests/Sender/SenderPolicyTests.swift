import Testing
@testable import PushSim

/// The simple sender policies against a scripted host.
@Suite("Sender policies")
struct SenderPolicyTests {
    @Test("perChange sends each message at once to every device with a token, main device first")
    func perChange() {
        var host = FakeSenderHost()
        host.tokens = [true, false, true]
        var p = PerChange()
        drive(&p, &host, messages: [message(1, at: seconds(5)), message(2, at: seconds(9))], until: seconds(60))
        #expect(host.requests.map(\.device) == [0, 2, 0, 2])
        #expect(host.times == [seconds(5), seconds(5), seconds(9), seconds(9)])
        #expect(host.requests.map(\.push.notification) == [1, 1, 2, 2])
        #expect(host.timers.isEmpty && host.settled.isEmpty)
    }

    @Test("collapsePerEntity sets the same collapse key and apns-collapse-id per entity")
    func collapsePerEntity() {
        var host = FakeSenderHost()
        var p = CollapsePerEntity()
        drive(&p, &host, messages: [message(1, key: 3, at: seconds(1)), message(2, key: 4, at: seconds(2)), message(3, key: 3, at: seconds(3))],
              until: seconds(10))
        let keys = host.requests.map(\.push.collapseKey)
        #expect(keys == host.requests.map(\.push.displayTag))
        #expect(keys[0] == KeyPattern("entity-{key}").id(for: 3) && keys[0] == keys[2] && keys[0] != keys[1])
    }

    @Test("coalesce: one hint per window with the latest cursor; the ones it replaces are superseded")
    func coalesce() {
        var host = FakeSenderHost()
        var p = Coalesce()
        let messages = (1...12).map { message(Int64($0), at: seconds(5 * Int64($0))) }
        drive(&p, &host, messages: messages, until: seconds(300))
        // 5 s: at once (window to 35 s). 35 s: the window has ended, so 7 goes at once and
        // replaces the waiting 6. The newest of 40–60 s (12) goes when that window ends.
        #expect(host.times == [seconds(5), seconds(35), seconds(65)])
        #expect(host.requests.map(\.push.cursor) == [1, 7, 12])
        #expect(host.settled.map(\.message) == [2, 3, 4, 5, 6, 8, 9, 10, 11] && host.settled.allSatisfy { $0.fate == .superseded })
        #expect(host.counts[.rowsStuck] == 0)

        var held = FakeSenderHost(), q = Coalesce()
        drive(&q, &held, messages: [message(1, at: seconds(0)), message(2, at: seconds(10))], until: seconds(20))
        #expect(held.times == [seconds(0)] && held.settled.map(\.fate) == [.pending] && held.counts[.rowsStuck] == 1)
    }

    @Test("quietHoursNaive drops what falls inside the quiet hours and sends the rest at once")
    func quietHoursNaive() {
        var host = FakeSenderHost()
        host.recipient.quietHours = QuietHours(from: 22 * 3_600_000_000, to: 7 * 3_600_000_000)
        host.recipient.bind(startEpoch: LocalClock.epochSeconds(utc: "2026-02-14T20:00:00Z"), horizon: .hours(12))  // UTC clock
        var p = QuietHoursNaive()
        drive(&p, &host, messages: [message(1, at: minutes(60)), message(2, at: minutes(180)), message(3, at: minutes(660))],
              until: minutes(720))
        // UTC: 21:00 outside, 23:00 inside, 07:00 outside.
        #expect(host.requests.map(\.push.notification) == [1, 3])
    }

    @Test("backoff: 1, 2, 4 … min capped at 1 h; waits in [base, 1.1 base); no draw without jitter")
    func backoff() {
        let b = Backoff()
        #expect((1...9).map { b.base(after: $0) } == [1, 2, 4, 8, 16, 32, 60, 60, 60].map { SimDuration.minutes($0) })
        let random = RandomStream(type: GeneratorType.named("mt19937")!, seed: 3)
        for n in 1...9 {
            for _ in 0..<200 {
                let w = b.wait(after: n, random: random)
                #expect(w >= b.base(after: n) && w.microseconds < b.base(after: n).microseconds * 11 / 10)
            }
        }
        var flat = Backoff()
        flat.jitter = 0
        let a = RandomStream(type: GeneratorType.named("mt19937")!, seed: 5), fresh = RandomStream(type: GeneratorType.named("mt19937")!, seed: 5)
        #expect(flat.wait(after: 3, random: a) == .minutes(4))
        #expect(a.uniform() == fresh.uniform(), "no jitter, no draw")
    }
}
