import CGSL
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@testable import PushSim

/// Two-sided statistical checks at a fixed significance level, used by the distribution
/// tests. Each returns the statistic and its acceptance bound so failures are readable.
enum StatisticalChecks {
    /// The family-wise error rate of this target's statistical checks: a correct model
    /// fails any of them with probability at most 0.001 (Bonferroni over `checks`).
    static let familyRate = 0.001
    /// Every statistical check of this target: mean, variance (each distribution) and KS
    /// (each continuous one) under each generator, and `otherChecks` elsewhere.
    static let checks = generators.count * (2 * (continuousDistributions.count + discreteDistributions.count) + continuousDistributions.count)
        + otherChecks
    /// The checks outside the distribution tests, by test function: (checks per case, cases).
    /// Each such test makes its checks through a `Budget` of its name, which checks at the
    /// end that it made exactly that many; `StatisticalBudgetTests` checks that every site
    /// in the sources has a row here and uses no α of its own.
    static let otherCheckSites: [String: (checks: Int, cases: Int)] = [
        "uniformIntInclusive": (1, 1),        // χ² of uniformInt's 5 values
        "discreteFrequencies": (1, 1),        // χ² of a discrete table
        "uniformIntegers": (1, 1),            // χ² of Philox uniformInt over 64 values
        "lossAndDuplication": (2, LossyChannelTests.lossCases.count),   // lossy channel: lost and duplicated counts per case
        "uniformDelay": (1, 1),               // χ² of the lossy channel's uniformInt delays
        "fairCoin": (1, 1),                   // the shuffled-ties coin
        "independentStreams": (15, 1),        // 5 stream pairs × 3 lags of correlation
        "fitRecovers": (9, 1),                // pushsim fit: each of the 5 families' 9 parameters within z·SE
        "fitStandardErrors": (9, 1),          // pushsim fit: each parameter's SE against the spread of 400 fits
        "selectionPCSNormal": (1, 1),         // pushsim select: KN's PCS on normal slippage, binomial bound
        "selectionPCSFlags": (1, 1),          // pushsim select: KN's PCS on 0/1 slippage with the floor, binomial bound
    ]
    /// The sum of `otherCheckSites`.
    static let otherChecks = otherCheckSites.values.reduce(0) { $0 + $1.checks * $1.cases }
    /// Significance level of every check: `familyRate / checks`.
    static let alpha = familyRate / Double(checks)
    /// Two-sided normal critical value for `alpha` (about 4.5 with the present count).
    static var z: Double { gsl_cdf_ugaussian_Pinv(1 - alpha / 2) }

    /// The generators every distribution check runs under: the default (philox4x32-10)
    /// and mt19937.
    static let generators: [GeneratorType] = [.philox4x32_10, .mt19937]

    /// `n` draws of `d` from a fresh stream of `generator` named `label` (replication 0 of
    /// seed 20240601, as `RandomStreams` creates it).
    static func draw(_ d: Distribution, n: Int, label: String, generator: GeneratorType = .default) -> [Double] {
        let s = RandomStreams(generator: generator, seed: 20_240_601, replication: 0).stream(label)
        return (0..<n).map { _ in d.sample(s) }
    }

    /// |x̄ − μ| and its bound z·√(σ²/n) from the analytic moments.
    static func meanCheck(_ xs: [Double], mean: Double, variance: Double) -> (distance: Double, bound: Double) {
        let sampleMean = xs.reduce(0, +) / Double(xs.count)
        return (abs(sampleMean - mean), z * (variance / Double(xs.count)).squareRoot())
    }

    /// |s² − σ²| and its bound z·SE with SE = √((m₄ − s⁴)/n), m₄ the sample fourth central
    /// moment (the asymptotic standard error of the sample variance).
    static func varianceCheck(_ xs: [Double], variance: Double) -> (distance: Double, bound: Double) {
        let n = Double(xs.count)
        let m = xs.reduce(0, +) / n
        let s2 = xs.reduce(0) { $0 + ($1 - m) * ($1 - m) } / (n - 1)
        let m4 = xs.reduce(0) { $0 + pow4($1 - m) } / n
        return (abs(s2 - variance), z * ((m4 - s2 * s2) / n).squareRoot())
    }

    /// The Kolmogorov–Smirnov statistic D = sup |F_n(x) − F(x)| and the asymptotic critical
    /// value √(−½ ln(α/2) / n).
    static func ksCheck(_ xs: [Double], cdf: (Double) -> Double) -> (d: Double, critical: Double) {
        (KolmogorovSmirnov(xs, cdf: cdf).distance, (-0.5 * log(alpha / 2) / Double(xs.count)).squareRoot())
    }

    /// Pearson's chi-square test of observed counts against probabilities: the upper-tail
    /// p-value `gsl_cdf_chisq_Q(X², K − 1)`.
    static func chiSquarePValue(counts: [Int], probabilities: [Double]) -> Double {
        let n = Double(counts.reduce(0, +))
        var x2 = 0.0
        for (c, p) in zip(counts, probabilities) {
            let e = n * p
            x2 += (Double(c) - e) * (Double(c) - e) / e
        }
        return gsl_cdf_chisq_Q(x2, Double(counts.count - 1))
    }

    private static func pow4(_ x: Double) -> Double { let y = x * x; return y * y }

    /// One test's share of `otherChecks`: it makes its checks through `alpha()` (or `z()`),
    /// and `done` says whether it made exactly the checks `otherCheckSites` declares per case.
    final class Budget {
        private let declared: Int
        private var made = 0

        /// - Precondition: `site` is a key of `otherCheckSites`.
        init(_ site: String) {
            guard let d = StatisticalChecks.otherCheckSites[site] else { preconditionFailure("no row for \(site) in otherCheckSites") }
            declared = d.checks
        }

        /// The α of one check (counted).
        func alpha() -> Double { made += 1; return StatisticalChecks.alpha }

        /// The two-sided normal critical value of one check (counted).
        func z() -> Double { gsl_cdf_ugaussian_Pinv(1 - alpha() / 2) }

        /// Whether exactly the declared checks were made.
        var done: Bool { made == declared }
    }
}
