import Foundation

/// Durations as scenario files write them: a number and a unit, optionally repeated.
///
/// Grammar: one or more `<number><unit>` terms, e.g. `"250ms"`, `"30s"`, `"1.5h"`,
/// `"1h30m"`, `"28d"`. Units: `us` (µs), `ms`, `s`, `m` (minutes), `h`, `d` (86,400 s).
/// The number is a non-negative decimal; the total is rounded to the nearest microsecond.
/// A bare number (`"30"`), a negative value, a space, or an unknown unit is rejected; when
/// the text is a near miss (`"2 m"`, `"2min"`, `"1 hour"`, `"2w"`) the reason ends with a
/// spelling the parser accepts that means the same (`SimDuration.suggestion(for:)`).
extension SimDuration {
    /// Microseconds per unit, for every unit a duration string may use.
    public static let units: [(name: String, microseconds: Int64)] = [
        ("us", 1), ("ms", 1_000), ("s", 1_000_000), ("m", 60_000_000),
        ("h", 3_600_000_000), ("d", 86_400_000_000),
    ]

    /// Parses a duration string such as `"250ms"` or `"1h30m"`.
    /// - Throws: `DurationSyntaxError` with a human-readable reason, ending in
    ///   `did you mean "…"?` when `suggestion(for:)` has one.
    public init(parsing text: String) throws(DurationSyntaxError) {
        do { self = try Self.strict(text) } catch {
            guard let s = Self.suggestion(for: text) else { throw error }
            throw DurationSyntaxError(reason: error.reason + "; did you mean \"\(s)\"?")
        }
    }

    /// `init(parsing:)` without the suggestion.
    static func strict(_ text: String) throws(DurationSyntaxError) -> SimDuration {
        let s = Array(text.unicodeScalars)
        let unitNames = "(units: \(units.map(\.name).joined(separator: ", ")))"
        guard !s.isEmpty else { throw DurationSyntaxError(reason: "an empty string is not a duration") }
        if s[0] == "-" { throw DurationSyntaxError(reason: "a duration cannot be negative (got \"\(text)\")") }
        if s.contains(where: { $0.properties.isWhitespace }) {
            throw DurationSyntaxError(reason: "\"\(text)\" has a space; write a duration without spaces, e.g. \"30s\", \"1h30m\" \(unitNames)")
        }
        var i = 0
        var total: Double = 0
        while i < s.count {
            let numberStart = i
            while i < s.count, ("0"..."9").contains(s[i]) || s[i] == "." { i += 1 }
            guard i > numberStart, let value = Double(String(String.UnicodeScalarView(s[numberStart..<i]))) else {
                throw DurationSyntaxError(reason: "expected a number followed by a unit \(unitNames), got \"\(text)\"")
            }
            let unitStart = i
            while i < s.count, ("a"..."z").contains(s[i]) { i += 1 }
            let unit = String(String.UnicodeScalarView(s[unitStart..<i]))
            guard !unit.isEmpty else {
                if i == s.count { throw DurationSyntaxError(reason: "\"\(text)\" has no unit; write e.g. \"\(text)s\" \(unitNames)") }
                throw DurationSyntaxError(reason: "expected a unit after the number, got \"\(s[i])\" in \"\(text)\" \(unitNames)")
            }
            guard let scale = units.first(where: { $0.name == unit })?.microseconds else {
                throw DurationSyntaxError(reason: "unknown unit \"\(unit)\" in \"\(text)\" \(unitNames)")
            }
            total += value * Double(scale)
        }
        guard total <= Double(SimDuration.longestSample.microseconds) else {
            throw DurationSyntaxError(reason: "\"\(text)\" is too long a duration (at most 36500d, 100 years)")
        }
        return SimDuration(microseconds: Int64(total.rounded()))
    }
}

/// Why a duration string could not be parsed.
public struct DurationSyntaxError: Error, Sendable, CustomStringConvertible {
    public var reason: String
    public var description: String { reason }
}
