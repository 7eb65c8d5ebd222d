import Foundation

/// The change between two independent rates, baseline x₁/n₁ and new x₂/n₂, as `pushsim
/// compare` reports it for every rate of `summary.csv`: the difference d = p₂ − p₁, its
/// interval, Cohen's h and the pooled two-proportion z-test (`TwoProportionTest`).
///
/// The interval is Newcombe's hybrid score interval for independent proportions (Newcombe
/// 1998, "Interval estimation for the difference between independent proportions:
/// comparison of eleven methods", Statistics in Medicine 17, method 10), from each rate's
/// Wilson interval (l₁, u₁), (l₂, u₂):
///
///     low  = d − √((p₂ − l₂)² + (u₁ − p₁)²)
///     high = d + √((u₂ − p₂)² + (p₁ − l₁)²)
///
/// (the paper's 56/70 against 48/80 gives 0.2000 in [0.0524, 0.3339]: here baseline 48/80,
/// new 56/70). Cohen's h = 2·asin√p₂ − 2·asin√p₁, the difference on the scale where a
/// rate's sampling variance does not depend on the rate (0.2 small, 0.5 medium, 0.8
/// large). z = d / √(p̄(1 − p̄)(1/n₁ + 1/n₂)) with the pooled p̄ = (x₁ + x₂)/(n₁ + n₂).
public struct RateDifference: Sendable, Equatable {
    /// p₂ − p₁, in [−1, 1].
    public var difference: Double
    /// Newcombe's interval of the difference, within [−1, 1].
    public var interval: ClosedRange<Double>
    /// Cohen's h, in [−π, π].
    public var cohensH: Double
    /// The pooled z statistic, signed as the difference; 0 when the pooled rate is 0 or 1.
    public var z: Double
    /// The two-sided p-value (`TwoProportionTest.pValue`), 1 when the pooled rate is 0 or 1.
    public var p: Double
    /// Whether the test can reject anything: the pooled rate is strictly between 0 and 1
    /// (else both samples are all successes, or all failures: nothing varies).
    public var varies: Bool

    /// The change from `x1` of `n1` to `x2` of `n2`.
    /// - Precondition: 0 ≤ xᵢ ≤ nᵢ, nᵢ ≥ 1; confidence in (0, 1).
    public init(successes x1: Int, trials n1: Int, successes x2: Int, trials n2: Int, confidence: Double = 0.95) {
        precondition(n1 >= 1 && n2 >= 1 && x1 >= 0 && x2 >= 0 && x1 <= n1 && x2 <= n2, "RateDifference needs 0 <= x <= n, n >= 1")
        let p1 = Double(x1) / Double(n1), p2 = Double(x2) / Double(n2)
        let w1 = Statistics.wilsonInterval(successes: x1, trials: n1, confidence: confidence)
        let w2 = Statistics.wilsonInterval(successes: x2, trials: n2, confidence: confidence)
        func hypot(_ a: Double, _ b: Double) -> Double { (a * a + b * b).squareRoot() }
        difference = p2 - p1
        interval = max(-1, difference - hypot(p2 - w2.low, w1.high - p1))...min(1, difference + hypot(w2.high - p2, p1 - w1.low))
        cohensH = 2 * asin(p2.squareRoot()) - 2 * asin(p1.squareRoot())
        let pooled = (Double(x1) + Double(x2)) / (Double(n1) + Double(n2))
        let se = (pooled * (1 - pooled) * (1 / Double(n1) + 1 / Double(n2))).squareRoot()
        varies = se > 0
        z = se > 0 ? difference / se : 0
        p = TwoProportionTest.pValue(successes: x1, trials: n1, successes: x2, trials: n2)
    }
}
