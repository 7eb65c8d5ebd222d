import Foundation

/// The recipient's wall clock: which local time of day a simulated instant is in an IANA
/// time zone, across UTC-offset changes (daylight saving time).
///
/// Built once per scenario from Foundation's `TimeZone` (the tz database):
/// `secondsFromGMT(for:)` at the start of the covered span and every offset change
/// `nextDaylightSavingTimeTransition(after:)` reports within it. During runs every lookup
/// is integer arithmetic on that table, so runs never call Foundation and never depend on
/// the host's clock. The table covers one day before t = 0 to three days after the
/// horizon; beyond it the nearest known offset is assumed.
///
/// Times: `SimTime` since t = 0, which is the scenario's `start` instant (UTC).
public struct LocalClock: Sendable, Equatable {
    /// The IANA identifier, as the scenario gives it (e.g. `"Europe/Sarajevo"`).
    public let timeZone: String
    /// The UNIX time of t = 0, in microseconds.
    public let startEpoch: Int64
    /// Instants (µs since t = 0) from which `offsets[i]` holds; `changeTimes[0]` is `Int64.min`.
    private let changeTimes: [Int64]
    /// UTC offsets in microseconds (local = UTC + offset).
    private let offsets: [Int64]

    static let day: Int64 = 86_400_000_000

    /// A clock for `timeZone`, with t = 0 at UNIX time `startEpoch` µs, valid over [0, horizon].
    /// - Returns: `nil` when Foundation does not know the time zone.
    public init?(timeZone: String, startEpoch: Int64, horizon: SimDuration) {
        guard let zone = TimeZone(identifier: timeZone) else { return nil }
        self.timeZone = timeZone
        self.startEpoch = startEpoch
        let from = Double(startEpoch / 1_000_000 - 86_400)
        let to = Double(startEpoch / 1_000_000) + horizon.seconds + 3 * 86_400
        var times: [Int64] = [.min], offs = [Int64(zone.secondsFromGMT(for: Date(timeIntervalSince1970: from))) * 1_000_000]
        var cursor = Date(timeIntervalSince1970: from)
        while let next = zone.nextDaylightSavingTimeTransition(after: cursor), next.timeIntervalSince1970 <= to {
            let seconds = Int64(next.timeIntervalSince1970.rounded())
            let offset = Int64(zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(seconds)))) * 1_000_000
            if offset != offs.last! { times.append(seconds * 1_000_000 - startEpoch); offs.append(offset) }
            cursor = next
        }
        changeTimes = times
        offsets = offs
    }

    /// The UTC offset in force at `t`, in microseconds.
    /// - Complexity: O(log c) for c offset changes in the covered span.
    public func offset(at t: SimTime) -> Int64 {
        var lo = 0, hi = changeTimes.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if changeTimes[mid] <= t.microseconds { lo = mid } else { hi = mid - 1 }
        }
        return offsets[lo]
    }

    /// The first offset change strictly after `t`, if the table has one.
    public func nextChange(after t: SimTime) -> SimTime? {
        changeTimes.first { $0 > t.microseconds }.map { SimTime(microseconds: $0) }
    }

    /// The local time of day at `t`, in microseconds since local midnight (0 ..< 24 h).
    public func timeOfDay(at t: SimTime) -> Int64 {
        let local = startEpoch + t.microseconds + offset(at: t)
        let r = local % Self.day
        return r < 0 ? r + Self.day : r
    }
}

extension LocalClock {
    /// The UNIX time in seconds of an instant written `YYYY-MM-DDTHH:MM:SSZ` (UTC, as the
    /// scenario's `"start"` gives it), by the proleptic Gregorian calendar; `nil` when the
    /// text is not exactly that form or names no real date (e.g. `2026-02-30`).
    public static func epochSeconds(utc text: String) -> Int64? {
        let b = Array(text.utf8)
        guard b.count == 20, b[4] == UInt8(ascii: "-"), b[7] == UInt8(ascii: "-"), b[10] == UInt8(ascii: "T"),
              b[13] == UInt8(ascii: ":"), b[16] == UInt8(ascii: ":"), b[19] == UInt8(ascii: "Z") else { return nil }
        func number(_ range: Range<Int>) -> Int64? {
            var v: Int64 = 0
            for i in range { guard b[i] >= 48, b[i] <= 57 else { return nil }; v = v * 10 + Int64(b[i] - 48) }
            return v
        }
        guard let y = number(0..<4), let m = number(5..<7), let d = number(8..<10),
              let hh = number(11..<13), let mm = number(14..<16), let ss = number(17..<19) else { return nil }
        let leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0
        let lengths: [Int64] = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        guard (1...12).contains(m), (1...lengths[Int(m) - 1]).contains(d), hh < 24, mm < 60, ss < 60 else { return nil }
        // Days from 1970-01-01 (H. Hinnant, "chrono-compatible low-level date algorithms").
        let yy = m <= 2 ? y - 1 : y
        let era = (yy >= 0 ? yy : yy - 399) / 400
        let yoe = yy - era * 400
        let doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        let days = era * 146_097 + doe - 719_468
        return days * 86_400 + hh * 3_600 + mm * 60 + ss
    }
}
