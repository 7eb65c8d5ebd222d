import Foundation

/// The Kolmogorov–Smirnov distance between samples and a distribution (one sample) or
/// between two samples, with its asymptotic p-value.
///
/// GSL has no Kolmogorov distribution; the p-value is the series
/// Q(λ) = 2 Σ_{k≥1} (−1)^{k−1} e^{−2k²λ²} at λ = (√nₑ + 0.12 + 0.11/√nₑ)·D (Stephens' small-sample
/// correction, as in Press et al., Numerical Recipes, "Kolmogorov-Smirnov Test"), with nₑ = n
/// for one sample and n·m/(n + m) for two. It is accurate to a few per cent for nₑ ≥ 4 and
/// exact in the limit. With a distribution's parameters fitted to the same samples, the true
/// p-value is smaller than this one (the test is then conservative: Lilliefors).
public struct KolmogorovSmirnov: Sendable, Equatable {
    /// D = sup |F₁(x) − F₂(x)|, in [0, 1].
    public let distance: Double
    /// The effective sample size nₑ (> 0).
    public let effectiveCount: Double

    /// P(D ≥ observed) under the null hypothesis that both come from one distribution, in [0, 1].
    public var pValue: Double { Self.q((effectiveCount.squareRoot() + 0.12 + 0.11 / effectiveCount.squareRoot()) * distance) }

    /// One sample against `cdf` (a right-continuous CDF). `samples` need not be sorted.
    /// - Precondition: at least one sample.
    public init(_ samples: [Double], cdf: (Double) -> Double) {
        precondition(!samples.isEmpty, "a KS test needs at least one sample")
        let sorted = samples.sorted()
        let n = Double(sorted.count)
        var d = 0.0
        for (i, x) in sorted.enumerated() {
            let f = cdf(x)
            d = max(d, f - Double(i) / n, Double(i + 1) / n - f)
        }
        distance = min(1, d)
        effectiveCount = n
    }

    /// Two samples: D between their empirical CDFs (ties handled: both CDFs step past a tied
    /// value together).
    /// - Precondition: neither is empty.
    public init(_ a: [Double], _ b: [Double]) {
        precondition(!a.isEmpty && !b.isEmpty, "a two-sample KS test needs samples on both sides")
        let (x, y) = (a.sorted(), b.sorted())
        let (n, m) = (Double(x.count), Double(y.count))
        var (i, j, d) = (0, 0, 0.0)
        while i < x.count && j < y.count {
            let v = min(x[i], y[j])
            while i < x.count && x[i] == v { i += 1 }
            while j < y.count && y[j] == v { j += 1 }
            d = max(d, abs(Double(i) / n - Double(j) / m))
        }
        distance = d
        effectiveCount = n * m / (n + m)
    }

    /// Q(λ): the Kolmogorov distribution's upper tail; 1 for λ below 0.2 (where the series
    /// converges slowly and the value is 1 to 12 digits).
    static func q(_ lambda: Double) -> Double {
        guard lambda >= 0.2 else { return 1 }
        var sum = 0.0, sign = 1.0
        for k in 1...100 {
            let term = sign * exp(-2 * Double(k * k) * lambda * lambda)
            sum += term
            if abs(term) < 1e-16 * max(sum, 1e-300) { break }
            sign = -sign
        }
        return max(0, min(1, 2 * sum))
    }
}
