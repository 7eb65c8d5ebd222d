import Testing
@testable import PushSim

/// `LocalClock.epochSeconds(utc:)` by the Gregorian leap-year rule (every 4th year, except
/// centuries not divisible by 400). Expected UNIX times are Python's `calendar.timegm`.
@Suite struct LocalClockTests {
    @Test("leap days: 2000-02-29 and 2024-02-29 exist; 1900-02-29 and 2100-02-29 do not")
    func leapDays() {
        #expect(LocalClock.epochSeconds(utc: "2000-02-29T00:00:00Z") == 951_782_400)
        #expect(LocalClock.epochSeconds(utc: "2024-02-29T00:00:00Z") == 1_709_164_800)
        #expect(LocalClock.epochSeconds(utc: "1900-02-29T00:00:00Z") == nil)
        #expect(LocalClock.epochSeconds(utc: "2100-02-29T00:00:00Z") == nil)
    }

    @Test("the day after February in a century year: 2100-03-01 and 1900-03-01")
    func centuryMarchFirst() {
        #expect(LocalClock.epochSeconds(utc: "2100-03-01T00:00:00Z") == 4_107_542_400)
        #expect(LocalClock.epochSeconds(utc: "1900-03-01T00:00:00Z") == -2_203_891_200)
    }
}
