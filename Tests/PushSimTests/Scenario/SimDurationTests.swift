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
        ("5 s", "has a space"),
        ("5,5s", "expected a unit after the number, got \",\""),
        ("1h30", "write e.g. \"1h30s\""),
    ])
    func rejects(text: String, reasonMentions: String) {
        let error = #expect(throws: DurationSyntaxError.self) { try SimDuration(parsing: text) }
        #expect(error?.reason.contains(reasonMentions) == true, "reason: \(error?.reason ?? "none")")
        #expect(error?.description == error?.reason)
    }

    @Test("A near miss is answered with a spelling that parses and means the same", arguments: [
        ("2 m", "2m", SimDuration.minutes(2)), ("2 min", "2m", .minutes(2)), ("2 mins", "2m", .minutes(2)),
        ("2min", "2m", .minutes(2)), ("2 sec", "2s", .seconds(2)), ("10 s", "10s", .seconds(10)), ("1 hour", "1h", .hours(1)),
        ("1.5 hours", "1.5h", .minutes(90)), ("2 days", "2d", .days(2)), ("30S", "30s", .seconds(30)), ("10MS", "10ms", .milliseconds(10)),
        ("1h 30m", "1h30m", .minutes(90)), ("1 hr 5 mins", "1h5m", .minutes(65)), (" 5s", "5s", .seconds(5)), ("250 µs", "250us", .microseconds(250)),
        ("2w", "14d", .days(14)), ("1.5 weeks", "10.5d", .hours(252)), ("300 milliseconds", "300ms", .milliseconds(300)),
    ])
    func suggests(text: String, hint: String, value: SimDuration) throws {
        let error = #expect(throws: DurationSyntaxError.self) { try SimDuration(parsing: text) }
        #expect(error?.reason.hasSuffix("; did you mean \"\(hint)\"?") == true, "\(text): \(error?.reason ?? "none")")
        #expect(SimDuration.suggestion(for: text) == hint)
        #expect(try SimDuration(parsing: hint) == value, "\(hint) does not mean \(text)")
    }

    @Test("No guess where the meaning is unclear: a bare number, an unknown unit, M", arguments: ["30", "5x", "2M", "s", "", "2 m 3", "1e3s", "-5 s"])
    func noSuggestion(text: String) {
        let error = #expect(throws: DurationSyntaxError.self) { try SimDuration(parsing: text) }
        #expect(error?.reason.contains("did you mean") == false, "\(text): \(error?.reason ?? "none")")
    }

    @Test("Unit names: the canonical ones, their words and capitals; not M, not weeks")
    func unitNames() {
        #expect(SimDuration.unitName(for: "min") == "m" && SimDuration.unitName(for: "Seconds") == "s" && SimDuration.unitName(for: "h") == "h")
        #expect(SimDuration.unitName(for: "M") == nil && SimDuration.unitName(for: "w") == nil && SimDuration.unitName(for: "x") == nil)
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
