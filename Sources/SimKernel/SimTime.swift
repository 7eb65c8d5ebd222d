/// A span of simulated time, in integer microseconds.
///
/// Integer time keeps every run exact and reproducible: no rounding accumulates, and two
/// events at "the same time" compare equal. Range: ±2^63 µs (about ±292,000 years).
/// JSON never carries raw microseconds; durations are strings with units, parsed once by
/// `SimDuration(parsing:)`.
public struct SimDuration: Hashable, Comparable, Sendable, BitwiseCopyable, CustomStringConvertible {
    /// Microseconds.
    public var microseconds: Int64

    @inlinable public init(microseconds: Int64) { self.microseconds = microseconds }

    @inlinable public static var zero: SimDuration { SimDuration(microseconds: 0) }
    /// The longest duration a distribution draw or a scenario horizon may have: 100 years
    /// (36,500 days), far below the ±292,000 years Int64 microseconds can hold.
    @inlinable public static var longestSample: SimDuration { SimDuration(microseconds: 36_500 * 86_400_000_000) }
    @inlinable public static func microseconds(_ v: Int64) -> SimDuration { SimDuration(microseconds: v) }
    @inlinable public static func milliseconds(_ v: Int64) -> SimDuration { SimDuration(microseconds: v * 1_000) }
    @inlinable public static func seconds(_ v: Int64) -> SimDuration { SimDuration(microseconds: v * 1_000_000) }
    @inlinable public static func minutes(_ v: Int64) -> SimDuration { .seconds(v * 60) }
    @inlinable public static func hours(_ v: Int64) -> SimDuration { .seconds(v * 3_600) }
    @inlinable public static func days(_ v: Int64) -> SimDuration { .seconds(v * 86_400) }

    /// The duration in seconds, as a Double (for statistics only, never for scheduling).
    @inlinable public var seconds: Double { Double(microseconds) / 1_000_000 }

    @inlinable public static func < (a: SimDuration, b: SimDuration) -> Bool { a.microseconds < b.microseconds }
    @inlinable public static func + (a: SimDuration, b: SimDuration) -> SimDuration { SimDuration(microseconds: a.microseconds + b.microseconds) }
    @inlinable public static func - (a: SimDuration, b: SimDuration) -> SimDuration { SimDuration(microseconds: a.microseconds - b.microseconds) }
    @inlinable public static func * (a: SimDuration, k: Int64) -> SimDuration { SimDuration(microseconds: a.microseconds * k) }

    /// Exact decimal seconds with six fractional digits, e.g. `"12.500000"`.
    public var description: String { SecondsFormat.string(microseconds) }
}

/// An instant of simulated time: integer microseconds since the scenario's start (t = 0).
public struct SimTime: Hashable, Comparable, Sendable, BitwiseCopyable, CustomStringConvertible {
    /// Microseconds since the start of the run.
    public var microseconds: Int64

    @inlinable public init(microseconds: Int64) { self.microseconds = microseconds }

    /// The start of every run.
    @inlinable public static var zero: SimTime { SimTime(microseconds: 0) }
    /// Later than every scheduled event; used as "no limit".
    @inlinable public static var distantFuture: SimTime { SimTime(microseconds: .max) }

    @inlinable public static func < (a: SimTime, b: SimTime) -> Bool { a.microseconds < b.microseconds }
    @inlinable public static func + (t: SimTime, d: SimDuration) -> SimTime { SimTime(microseconds: t.microseconds + d.microseconds) }
    @inlinable public static func - (t: SimTime, d: SimDuration) -> SimTime { SimTime(microseconds: t.microseconds - d.microseconds) }
    @inlinable public static func - (a: SimTime, b: SimTime) -> SimDuration { SimDuration(microseconds: a.microseconds - b.microseconds) }

    /// Seconds since the start, as a Double (for statistics only).
    @inlinable public var seconds: Double { Double(microseconds) / 1_000_000 }

    /// Exact decimal seconds since the start, e.g. `"40.000000"`.
    public var description: String { SecondsFormat.string(microseconds) }
}

/// Exact formatting of integer microseconds as decimal seconds (no floating point).
public enum SecondsFormat {
    /// `1_500_000` → `"1.500000"`, `-250` → `"-0.000250"`.
    public static func string(_ microseconds: Int64) -> String {
        let negative = microseconds < 0
        let magnitude = microseconds.magnitude
        let whole = magnitude / 1_000_000
        let fraction = String(magnitude % 1_000_000)
        let padded = String(repeating: "0", count: 6 - fraction.count) + fraction
        return (negative ? "-" : "") + String(whole) + "." + padded
    }
}
