/// Durations as scenario files write them: a number and a unit, optionally repeated.
///
/// Grammar: one or more `<number><unit>` terms, e.g. `"250ms"`, `"30s"`, `"1.5h"`,
/// `"1h30m"`, `"28d"`. Units: `us` (µs), `ms`, `s`, `m` (minutes), `h`, `d` (86,400 s).
/// The number is a non-negative decimal; the total is rounded to the nearest microsecond.
/// A bare number (`"30"`), a negative value, or an unknown unit is rejected.
extension SimDuration {
    /// Microseconds per unit, for every unit a duration string may use.
    public static let units: [(name: String, microseconds: Int64)] = [
        ("us", 1), ("ms", 1_000), ("s", 1_000_000), ("m", 60_000_000),
        ("h", 3_600_000_000), ("d", 86_400_000_000),
    ]

    /// Parses a duration string such as `"250ms"` or `"1h30m"`.
    /// - Throws: `DurationSyntaxError` with a human-readable reason.
    public init(parsing text: String) throws(DurationSyntaxError) {
        let s = Array(text.utf8)
        guard !s.isEmpty else { throw DurationSyntaxError(reason: "an empty string is not a duration") }
        if s[0] == UInt8(ascii: "-") { throw DurationSyntaxError(reason: "a duration cannot be negative (got \"\(text)\")") }
        var i = 0
        var total: Double = 0
        while i < s.count {
            let numberStart = i
            while i < s.count, (s[i] >= 48 && s[i] <= 57) || s[i] == UInt8(ascii: ".") { i += 1 }
            guard i > numberStart, let value = Double(String(decoding: s[numberStart..<i], as: UTF8.self)) else {
                throw DurationSyntaxError(reason: "expected a number followed by a unit (us, ms, s, m, h, d), got \"\(text)\"")
            }
            let unitStart = i
            while i < s.count, (s[i] >= 97 && s[i] <= 122) { i += 1 }
            let unit = String(decoding: s[unitStart..<i], as: UTF8.self)
            guard !unit.isEmpty else {
                throw DurationSyntaxError(reason: "\"\(text)\" has no unit; write e.g. \"\(text)s\" (units: us, ms, s, m, h, d)")
            }
            guard let scale = SimDuration.units.first(where: { $0.name == unit })?.microseconds else {
                throw DurationSyntaxError(reason: "unknown unit \"\(unit)\" in \"\(text)\" (units: us, ms, s, m, h, d)")
            }
            total += value * Double(scale)
        }
        guard total <= Double(SimDuration.longestSample.microseconds) else {
            throw DurationSyntaxError(reason: "\"\(text)\" is too long a duration (at most 36500d, 100 years)")
        }
        self.init(microseconds: Int64(total.rounded()))
    }
}

/// Why a duration string could not be parsed.
public struct DurationSyntaxError: Error, Sendable, CustomStringConvertible {
    public var reason: String
    public var description: String { reason }
}
