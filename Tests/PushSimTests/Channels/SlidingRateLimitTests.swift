import Testing
@testable import PushSim

/// F8's per-device windows (240 a minute, 5,000 an hour): a send counts for the window
/// (now − 1 min, now] and (now − 1 h, now], so a send exactly a window old no longer counts
/// and one a microsecond younger still does (docs/platform-rules.md, F8).
@Suite struct SlidingRateLimitTests {
    static func us(_ v: Int64) -> SimTime { SimTime(microseconds: v) }
    static let minute: Int64 = 60_000_000, hour: Int64 = 3_600_000_000

    /// A limiter that admitted `count` sends at t = 0, 10 min, 20 min, … (one per 10 min:
    /// never two in one minute).
    static func filled(_ count: Int, perHour: Int) -> SlidingRateLimit {
        var limit = SlidingRateLimit()
        for i in 0..<count { do { let admitted = limit.admit(at: us(Int64(i) * 10 * minute), perMinute: 240, perHour: perHour); #expect(admitted) } }
        return limit
    }

    @Test("hour window: with 3 an hour, a 4th send 1 µs before the first is 1 h old is refused")
    func hourWindowJustInside() {
        var limit = Self.filled(3, perHour: 3)
        do { let admitted = limit.admit(at: Self.us(Self.hour - 1), perMinute: 240, perHour: 3); #expect(!admitted) }
    }

    @Test("hour window: a send exactly 1 h after the first no longer counts it, so it is admitted")
    func hourWindowAtTheEdge() {
        var limit = Self.filled(3, perHour: 3)
        do { let admitted = limit.admit(at: Self.us(Self.hour), perMinute: 240, perHour: 3); #expect(admitted) }
    }

    @Test("hour window: 1 µs past the hour the first send is forgotten, the second (10 min later) still counts")
    func hourWindowForgetsOnlyTheOldest() {
        var limit = Self.filled(3, perHour: 3)
        do { let admitted = limit.admit(at: Self.us(Self.hour + 1), perMinute: 240, perHour: 3); #expect(admitted) }
        do { let admitted = limit.admit(at: Self.us(Self.hour + 2), perMinute: 240, perHour: 3); #expect(!admitted) }
    }

    @Test("minute window: 2 a minute, a 3rd send 1 µs before the first is 60 s old is refused")
    func minuteWindowJustInside() {
        var limit = SlidingRateLimit()
        do { let admitted = limit.admit(at: Self.us(0), perMinute: 2, perHour: 5_000); #expect(admitted) }
        do { let admitted = limit.admit(at: Self.us(1), perMinute: 2, perHour: 5_000); #expect(admitted) }
        do { let admitted = limit.admit(at: Self.us(Self.minute - 1), perMinute: 2, perHour: 5_000); #expect(!admitted) }
    }

    @Test("minute window: a send exactly 60 s after the first is admitted (the first no longer counts); another at that instant is refused (the one at 1 µs still counts)")
    func minuteWindowAtTheEdge() {
        var limit = SlidingRateLimit()
        do { let admitted = limit.admit(at: Self.us(0), perMinute: 2, perHour: 5_000); #expect(admitted) }
        do { let admitted = limit.admit(at: Self.us(1), perMinute: 2, perHour: 5_000); #expect(admitted) }
        do { let admitted = limit.admit(at: Self.us(Self.minute), perMinute: 2, perHour: 5_000); #expect(admitted) }
        do { let admitted = limit.admit(at: Self.us(Self.minute), perMinute: 2, perHour: 5_000); #expect(!admitted) }
    }

    @Test("a refused send is not counted: after refusals the window holds only the admitted sends")
    func refusalsDoNotCount() {
        var limit = SlidingRateLimit()
        do { let admitted = limit.admit(at: Self.us(0), perMinute: 1, perHour: 5_000); #expect(admitted) }
        for t in 1...5 { do { let admitted = limit.admit(at: Self.us(Int64(t) * 1_000_000), perMinute: 1, perHour: 5_000); #expect(!admitted) } }
        do { let admitted = limit.admit(at: Self.us(Self.minute), perMinute: 1, perHour: 5_000); #expect(admitted) }
    }
}
