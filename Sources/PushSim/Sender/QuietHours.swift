/// The recipient's quiet hours: a window of local wall-clock time, `from` (included) to
/// `to` (excluded), JSON `{"from": "22:00", "to": "07:00"}`.
///
/// - `from` < `to`: a same-day window (09:00–17:00).
/// - `from` > `to`: an overnight window (22:00–07:00: from 22:00 to 07:00 the next day).
/// - `from` == `to`: no quiet hours at all.
///
/// Local time is the recipient's `LocalClock` (IANA time zone, daylight saving included).
public struct QuietHours: Decodable, Sendable, Equatable {
    /// Start of the window, microseconds after local midnight.
    public var from: Int64
    /// End of the window (excluded), microseconds after local midnight.
    public var to: Int64

    public init(from: Int64, to: Int64) { self.from = from; self.to = to }

    enum CodingKeys: String, CodingKey, CaseIterable { case from, to }

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        from = try Self.decodeClockTime(c, .from)
        to = try Self.decodeClockTime(c, .to)
    }

    /// `"HH:MM"`, 00:00 … 23:59, as microseconds after midnight.
    private static func decodeClockTime(_ c: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys) throws -> Int64 {
        let text = try c.decode(String.self, forKey: key)
        let b = Array(text.utf8)
        let digits = [0, 1, 3, 4].allSatisfy { $0 < b.count && b[$0] >= 48 && b[$0] <= 57 }
        guard b.count == 5, b[2] == UInt8(ascii: ":"), digits else {
            throw c.invalid(key, "expected a local time \"HH:MM\" (00:00 … 23:59), got \"\(text)\"")
        }
        let h = Int64(b[0] - 48) * 10 + Int64(b[1] - 48), m = Int64(b[3] - 48) * 10 + Int64(b[4] - 48)
        guard h < 24, m < 60 else { throw c.invalid(key, "expected a local time \"HH:MM\" (00:00 … 23:59), got \"\(text)\"") }
        return (h * 60 + m) * 60_000_000
    }

    /// Whether the window is empty (`from` == `to`).
    public var isEmpty: Bool { from == to }

    /// Whether a local time of day (µs after midnight) lies inside the window.
    public func contains(timeOfDay tod: Int64) -> Bool {
        from < to ? (from <= tod && tod < to) : from > to ? (tod >= from || tod < to) : false
    }

    /// Whether the instant `t` lies inside the window on `clock`.
    public func contains(_ t: SimTime, clock: LocalClock) -> Bool { contains(timeOfDay: clock.timeOfDay(at: t)) }

    /// The first instant at or after `t` that is outside the window: `t` itself when it is
    /// outside; otherwise the instant the local clock reaches `to`, or the instant an offset
    /// change makes it jump past `to` (spring forward into the gap), whichever comes first.
    /// After a fall-back the local clock repeats an hour; an instant whose repeated local
    /// time falls inside the window is inside it again.
    /// - Complexity: O(c log c) for the c offset changes passed on the way.
    public func wake(after t: SimTime, clock: LocalClock) -> SimTime {
        var u = t
        while true {
            let tod = clock.timeOfDay(at: u)
            guard contains(timeOfDay: tod) else { return u }
            var gap = (to - tod) % LocalClock.day
            if gap <= 0 { gap += LocalClock.day }
            let candidate = u + SimDuration(microseconds: gap)
            guard let change = clock.nextChange(after: u), change <= candidate else { return candidate }
            u = change
        }
    }
}
