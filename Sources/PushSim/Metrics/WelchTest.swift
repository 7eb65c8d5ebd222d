import CGSL

/// Welch's unequal-variances t-test of two independent means, from each mean's standard
/// error and number of values, as `pushsim compare` reads them from two `summary.csv`
/// files (a mean's 95% Student-t interval gives its standard error:
/// `standardError(low:high:count:)`).
///
/// For the baseline mean m₁ and the new mean m₂, with standard errors s₁, s₂ over n₁, n₂
/// values: the difference d = m₂ − m₁, its standard error s = √(s₁² + s₂²), t = d / s, the
/// Welch–Satterthwaite degrees of freedom ν = s⁴ / (s₁⁴/(n₁ − 1) + s₂⁴/(n₂ − 1)), the
/// two-sided p-value 2·Q(|t|; ν) (`gsl_cdf_tdist_Q`), the interval d ± t₍(1+c)/2, ν₎ · s
/// (`gsl_cdf_tdist_Pinv`), and Cohen's d = d / σ with σ the pooled standard deviation
/// √(((n₁ − 1)·n₁s₁² + (n₂ − 1)·n₂s₂²) / (n₁ + n₂ − 2)) (each sample's standard deviation is
/// sᵢ√nᵢ). Example: 10 ± 1 against 13 ± 1 over 100 values each gives t = 2.1213,
/// ν = 198, p ≈ 0.0351, d = 0.3.
public struct WelchTest: Sendable, Equatable {
    /// New mean − baseline mean, in the means' unit.
    public var difference: Double
    /// The interval of the difference at the confidence asked (95% by default).
    public var interval: ClosedRange<Double>
    /// The t statistic, signed as the difference; ±∞ when neither mean varies and they differ.
    public var t: Double
    /// Welch–Satterthwaite degrees of freedom, ≥ min(n₁, n₂) − 1.
    public var degreesOfFreedom: Double
    /// The two-sided p-value, in [0, 1].
    public var p: Double
    /// Cohen's d (difference over the pooled standard deviation); ±∞ as t.
    public var cohensD: Double

    /// The test of baseline (`m1`, `s1`, `n1`) against new (`m2`, `s2`, `n2`); nil when
    /// nothing varies and nothing moved (both standard errors 0, equal means): no test.
    /// When both standard errors are 0 and the means differ, every value of each side was
    /// the same and it changed: t and d are ±∞, p = 0 and the interval is [d, d].
    /// - Parameters:
    ///   - s1, s2: standard errors, ≥ 0.
    ///   - n1, n2: the values behind each mean, ≥ 2.
    ///   - confidence: of the interval, in (0, 1).
    /// - Precondition: the ranges above, finite means.
    public init?(mean m1: Double, standardError s1: Double, count n1: Int,
                 mean m2: Double, standardError s2: Double, count n2: Int, confidence: Double = 0.95) {
        precondition(n1 >= 2 && n2 >= 2 && s1 >= 0 && s2 >= 0 && m1.isFinite && m2.isFinite,
                     "WelchTest needs two finite means with standard errors >= 0 over at least 2 values each")
        precondition(confidence > 0 && confidence < 1, "confidence must be in (0, 1), got \(confidence)")
        let d = m2 - m1, v1 = s1 * s1, v2 = s2 * s2, v = v1 + v2
        let a = Double(n1), b = Double(n2)
        guard v > 0 else {
            guard d != 0 else { return nil }
            self.init(difference: d, interval: d...d, t: d > 0 ? .infinity : -.infinity, degreesOfFreedom: a + b - 2, p: 0,
                      cohensD: d > 0 ? .infinity : -.infinity)
            return
        }
        GSL.setUp()
        let df = v * v / (v1 * v1 / (a - 1) + v2 * v2 / (b - 1))
        let se = v.squareRoot(), t = d / se
        let half = gsl_cdf_tdist_Pinv((1 + confidence) / 2, df) * se
        let pooled = (((a - 1) * a * v1 + (b - 1) * b * v2) / (a + b - 2)).squareRoot()
        self.init(difference: d, interval: (d - half)...(d + half), t: t, degreesOfFreedom: df,
                  p: min(1, 2 * gsl_cdf_tdist_Q(abs(t), df)), cohensD: d / pooled)
    }

    private init(difference: Double, interval: ClosedRange<Double>, t: Double, degreesOfFreedom: Double, p: Double, cohensD: Double) {
        self.difference = difference; self.interval = interval; self.t = t
        self.degreesOfFreedom = degreesOfFreedom; self.p = p; self.cohensD = cohensD
    }

    /// The standard error of a mean from its two-sided Student-t interval [`low`, `high`]
    /// at `confidence` over `count` values: the half-width over t₍(1+c)/2, count−1₎
    /// (`gsl_cdf_tdist_Pinv`), the inverse of `Statistics.meanInterval`. Example: 20 ± 127.06
    /// over 2 values at 95% gives 10.
    /// - Precondition: count ≥ 2, low ≤ high, confidence in (0, 1).
    public static func standardError(low: Double, high: Double, count: Int, confidence: Double = 0.95) -> Double {
        precondition(count >= 2 && low <= high && confidence > 0 && confidence < 1,
                     "standardError needs count >= 2, low <= high and confidence in (0, 1)")
        GSL.setUp()
        return (high - low) / 2 / gsl_cdf_tdist_Pinv((1 + confidence) / 2, Double(count - 1))
    }
}
