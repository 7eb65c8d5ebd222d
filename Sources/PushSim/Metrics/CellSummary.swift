import Foundation

/// Accumulates the runs of one (variant, strategy) cell into the figures of `summary.csv`.
///
/// Memory: O(converged runs) for the convergence-time quantiles, O(1) otherwise.
public struct CellSummary: Sendable {
    public let variant: String
    public let strategy: String
    /// Runs added.
    public private(set) var replications = 0
    /// Runs converged at the horizon.
    public private(set) var converged = 0
    /// Sums of every counter over the runs (for means).
    public private(set) var totals = RunCounters()
    private var convergenceTimes: [Double] = []

    public init(variant: String, strategy: String) { self.variant = variant; self.strategy = strategy }

    /// Adds one run.
    public mutating func add(_ o: RunOutcome) {
        replications += 1
        if o.converged { converged += 1 }
        if let t = o.convergenceTime { convergenceTimes.append(t.seconds) }
        let c = o.counters
        totals.pushesSent += c.pushesSent; totals.pushesLost += c.pushesLost
        totals.pushesDuplicated += c.pushesDuplicated; totals.pushesDelivered += c.pushesDelivered
        totals.droppedDeviceOffline += c.droppedDeviceOffline; totals.replacedInStorage += c.replacedInStorage
        totals.droppedTooManyPending += c.droppedTooManyPending; totals.deletedSignals += c.deletedSignals
        totals.pulls += c.pulls; totals.resets += c.resets
        totals.payloadsApplied += c.payloadsApplied; totals.events += c.events
    }

    /// Converged runs / replications.
    public var convergenceRate: Double { replications == 0 ? 0 : Double(converged) / Double(replications) }

    /// 95% Wilson score interval of the convergence rate.
    public var interval: (low: Double, high: Double) {
        Statistics.wilsonInterval(successes: converged, trials: replications, confidence: 0.95)
    }

    /// Quantile `p` (0…1) of the convergence time in seconds over converged runs; nil if none.
    public func convergenceTimeQuantile(_ p: Double) -> Double? {
        Statistics.quantile(sorted: convergenceTimes.sorted(), p)
    }

    /// Mean of a counter per run.
    public func mean(_ keyPath: KeyPath<RunCounters, Int>) -> Double {
        replications == 0 ? 0 : Double(totals[keyPath: keyPath]) / Double(replications)
    }
}
