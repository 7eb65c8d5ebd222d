import CGSL

/// Quantiles of a stream of values in bounded memory.
///
/// Exact while the values take at most `exactLimit` distinct values: the stream is kept as
/// a histogram (value → count) and a quantile is read from it with the interpolation of
/// `gsl_stats_quantile_from_sorted_data` (position (n − 1)·p, linear between the two order
/// statistics around it), so it equals `Statistics.quantile` over the sorted values.
/// Simulation outputs are often discrete (whole-second delays, a few event times), so this
/// covers most studies of any size. Past `exactLimit` distinct values the histogram is
/// dropped and the quantiles are GSL's P² estimates (`gsl_rstat_quantile_*`; Jain and
/// Chlamtac, "The P² algorithm for dynamic calculation of quantiles and histograms without
/// storing observations", CACM 28(10), 1985), which see every value in order from the
/// first.
///
/// Memory: at most `exactLimit` histogram entries, plus one small GSL struct per
/// probability (held by value, so copies are independent). Deterministic: values are
/// added in a fixed order (runs in report order) and the histogram is read in sorted order.
public struct RunningQuantiles: @unchecked Sendable {
    /// The quantiles that stay available past `exactLimit` (0 … 1).
    public let probabilities: [Double]
    /// Distinct values kept for exact quantiles (≥ 1).
    public let exactLimit: Int
    /// Values added.
    public private(set) var count = 0
    private var histogram: [Double: Int]? = [:]
    private var estimators: [gsl_rstat_quantile_workspace]

    /// - Parameters:
    ///   - probabilities: e.g. `[0.5, 0.95]`.
    ///   - exactLimit: distinct values kept before switching to estimates (default 100,000).
    public init(_ probabilities: [Double], exactLimit: Int = 100_000) {
        precondition(probabilities.allSatisfy { $0 >= 0 && $0 <= 1 } && exactLimit >= 1)
        GSL.setUp()
        self.probabilities = probabilities
        self.exactLimit = exactLimit
        estimators = probabilities.map { p in
            var w = gsl_rstat_quantile_workspace()
            w.p = p
            gsl_rstat_quantile_reset(&w)
            return w
        }
    }

    /// Whether the quantiles are still exact.
    public var isExact: Bool { histogram != nil }

    /// Adds one value.
    /// - Complexity: O(probabilities) expected.
    public mutating func add(_ x: Double) {
        count += 1
        for i in estimators.indices { gsl_rstat_quantile_add(x, &estimators[i]) }
        guard histogram != nil else { return }
        histogram![x, default: 0] += 1
        if histogram!.count > exactLimit { histogram = nil }
    }

    /// Quantile `p` (one of `probabilities`), or `nil` with no values.
    /// - Complexity: O(d log d) for d distinct values while exact, O(1) after.
    public func value(_ p: Double) -> Double? {
        guard count > 0 else { return nil }
        guard let histogram else {
            guard let i = probabilities.firstIndex(of: p) else { preconditionFailure("quantile \(p) was not asked for at init") }
            var w = estimators[i]
            return gsl_rstat_quantile_get(&w)
        }
        // gsl_stats_quantile_from_sorted_data, on the sorted expansion of the histogram.
        let index = p * Double(count - 1)
        let lhs = Int(index)
        let delta = index - Double(lhs)
        let sorted = histogram.sorted { $0.key < $1.key }
        func orderStatistic(_ k: Int) -> Double {
            var seen = 0
            for (value, n) in sorted {
                seen += n
                if k < seen { return value }
            }
            return sorted[sorted.count - 1].key
        }
        let low = orderStatistic(lhs)
        return lhs == count - 1 ? low : (1 - delta) * low + delta * orderStatistic(lhs + 1)
    }
}
