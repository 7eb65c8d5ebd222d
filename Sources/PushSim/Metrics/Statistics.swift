import CGSL

/// Summary statistics and interval estimates, computed with GSL.
public enum Statistics {
    /// The Wilson score interval for a binomial proportion.
    ///
    /// With p̂ = successes/trials, n = trials and z = `normalQuantile((1 + confidence) / 2)`
    /// (`gsl_cdf_ugaussian_Pinv`):
    /// centre = (p̂ + z²/2n) / (1 + z²/n), half-width = z / (1 + z²/n) · √(p̂(1 − p̂)/n + z²/4n²).
    /// Unlike the normal (Wald) interval it stays inside [0, 1] and is sensible at 0 or n
    /// successes; e.g. 8 of 10 at 95% gives about (0.4902, 0.9433).
    /// - Parameters:
    ///   - successes: 0 ≤ successes ≤ trials.
    ///   - trials: ≥ 0; with 0 trials the interval is (0, 1).
    ///   - confidence: the coverage, in (0, 1); default 0.95.
    /// - Returns: bounds in [0, 1], low ≤ high; low is exactly 0 at 0 successes and high
    ///   exactly 1 at `trials` successes.
    /// - Precondition: the ranges above.
    public static func wilsonInterval(successes: Int, trials: Int, confidence: Double = 0.95) -> (low: Double, high: Double) {
        precondition(trials >= 0 && successes >= 0 && successes <= trials,
                     "wilsonInterval needs 0 <= successes (\(successes)) <= trials (\(trials))")
        precondition(confidence > 0 && confidence < 1, "confidence must be in (0, 1), got \(confidence)")
        guard trials > 0 else { return (0, 1) }
        let n = Double(trials)
        let p = Double(successes) / n
        let z = normalQuantile((1 + confidence) / 2)
        let z2 = z * z
        let denominator = 1 + z2 / n
        let centre = (p + z2 / (2 * n)) / denominator
        let half = z / denominator * (p * (1 - p) / n + z2 / (4 * n * n)).squareRoot()
        // At 0 (or n) successes the bound is exactly 0 (or 1); avoid rounding residue.
        let low = successes == 0 ? 0 : max(0, centre - half)
        let high = successes == trials ? 1 : min(1, centre + half)
        return (low, high)
    }

    /// The `p`-quantile of sorted data by linear interpolation between order statistics
    /// (`gsl_stats_quantile_from_sorted_data`: position (n − 1)·p), or `nil` for no data.
    /// - Parameters:
    ///   - sorted: the data, ascending (not checked; unsorted input gives a meaningless result).
    ///   - p: in [0, 1]; 0 gives the minimum, 1 the maximum, 0.5 the median.
    /// - Precondition: 0 ≤ p ≤ 1.
    /// - Complexity: O(1).
    public static func quantile(sorted: [Double], _ p: Double) -> Double? {
        precondition(p >= 0 && p <= 1, "quantile needs p in [0, 1], got \(p)")
        guard !sorted.isEmpty else { return nil }
        GSL.setUp()
        return sorted.withUnsafeBufferPointer { gsl_stats_quantile_from_sorted_data($0.baseAddress, 1, $0.count, p) }
    }

    /// The arithmetic mean (`gsl_stats_mean`, a running-mean algorithm); NaN for no data.
    /// - Complexity: O(n).
    public static func mean(_ data: [Double]) -> Double {
        guard !data.isEmpty else { return .nan }
        GSL.setUp()
        return data.withUnsafeBufferPointer { gsl_stats_mean($0.baseAddress, 1, $0.count) }
    }

    /// The unbiased sample variance, divisor n − 1 (`gsl_stats_variance`); NaN for fewer
    /// than two values.
    /// - Complexity: O(n).
    public static func variance(_ data: [Double]) -> Double {
        guard data.count >= 2 else { return .nan }
        GSL.setUp()
        return data.withUnsafeBufferPointer { gsl_stats_variance($0.baseAddress, 1, $0.count) }
    }

    /// The two-sided Student-t confidence interval of the mean of `data`:
    /// mean ± t · s/√n, with s the sample standard deviation (`variance`) and
    /// t = `gsl_cdf_tdist_Pinv((1 + confidence)/2, n − 1)`. Zero-width when every value is
    /// equal; nil for fewer than two values.
    /// - Precondition: 0 < confidence < 1.
    /// - Complexity: O(n).
    public static func meanInterval(_ data: [Double], confidence: Double = 0.95) -> (low: Double, high: Double)? {
        precondition(confidence > 0 && confidence < 1, "confidence must be in (0, 1), got \(confidence)")
        guard data.count >= 2 else { return nil }
        return meanInterval(count: data.count, mean: mean(data), variance: variance(data), confidence: confidence)
    }

    /// The same from a sample's size (≥ 2), mean and sample variance:
    /// mean ± t₍(1+confidence)/2, count−1₎ · √(variance / count) (`gsl_cdf_tdist_Pinv`).
    public static func meanInterval(count: Int, mean m: Double, variance: Double,
                                    confidence: Double = 0.95) -> (low: Double, high: Double) {
        precondition(count >= 2 && confidence > 0 && confidence < 1, "meanInterval needs count >= 2 and confidence in (0, 1)")
        let half = gsl_cdf_tdist_Pinv((1 + confidence) / 2, Double(count - 1)) * (variance / Double(count)).squareRoot()
        return (m - half, m + half)
    }

    /// The standard normal quantile Φ⁻¹(p) (`gsl_cdf_ugaussian_Pinv`); −∞ at p = 0, +∞ at
    /// p = 1. Example: `normalQuantile(0.975)` ≈ 1.959964.
    /// - Precondition: 0 ≤ p ≤ 1.
    public static func normalQuantile(_ p: Double) -> Double {
        precondition(p >= 0 && p <= 1, "normalQuantile needs p in [0, 1], got \(p)")
        GSL.setUp()
        return gsl_cdf_ugaussian_Pinv(p)
    }

    /// The upper tail Q(z) = 1 − Φ(z) of the standard normal (`gsl_cdf_ugaussian_Q`), accurate far
    /// into the tail. Example: `upperNormalTail(3.29)` ≈ 0.0005.
    public static func upperNormalTail(_ z: Double) -> Double {
        GSL.setUp()
        return gsl_cdf_ugaussian_Q(z)
    }
}
