import CGSL

/// Quantiles of a stream of values in bounded memory: exact while at most `exactLimit`
/// values have been added (the values are kept and `Statistics.quantile` interpolates
/// linearly, as `gsl_stats_quantile_from_sorted_data` does); past that, GSL's P²
/// estimator (`gsl_rstat_quantile_*`; Jain and Chlamtac, "The P² algorithm for dynamic
/// calculation of quantiles and histograms without storing observations", CACM 28(10),
/// 1985) for each of `probabilities`, fed the kept values in order and then every new one.
///
/// Memory: at most `exactLimit` doubles, then one small fixed GSL struct per probability
/// (held by value, so copies are independent). Deterministic: values are added in a fixed
/// order (runs in report order).
public struct RunningQuantiles: @unchecked Sendable {
    /// The quantiles that stay available past `exactLimit` (0 … 1).
    public let probabilities: [Double]
    /// Values kept for exact quantiles (≥ 1).
    public let exactLimit: Int
    /// Values added.
    public private(set) var count = 0
    private var kept: [Double] = []
    private var estimators: [gsl_rstat_quantile_workspace]?

    /// - Parameters:
    ///   - probabilities: e.g. `[0.5, 0.95]`.
    ///   - exactLimit: values kept before switching to estimates (default 100,000: 800 KB).
    public init(_ probabilities: [Double], exactLimit: Int = 100_000) {
        precondition(probabilities.allSatisfy { $0 >= 0 && $0 <= 1 } && exactLimit >= 1)
        self.probabilities = probabilities
        self.exactLimit = exactLimit
    }

    /// Whether the values are still kept (quantiles exact).
    public var isExact: Bool { estimators == nil }

    /// Adds one value.
    /// - Complexity: O(1) amortised; one O(`exactLimit` × probabilities) switch.
    public mutating func add(_ x: Double) {
        count += 1
        guard estimators != nil else {
            kept.append(x)
            if kept.count > exactLimit { switchToEstimates() }
            return
        }
        for i in probabilities.indices { gsl_rstat_quantile_add(x, &estimators![i]) }
    }

    /// Quantile `p` (one of `probabilities`), or `nil` with no values.
    public func value(_ p: Double) -> Double? {
        guard count > 0 else { return nil }
        guard let estimators else { return Statistics.quantile(sorted: kept.sorted(), p) }
        guard let i = probabilities.firstIndex(of: p) else { preconditionFailure("quantile \(p) was not asked for at init") }
        var w = estimators[i]
        return gsl_rstat_quantile_get(&w)
    }

    private mutating func switchToEstimates() {
        GSL.setUp()
        var all: [gsl_rstat_quantile_workspace] = probabilities.map { p in
            var w = gsl_rstat_quantile_workspace()
            w.p = p
            gsl_rstat_quantile_reset(&w)
            return w
        }
        for x in kept { for i in all.indices { gsl_rstat_quantile_add(x, &all[i]) } }
        estimators = all
        kept = []
    }
}
