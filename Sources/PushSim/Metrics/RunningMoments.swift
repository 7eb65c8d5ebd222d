/// Count, mean and variance of a stream of values in O(1) memory (Welford's update, as
/// GSL's `gsl_rstat` does it; kept as a value type so a cell summary can be copied).
///
/// Values are added in a fixed order (runs in report order), so the floating-point result
/// is the same on every run of a scenario.
public struct RunningMoments: Sendable, Equatable {
    /// Values added.
    public private(set) var count = 0
    /// Their mean (0 with none).
    public private(set) var mean = 0.0
    /// Sum of squared deviations from the mean.
    private var m2 = 0.0

    public init() {}

    /// Adds one value.
    /// - Complexity: O(1).
    public mutating func add(_ x: Double) {
        count += 1
        let delta = x - mean
        mean += delta / Double(count)
        m2 += delta * (x - mean)
    }

    /// The sample variance (n − 1 in the denominator), or `nil` with fewer than two values.
    public var variance: Double? { count < 2 ? nil : max(0, m2 / Double(count - 1)) }

    /// The Student-t interval of the mean at `confidence` (`Statistics.meanInterval`), or
    /// `nil` with fewer than two values.
    public func meanInterval(confidence: Double = 0.95) -> (low: Double, high: Double)? {
        guard let variance else { return nil }
        return Statistics.meanInterval(count: count, mean: mean, variance: variance, confidence: confidence)
    }
}
