/// The difference in convergence rate between two strategies run on the same replications
/// (common random numbers), with a confidence interval that uses the pairing.
///
/// Over `n` pairs with `both`, `aOnly`, `bOnly` and `neither` replications: d = rate(A) −
/// rate(B) = (aOnly − bOnly) / n. The interval is Newcombe's hybrid score interval for
/// paired proportions (Newcombe 1998, "Improved confidence intervals for the difference
/// between binomial proportions based on paired data", Statistics in Medicine 17, method
/// 10; the "square-and-add" interval of Fagerland, Lydersen and Laake, "Statistical
/// Analysis of Contingency Tables", ch. 8): each rate's Wilson score interval
/// (l₁, u₁), (l₂, u₂), combined with the correlation ψ of the two rates,
///
///     low  = d − √((p₁ − l₁)² − 2ψ(p₁ − l₁)(u₂ − p₂) + (u₂ − p₂)²)
///     high = d + √((p₂ − l₂)² − 2ψ(p₂ − l₂)(u₁ − p₁) + (u₁ − p₁)²)
///
/// with ψ = (both·neither − aOnly·bOnly − n/2) / √(row and column totals' product) when
/// the numerator before the n/2 correction exceeds n/2, 0 when it lies in [0, n/2], and
/// the uncorrected ratio when it is negative (0 when a total is 0). Unlike the Wald
/// interval it does not collapse to [0, 0] when no pair disagrees: 100 pairs that all
/// converged give about ±0.037, the uncertainty 100 replications leave.
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

    /// rate(A) − rate(B), in [−1, 1]; 0 with no pairs.
    public var difference: Double { pairs == 0 ? 0 : Double(aOnly - bOnly) / Double(pairs) }

    /// Newcombe's hybrid score interval of `difference` (default 95%), within [−1, 1];
    /// [−1, 1] with no pairs.
    /// - Parameter confidence: in (0, 1).
    public func interval(confidence: Double = 0.95) -> (low: Double, high: Double) {
        guard pairs > 0 else { return (-1, 1) }
        let n = Double(pairs)
        let p1 = Double(aConverged) / n, p2 = Double(bConverged) / n
        let w1 = Statistics.wilsonInterval(successes: aConverged, trials: pairs, confidence: confidence)
        let w2 = Statistics.wilsonInterval(successes: bConverged, trials: pairs, confidence: confidence)
        let both = aConverged - aOnly, neither = pairs - both - aOnly - bOnly
        let totals = Double(aConverged) * Double(pairs - aConverged) * Double(bConverged) * Double(pairs - bConverged)
        var psi = 0.0
        if totals > 0 {
            let cross = Double(both) * Double(neither) - Double(aOnly) * Double(bOnly)
            if cross > n / 2 { psi = (cross - n / 2) / totals.squareRoot() } else if cross < 0 { psi = cross / totals.squareRoot() }
        }
        func spread(_ x: Double, _ y: Double) -> Double { max(0, x * x - 2 * psi * x * y + y * y).squareRoot() }
        let d = p1 - p2
        return (max(-1, d - spread(p1 - w1.low, w2.high - p2)), min(1, d + spread(p2 - w2.low, w1.high - p1)))
    }
}

/// The two-proportion z-test (pooled), for regression checks of convergence rates.
public enum TwoProportionTest {
    /// The two-sided p-value for H0: the two rates are equal. 1 when both samples are all
    /// successes or all failures (no variance: nothing moved), or a count of trials is not
    /// positive. Computed in `Double`, so no count can overflow (counts above 2⁵³ round).
    public static func pValue(successes x1: Int, trials n1: Int, successes x2: Int, trials n2: Int) -> Double {
        guard n1 > 0, n2 > 0 else { return 1 }
        let p = (Double(x1) + Double(x2)) / (Double(n1) + Double(n2))
        let se = (p * (1 - p) * (1 / Double(n1) + 1 / Double(n2))).squareRoot()
        guard se > 0 else { return 1 }
        let z = abs(Double(x1) / Double(n1) - Double(x2) / Double(n2)) / se
        return 2 * Statistics.upperNormalTail(z)
    }
}
