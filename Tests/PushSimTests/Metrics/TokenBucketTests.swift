import Testing
@testable import PushSim

/// `TokenBucket` in exact integer time: 2 or 3 tokens, one back every 3 minutes (F8's burst
/// and refill, scaled down).
@Suite struct TokenBucketTests {
    private func at(_ m: Int64, _ s: Int64 = 0) -> SimTime { .zero + .minutes(m) + .seconds(s) }

    /// `n` takes at `t`, in order: which succeeded.
    private func take(_ b: inout TokenBucket, _ n: Int, at t: SimTime) -> [Bool] { (0..<n).map { _ in b.take(at: t) } }

    @Test("a full bucket of 2 passes two takes at once and refuses the third until one refill after the first take")
    func burstThenRefill() {
        var b = TokenBucket(capacity: 2, refill: .minutes(3))
        let burst = take(&b, 3, at: at(1))
        #expect(burst == [true, true, false] && b.tokens == 0)
        let next = b.nextToken(at: at(2))
        #expect(next == at(4), "counted from the take at 1 min, when the bucket stopped being full")
        let early = take(&b, 1, at: at(3, 59)), due = take(&b, 2, at: at(4))
        #expect(early == [false] && due == [true, false])
    }

    @Test("a refill that spans several periods adds one token per whole period, and keeps the part of a period already run")
    func severalPeriods() {
        var b = TokenBucket(capacity: 2, refill: .minutes(3))
        let first = take(&b, 2, at: .zero)
        // 0 → 7 min: two whole periods (tokens back at 3 and 6 min) fill it; full, its clock restarts at 7 min.
        let later = take(&b, 3, at: at(7)), next = b.nextToken(at: at(7))
        #expect(first == [true, true] && later == [true, true, false] && next == at(10))
        var c = TokenBucket(capacity: 3, refill: .minutes(3))
        let all = take(&c, 3, at: .zero)
        // 0 → 4 min: one token (back at 3 min); the next is due at 6 min, not 7.
        let one = take(&c, 1, at: at(4)), due = c.nextToken(at: at(4)), then = take(&c, 2, at: at(6))
        #expect(all == [true, true, true] && one == [true] && due == at(6) && then == [true, false])
    }
}
