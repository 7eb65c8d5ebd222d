import Testing
@testable import PushSim

@Suite("SimDuration parsing and formatting")
struct SimDurationTests {
    @Test("Scenario duration strings convert to exact microseconds", arguments: [
        ("250ms", Int64(250_000)),
        ("30s", 30_000_000),
        ("15m", 900_000_000),
        ("4h", 14_400_000_000),
        ("28d", 2_419_200_000_000),
        ("1h30m", 5_400_000_000),
        ("1.5s", 1_500_000),
        ("1.5h", 5_400_000_000),
        ("750us", 750),
        ("0s", 0),
        ("1d2h3m4s5ms6us", 93_784_005_006),
    ])
    func parses(text: String, microseconds: Int64) throws {
        #expect(try SimDuration(parsing: text) == SimDuration(microseconds: microseconds))
    }

    @Test("Parsed durations agree with the unit constructors")
    func agreesWithConstructors() throws {
        #expect(try SimDuration(parsing: "250ms") == .milliseconds(250))
        #expect(try SimDuration(parsing: "30s") == .seconds(30))
        #expect(try SimDuration(parsing: "15m") == .minutes(15))
        #expect(try SimDuration(parsing: "4h") == .hours(4))
        #expect(try SimDuration(parsing: "28d") == .days(28))
        #expect(try SimDuration(parsing: "1h30m") == .hours(1) + .minutes(30))
    }

    @Test("Malformed durations are rejected with a reason", arguments: [
        ("30", "no unit"),
        ("-5s", "negative"),
        ("5x", "unknown unit \"x\""),
        ("", "empty"),
        ("s", "expected a number"),
        ("1.2.3s", "expected a number"),
        ("5 s", "no unit"),
    ])
    func rejects(text: String, reasonMentions: String) {
        let error = #expect(throws: DurationSyntaxError.self) { try SimDuration(parsing: text) }
        #expect(error?.reason.contains(reasonMentions) == true, "reason: \(error?.reason ?? "none")")
        #expect(error?.description == error?.reason)
    }

    @Test("Absurdly long durations are rejected, not wrapped")
    func rejectsOverflow() {
        #expect(throws: DurationSyntaxError.self) { try SimDuration(parsing: "999999999d") }
    }

    @Test("SecondsFormat writes exact decimal seconds with six fractional digits", arguments: [
        (Int64(0), "0.000000"),
        (1, "0.000001"),
        (999_999, "0.999999"),
        (1_000_000, "1.000000"),
        (1_500_000, "1.500000"),
        (12_500_000, "12.500000"),
        (40_000_000, "40.000000"),
        (-250, "-0.000250"),
        (-1_000_001, "-1.000001"),
        (Int64.max, "9223372036854.775807"),
        (Int64.min, "-9223372036854.775808"),
    ])
    func formats(microseconds: Int64, expected: String) {
        #expect(SecondsFormat.string(microseconds) == expected)
    }

    @Test("SimTime and SimDuration descriptions use SecondsFormat")
    func descriptions() throws {
        #expect(SimTime(microseconds: 40_000_000).description == "40.000000")
        #expect(SimDuration.milliseconds(250).description == "0.250000")
        #expect(try SimDuration(parsing: "1h30m").description == "5400.000000")
        #expect(SimTime.zero.description == "0.000000")
    }

    @Test("Time arithmetic is exact in microseconds")
    func arithmetic() {
        let t = SimTime.zero + .seconds(90)
        #expect(t - .seconds(30) == SimTime(microseconds: 60_000_000))
        #expect(t - SimTime(microseconds: 30_000_000) == .minutes(1))
        #expect(SimDuration.milliseconds(250) * 4 == .seconds(1))
        #expect(SimDuration.seconds(90).seconds == 90.0)
        #expect(SimTime.distantFuture > t)
    }
}
