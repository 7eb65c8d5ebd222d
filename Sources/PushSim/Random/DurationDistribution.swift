/// A random (or fixed) non-negative duration: a `Distribution` of numbers in a time unit.
///
/// JSON forms:
/// - a duration string, e.g. `"2s"` or `"1h30m"`: that fixed duration (stored as a
///   `constant` in microseconds, unit `"us"`);
/// - an object: a `Distribution` object plus a required `"unit"`, one of the
///   `SimDuration.units` names (`us`, `ms`, `s`, `m`, `h`, `d`), e.g.
///   `{"kind": "uniformInt", "min": 0, "max": 4, "unit": "s"}`.
///
/// Distributions that can produce negative numbers are rejected: a negative `constant`,
/// `uniform` or `uniformInt` with min < 0, `discrete` with a negative value.
public struct DurationDistribution: Decodable, Sendable, Equatable {
    /// The distribution of the duration, in `unit`s.
    public let distribution: Distribution
    /// The unit name, one of `SimDuration.units`.
    public let unit: String
    /// Microseconds per `unit`.
    public let unitMicroseconds: Int64

    /// `d` measured in `unit`.
    /// - Precondition: `unit` is a `SimDuration.units` name, `d` is valid
    ///   (`invalidParameter == nil`) and never negative (`negativeSupportParameter == nil`).
    public init(_ d: Distribution, unit: String) {
        guard let scale = SimDuration.units.first(where: { $0.name == unit })?.microseconds else {
            preconditionFailure("unknown duration unit \"\(unit)\"")
        }
        precondition(d.invalidParameter == nil, "invalid distribution \(d)")
        precondition(Self.negativeSupportParameter(of: d) == nil, "a duration distribution cannot be negative: \(d)")
        self.distribution = d
        self.unit = unit
        self.unitMicroseconds = scale
    }

    /// Always `d`. Sampling it draws nothing from the stream.
    /// - Precondition: `d` ≥ 0.
    public static func constant(_ d: SimDuration) -> DurationDistribution {
        DurationDistribution(.constant(value: Double(d.microseconds)), unit: "us")
    }

    /// Always zero.
    public static let zero = DurationDistribution.constant(.zero)

    /// One draw: x = `distribution.sample(s)`, then x × `unitMicroseconds` rounded to the
    /// nearest microsecond (halves away from zero), clamped to [0, `SimDuration.longestSample`] (100 years).
    public func sample(_ s: RandomStream) -> SimDuration {
        Self.duration(distribution.sample(s), unitMicroseconds)
    }

    /// `sample(_:)` drawing through a stream's `draws` (the same values).
    public func sample(_ s: StreamDraws) -> SimDuration {
        Self.duration(distribution.sample(s), unitMicroseconds)
    }

    /// The mean, converted and clamped like `sample` (`SimDuration.longestSample` when the mean is
    /// infinite).
    public var meanDuration: SimDuration {
        Self.duration(distribution.mean, unitMicroseconds)
    }

    static func duration(_ x: Double, _ unitMicroseconds: Int64) -> SimDuration {
        // Draws are capped at `SimDuration.longestSample` (100 years), so adding one to any
        // time within a scenario's horizon (also at most 100 years) cannot overflow.
        let v = (x * Double(unitMicroseconds)).rounded()
        guard v > 0 else { return .zero }  // also NaN
        guard v < Double(SimDuration.longestSample.microseconds) else { return SimDuration.longestSample }
        return SimDuration(microseconds: Int64(v))
    }

    /// The parameter that lets `d` be negative (`"value"`, `"min"` or `"values"`), or `nil`
    /// if every value `d` can produce is ≥ 0.
    public static func negativeSupportParameter(of d: Distribution) -> String? {
        switch d {
        case .constant(let value): value < 0 ? "value" : nil
        case .uniform(let a, _): a < 0 ? "min" : nil
        case .uniformInt(let a, _): a < 0 ? "min" : nil
        case .discrete(let t): t.values.contains { $0 < 0 } ? "values" : nil
        case .empirical(let t): t.sorted[0] < 0 ? (t.file == nil ? "values" : "file") : nil
        case .exponential, .lognormal, .gamma, .weibull, .pareto, .bernoulli: nil
        }
    }

    /// Decodes either JSON form (see the type's documentation).
    /// - Throws: `DecodingError` at the offending path: a bad duration string; neither a
    ///   string nor an object; an object without `"unit"` or with an unknown unit; any
    ///   `Distribution` decoding error; a distribution that can be negative.
    public init(from decoder: any Decoder) throws {
        if let text = try? decoder.singleValueContainer().decode(String.self) {
            let d: SimDuration
            do { d = try SimDuration(parsing: text) } catch { throw decoder.invalid(error.reason) }
            self = .constant(d)
            return
        }
        let units = SimDuration.units.map(\.name).joined(separator: ", ")
        guard let c = try? decoder.container(keyedBy: AnyCodingKey.self) else {
            let null = (try? decoder.singleValueContainer().decodeNil()) == true
            throw decoder.invalid((null ? "found null; " : "") + "expected a duration string such as \"30s\" or a distribution object "
                                  + "such as {\"kind\": \"exponential\", \"mean\": 30, \"unit\": \"s\"}")
        }
        let d = try Distribution(from: decoder, extraKeys: ["unit"])
        let unitKey = AnyCodingKey("unit")
        guard c.contains(unitKey) else {
            throw decoder.invalid("a duration distribution object needs \"unit\", one of: \(units)")
        }
        let unit = try c.decode(String.self, forKey: unitKey)
        guard SimDuration.units.contains(where: { $0.name == unit }) else {
            let hint = SimDuration.unitName(for: unit).map { "did you mean \"\($0)\"? " } ?? ""
            throw c.invalid(unitKey, "unknown unit \"\(unit)\"; \(hint)expected one of: \(units)")
        }
        if let name = Self.negativeSupportParameter(of: d) {
            let which: String
            if case let .empirical(t) = d, let file = t.file { which = " (\(file) has the sample \(t.sorted[0]))" } else { which = "" }
            throw c.invalid(AnyCodingKey(name), "a duration cannot be negative, but this \(d.kind) distribution can be\(which)")
        }
        self.init(d, unit: unit)
    }
}
