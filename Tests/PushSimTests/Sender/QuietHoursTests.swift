import Foundation
import Testing
@testable import PushSim

/// The recipient's wall clock and quiet hours. Expected instants are worked out by hand
/// from the tz rules, not from Foundation:
/// - EU (Europe/Sarajevo, CET = UTC+1, CEST = UTC+2): summer time starts on the last Sunday
///   of March at 01:00 UTC (02:00 CET → 03:00 CEST) and ends on the last Sunday of October
///   at 01:00 UTC (03:00 CEST → 02:00 CET). In 2026: 29 March and 25 October.
/// - US (America/New_York, EST = UTC−5, EDT = UTC−4): daylight time starts on the second
///   Sunday of March at 02:00 EST = 07:00 UTC and ends on the first Sunday of November at
///   02:00 EDT = 06:00 UTC (back to 01:00 EST). In 2026: 8 March and 1 November.
@Suite("Quiet hours and the recipient's clock")
struct QuietHoursTests {
    /// UNIX seconds of a UTC instant.
    static func utc(_ text: String) -> Int64 { LocalClock.epochSeconds(utc: text)! }

    /// A clock starting at `start` (UTC), two days long.
    static func clock(_ zone: String, start: String) -> LocalClock {
        LocalClock(timeZone: zone, startEpoch: utc(start) * 1_000_000, horizon: .days(2))!
    }

    static func window(_ from: Int64, _ fromMinute: Int64, _ to: Int64, _ toMinute: Int64) -> QuietHours {
        QuietHours(from: (from * 60 + fromMinute) * 60_000_000, to: (to * 60 + toMinute) * 60_000_000)
    }

    /// The wake instant (UTC text) for a message at `at` (UTC text).
    static func wake(_ zone: String, _ q: QuietHours, start: String, at: String) -> Int64 {
        let c = clock(zone, start: start)
        let t = SimTime(microseconds: (utc(at) - utc(start)) * 1_000_000)
        let w = q.wake(after: t, clock: c)
        #expect(w >= t)
        #expect(w == t || !q.contains(w, clock: c), "the wake instant is outside the window")
        return utc(start) + w.microseconds / 1_000_000
    }

    @Test("UTC instants parse to UNIX seconds; anything else is refused")
    func epochSeconds() {
        #expect(LocalClock.epochSeconds(utc: "1970-01-01T00:00:00Z") == 0)
        #expect(LocalClock.epochSeconds(utc: "2000-01-01T00:00:00Z") == 946_684_800)
        let march2000: Int64 = 946_684_800 + 60 * 86_400  // 31 days of January and 29 of February
        #expect(LocalClock.epochSeconds(utc: "2000-03-01T00:00:00Z") == march2000, "2000 is a leap year")
        #expect(LocalClock.epochSeconds(utc: "1969-12-31T23:59:59Z") == -1)
        for bad in ["2026-02-29T00:00:00Z", "2026-13-01T00:00:00Z", "2026-03-29T24:00:00Z", "2026-03-29T20:00:00",
                    "2026-03-29 20:00:00Z", "2026-03-29T20:00:00+01:00", "2026-3-29T20:00:00Z", ""] {
            #expect(LocalClock.epochSeconds(utc: bad) == nil, "\(bad)")
        }
    }

    @Test("the offset changes at the documented instants")
    func offsets() {
        let sarajevo = Self.clock("Europe/Sarajevo", start: "2026-03-28T12:00:00Z")
        let change = SimTime(microseconds: (Self.utc("2026-03-29T01:00:00Z") - Self.utc("2026-03-28T12:00:00Z")) * 1_000_000)
        #expect(sarajevo.offset(at: change - .microseconds(1)) == 3_600_000_000)
        #expect(sarajevo.offset(at: change) == 7_200_000_000)
        #expect(sarajevo.nextChange(after: .zero) == change)
        // 00:59:59 UTC is 01:59:59 CET; 01:00 UTC is 03:00 CEST.
        #expect(sarajevo.timeOfDay(at: change - .seconds(1)) == (1 * 3600 + 59 * 60 + 59) * 1_000_000)
        #expect(sarajevo.timeOfDay(at: change) == 3 * 3_600_000_000)
        let utcClock = Self.clock("UTC", start: "2026-03-28T12:00:00Z")
        #expect(utcClock.nextChange(after: .zero) == nil && utcClock.timeOfDay(at: .zero) == 12 * 3_600_000_000)
    }

    @Test("window membership: overnight, same-day, empty; the end is excluded")
    func membership() {
        let night = Self.window(22, 0, 7, 0), day = Self.window(9, 0, 17, 0), none = Self.window(8, 0, 8, 0)
        func h(_ hours: Int64, _ minutes: Int64 = 0) -> Int64 { (hours * 60 + minutes) * 60_000_000 }
        #expect(night.contains(timeOfDay: h(22)) && night.contains(timeOfDay: h(23, 59)) && night.contains(timeOfDay: h(0)))
        #expect(night.contains(timeOfDay: h(6, 59)) && !night.contains(timeOfDay: h(7)) && !night.contains(timeOfDay: h(21, 59)))
        #expect(day.contains(timeOfDay: h(9)) && day.contains(timeOfDay: h(16, 59)) && !day.contains(timeOfDay: h(17)))
        #expect(!day.contains(timeOfDay: h(8, 59)) && !day.contains(timeOfDay: h(23)))
        #expect(none.isEmpty && !none.contains(timeOfDay: h(8)) && !none.contains(timeOfDay: h(3)))
    }

    /// 22:00–07:00; a message at 22:30 local on the evening before the change wakes at
    /// 07:00 local the next morning, which is one hour closer (spring) or further (fall)
    /// in UTC than on an ordinary night.
    @Test("22:30 → 07:00 across spring-forward and fall-back nights", arguments: [
        // Sarajevo, spring: 22:30 CET = 21:30Z; 07:00 CEST = 05:00Z (7.5 h later).
        ("Europe/Sarajevo", "2026-03-28T21:30:00Z", "2026-03-29T05:00:00Z"),
        // Sarajevo, fall: 22:30 CEST = 20:30Z; 07:00 CET = 06:00Z (9.5 h later).
        ("Europe/Sarajevo", "2026-10-24T20:30:00Z", "2026-10-25T06:00:00Z"),
        // Sarajevo, an ordinary night: 22:30 CET = 21:30Z; 07:00 CET = 06:00Z (8.5 h).
        ("Europe/Sarajevo", "2026-02-14T21:30:00Z", "2026-02-15T06:00:00Z"),
        // New York, spring: 22:30 EST = 03:30Z; 07:00 EDT = 11:00Z.
        ("America/New_York", "2026-03-08T03:30:00Z", "2026-03-08T11:00:00Z"),
        // New York, fall: 22:30 EDT = 02:30Z; 07:00 EST = 12:00Z.
        ("America/New_York", "2026-11-01T02:30:00Z", "2026-11-01T12:00:00Z"),
    ])
    func overnightAcrossDST(zone: String, at: String, expected: String) {
        let start = String(at.prefix(10)) + "T00:00:00Z"
        #expect(Self.wake(zone, Self.window(22, 0, 7, 0), start: start, at: at) == Self.utc(expected))
    }

    /// Windows that end inside the skipped or repeated hour.
    @Test("a window ending in the spring gap wakes at the jump; in the repeated hour it holds again")
    func endsInsideTheChange() {
        let q = Self.window(22, 0, 2, 30)
        // Sarajevo, spring: 02:30 does not exist; at 01:00Z the clock jumps from 02:00 CET to
        // 03:00 CEST, the first instant outside the window.
        #expect(Self.wake("Europe/Sarajevo", q, start: "2026-03-28T00:00:00Z", at: "2026-03-28T22:00:00Z") == Self.utc("2026-03-29T01:00:00Z"))
        // Sarajevo, fall: 02:30 CEST is 00:30Z; 02:45 CEST (00:45Z) is outside, so a message
        // then goes at once; at 01:00Z the clock goes back to 02:00 CET, inside again, until
        // 02:30 CET = 01:30Z.
        let fall = "2026-10-24T00:00:00Z"
        #expect(Self.wake("Europe/Sarajevo", q, start: fall, at: "2026-10-24T21:00:00Z") == Self.utc("2026-10-25T00:30:00Z"))
        #expect(Self.wake("Europe/Sarajevo", q, start: fall, at: "2026-10-25T00:45:00Z") == Self.utc("2026-10-25T00:45:00Z"))
        #expect(Self.wake("Europe/Sarajevo", q, start: fall, at: "2026-10-25T01:10:00Z") == Self.utc("2026-10-25T01:30:00Z"))
        // New York, fall, window to 01:30: 01:30 EDT = 05:30Z; 01:10 EST (06:10Z) is inside
        // the repeated hour and wakes at 01:30 EST = 06:30Z.
        let ny = Self.window(22, 0, 1, 30)
        #expect(Self.wake("America/New_York", ny, start: "2026-10-31T00:00:00Z", at: "2026-11-01T03:00:00Z") == Self.utc("2026-11-01T05:30:00Z"))
        #expect(Self.wake("America/New_York", ny, start: "2026-10-31T00:00:00Z", at: "2026-11-01T06:10:00Z") == Self.utc("2026-11-01T06:30:00Z"))
    }

    @Test("same-day window 09:00–17:00: wakes at 17:00 the same day; outside it sends at once")
    func sameDay() {
        let q = Self.window(9, 0, 17, 0), start = "2026-06-15T00:00:00Z"
        // CEST: 10:00 local = 08:00Z; 17:00 local = 15:00Z.
        #expect(Self.wake("Europe/Sarajevo", q, start: start, at: "2026-06-15T08:00:00Z") == Self.utc("2026-06-15T15:00:00Z"))
        #expect(Self.wake("Europe/Sarajevo", q, start: start, at: "2026-06-15T15:00:00Z") == Self.utc("2026-06-15T15:00:00Z"))
        #expect(Self.wake("Europe/Sarajevo", q, start: start, at: "2026-06-15T06:59:00Z") == Self.utc("2026-06-15T06:59:00Z"))
    }

    @Test("a recipient without quiet hours, or with from == to, never defers")
    func noQuietHours() throws {
        var r = RecipientSpec()
        r.timeZone = "Europe/Sarajevo"
        r.bind(startEpoch: Self.utc("2026-03-28T21:30:00Z"), horizon: .days(1))
        #expect(!r.inQuietHours(.zero) && r.wake(after: .zero) == .zero)
    }
}

/// The clock's table against Foundation's `Calendar`, and wake times against a minute-by-
/// minute search, over many random instants of 2026 (a simple reference, many seeds).
@Suite("Quiet hours against a reference")
struct QuietHoursReferenceTests {
    static let zones = ["Europe/Sarajevo", "America/New_York", "Australia/Lord_Howe", "Asia/Kolkata", "UTC"]

    @Test("local time of day matches Calendar.dateComponents(in:from:)", arguments: zones)
    func timeOfDay(zone: String) throws {
        let start = QuietHoursTests.utc("2026-01-01T00:00:00Z")
        let clock = try #require(LocalClock(timeZone: zone, startEpoch: start * 1_000_000, horizon: .days(366)))
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: zone))
        var rng = SplitMix64(state: 0x5eed)
        for _ in 0..<3_000 {
            let seconds = Int64(rng.below(366 * 86_400))
            let c = calendar.dateComponents([.hour, .minute, .second], from: Date(timeIntervalSince1970: Double(start + seconds)))
            let expected = Int64((c.hour! * 60 + c.minute!) * 60 + c.second!) * 1_000_000
            #expect(clock.timeOfDay(at: .zero + .seconds(seconds)) == expected, "\(zone) at +\(seconds) s")
        }
    }

    @Test("wake is the first whole minute outside the window, found by stepping minute by minute", arguments: zones)
    func wakeAgainstSearch(zone: String) throws {
        let start = QuietHoursTests.utc("2026-01-01T00:00:00Z")
        let clock = try #require(LocalClock(timeZone: zone, startEpoch: start * 1_000_000, horizon: .days(366)))
        var rng = SplitMix64(state: 0x3a11)
        for _ in 0..<300 {
            let from = Int64(rng.below(24 * 60)), to = Int64(rng.below(24 * 60))
            let q = QuietHours(from: from * 60_000_000, to: to * 60_000_000)
            let t = SimTime.zero + .minutes(Int64(rng.below(365 * 24 * 60)))
            var reference = t
            while q.contains(reference, clock: clock) { reference = reference + .minutes(1) }
            #expect(q.wake(after: t, clock: clock) == reference, "\(zone) \(from)–\(to) min at \(t)")
        }
    }
}
