import CGSL

/// One quantile of a stream of values in O(1) memory: GSL's P² estimator
/// (`gsl_rstat_quantile_*`; Jain and Chlamtac, "The P² algorithm for dynamic calculation
/// of quantiles and histograms without storing observations", CACM 28(10), 1985).
///
/// Exact while at most five values have been added; an estimate from five markers after
/// that. The GSL workspace is a plain C struct held by value, so copies are independent.
public struct RunningQuantile: @unchecked Sendable {
    private var workspace = gsl_rstat_quantile_workspace()

    /// - Parameter p: the quantile, 0 … 1 (0.95 for the 95th percentile).
    public init(_ p: Double) {
        precondition(p >= 0 && p <= 1, "a quantile needs p in [0, 1], got \(p)")
        GSL.setUp()
        workspace.p = p
        gsl_rstat_quantile_reset(&workspace)
    }

    /// Values added.
    public var count: Int { Int(workspace.n) }

    /// Adds one value.
    /// - Complexity: O(1).
    public mutating func add(_ x: Double) { gsl_rstat_quantile_add(x, &workspace) }

    /// The estimate, or `nil` with no values.
    public var value: Double? {
        guard workspace.n > 0 else { return nil }
        var w = workspace
        return gsl_rstat_quantile_get(&w)
    }
}
