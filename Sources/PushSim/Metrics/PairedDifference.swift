/// The difference in convergence rate between two strategies run on the same replications
/// (common random numbers), with a confidence interval that uses the pairing.
///
/// With `aOnly` = replications where only A converged and `bOnly` = only B, over `n`
/// pairs: d = (aOnly − bOnly) / n, and the Wald interval for matched pairs
/// d ± z·√(aOnly + bOnly − (aOnly − bOnly)²/n) / n, z from `gsl_cdf_ugaussian_Pinv`.
/// When no pair disagrees the interval is [d, d] = [0, 0]: the strategies agreed on every
/// replication.
public struct PairedDifference: Sendable, Equatable {
    public var pairs = 0
    public var aConverged = 0
    public var bConverged = 0
    public var aOnly = 0
    public var bOnly = 0

    public init() {}

    /// Adds one replication's pair of outcomes.
    public mutating func add(a: Bool, b: Bool) {
        pairs += 1
        if a { aConverged += 1 }
        if b { bConverged += 1 }
        if a && !b { aOnly += 1 }
        if b && !a { bOnly += 1 }
    }

    /// rate(A) − rate(B).
    public var difference: Double { pairs == 0 ? 0 : Double(aOnly - bOnly) / Double(pairs) }

    /// The confidence interval of `difference` (default 95%).
    public func interval(confidence: Double = 0.95) -> (low: Double, high: Double) {
        guard pairs > 0 else { return (-1, 1) }
        let n = Double(pairs), d = Double(aOnly - bOnly)
        let se = max(0, Double(aOnly + bOnly) - d * d / n).squareRoot() / n
        let z = Statistics.normalQuantile((1 + confidence) / 2)
        return (max(-1, difference - z * se), min(1, difference + z * se))
    }
}

/// The two-proportion z-test (pooled), for regression checks of convergence rates.
public enum TwoProportionTest {
    /// The two-sided p-value for H0: the two rates are equal. 1 when both samples are all
    /// successes or all failures (no variance: nothing moved).
    public static func pValue(successes x1: Int, trials n1: Int, successes x2: Int, trials n2: Int) -> Double {
        guard n1 > 0, n2 > 0 else { return 1 }
        let p = Double(x1 + x2) / Double(n1 + n2)
        let se = (p * (1 - p) * (1 / Double(n1) + 1 / Double(n2))).squareRoot()
        guard se > 0 else { return 1 }
        let z = abs(Double(x1) / Double(n1) - Double(x2) / Double(n2)) / se
        return 2 * Statistics.upperNormalTail(z)
    }
}
