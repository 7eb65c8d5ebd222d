import CGSL

/// The samples of an `empirical` distribution, sorted, and how it draws from them.
///
/// - Not interpolated: each listed value is drawn with probability (its count) / n, the
///   distribution the samples' empirical CDF describes (`gsl_ran_discrete` over the distinct
///   values, weighted by their counts: `values: [1, 1, 2]` draws 1 with probability 2/3).
/// - Interpolated: the CDF linearly interpolated between the sorted samples
///   x₍₀₎ ≤ … ≤ x₍ₙ₋₁₎, each of the n − 1 gaps holding probability 1 / (n − 1), spread
///   uniformly over the gap (a gap between two equal samples is a point mass). A draw is the
///   quantile of one uniform draw u ∈ [0, 1): `gsl_stats_quantile_from_sorted_data`, which
///   interpolates at position (n − 1)·u. Its support is [min, max] of the samples. With one
///   sample it is that value.
///
/// Immutable after construction (shared between threads, hence `@unchecked Sendable`, as
/// `DiscreteTable`).
public final class EmpiricalTable: @unchecked Sendable, Equatable {
    /// The samples as given (finite), in their order: what a scenario writes back.
    public let samples: [Double]
    /// The samples in increasing order.
    public let sorted: [Double]
    /// Whether the CDF is interpolated between the samples (see the type).
    public let interpolate: Bool
    /// The sample file they were read from, as the scenario names it (nil: listed in `values`).
    public let file: String?
    /// The distinct values weighted by their counts (not interpolated only).
    let table: DiscreteTable?

    /// Why `samples` cannot make a table (the reason), or nil if they can: at least one
    /// sample, every one finite.
    public static func problem(samples: [Double]) -> String? {
        guard !samples.isEmpty else { return "expected at least one value" }
        if let bad = samples.first(where: { !$0.isFinite }) { return "expected finite values, got \(bad)" }
        return nil
    }

    /// The table of `samples` (read from `file`, if given), or nil when `problem(samples:)` is not nil.
    /// - Complexity: O(n log n).
    public init?(samples: [Double], interpolate: Bool, file: String? = nil) {
        guard Self.problem(samples: samples) == nil else { return nil }
        self.file = file
        self.samples = samples
        self.sorted = samples.sorted()
        self.interpolate = interpolate
        if interpolate {
            table = nil
        } else {
            var values: [Double] = [], counts: [Double] = []
            for x in sorted {
                if values.last == x { counts[counts.count - 1] += 1 } else { values.append(x); counts.append(1) }
            }
            guard let t = DiscreteTable(weights: counts, values: values) else { return nil }
            table = t
        }
    }

    /// One draw through `s`: one uniform draw when interpolated, `gsl_ran_discrete`'s one
    /// draw otherwise.
    func sample(_ s: StreamDraws) -> Double {
        if let table { return table.values[gsl_ran_discrete(s.rng, table.table)] }
        return Statistics.quantile(sorted: sorted, gsl_rng_uniform(s.rng))!
    }

    /// E[X]: the samples' mean when not interpolated; when interpolated, the mean of the
    /// n − 1 gaps' midpoints (each gap weighs 1 / (n − 1)), which differs from the samples'
    /// mean unless the two end samples sit symmetrically about it.
    public var mean: Double {
        if let table { return Distribution.discrete(table).mean }
        guard sorted.count > 1 else { return sorted[0] }
        var sum = 0.0
        for i in 0..<(sorted.count - 1) { sum += (sorted[i] + sorted[i + 1]) / 2 }
        return sum / Double(sorted.count - 1)
    }

    /// Var[X]: the samples' population variance (1/n) when not interpolated; the mixture of
    /// the gaps' uniform distributions when interpolated.
    public var variance: Double {
        if let table { return Distribution.discrete(table).variance }
        guard sorted.count > 1 else { return 0 }
        let m = mean
        var second = 0.0
        for i in 0..<(sorted.count - 1) {
            let (a, b) = (sorted[i] - m, sorted[i + 1] - m)
            second += (a * a + a * b + b * b) / 3
        }
        return second / Double(sorted.count - 1)
    }

    /// P(X ≤ x): a step function when not interpolated, piecewise linear when interpolated
    /// (right-continuous at a point mass). Result in [0, 1].
    /// - Complexity: O(log n).
    public func cdf(_ x: Double) -> Double {
        let n = sorted.count
        // The number of samples ≤ x.
        var lo = 0, hi = n
        while lo < hi {
            let mid = (lo + hi) / 2
            if sorted[mid] <= x { lo = mid + 1 } else { hi = mid }
        }
        guard interpolate, n > 1 else { return Double(lo) / Double(n) }
        if lo == 0 { return 0 }
        if lo == n { return 1 }
        let i = lo - 1   // sorted[i] ≤ x < sorted[i + 1]
        return (Double(i) + (x - sorted[i]) / (sorted[i + 1] - sorted[i])) / Double(n - 1)
    }

    /// Same samples (in order) and the same interpolation.
    public static func == (a: EmpiricalTable, b: EmpiricalTable) -> Bool {
        a === b || (a.interpolate == b.interpolate && a.samples == b.samples)
    }
}
