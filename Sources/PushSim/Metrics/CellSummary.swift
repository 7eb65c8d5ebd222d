/// Accumulates the runs of one (variant, strategy) cell into the figures of `summary.csv`.
///
/// Memory: O(runs) for the convergence-time quantiles and the user-view figures
/// (`ExperienceSummary`), O(metrics) otherwise.
public struct CellSummary: Sendable {
    public let variant: String
    public let strategy: String
    /// Runs added.
    public private(set) var replications = 0
    /// Runs converged at the horizon.
    public private(set) var converged = 0
    /// Sums over the runs of every `RunMetrics.all` metric, in that order.
    public private(set) var sums = [Int](repeating: 0, count: RunMetrics.all.count)
    /// Sums of rejections per `SendError`.
    public private(set) var rejections = [Int](repeating: 0, count: PushLedger.sendErrors.count)
    /// Convergence times (seconds) of the converged runs: p50 and p95 (`RunningQuantiles`).
    private var convergenceTimes = RunningQuantiles([0.5, 0.95])
    /// The sender figures (message fates, duplicates, quiet hours, lateness, attempts).
    public private(set) var sender = SenderSummary()
    /// The user-view and cost figures (`ExperienceColumns`).
    public private(set) var experience = ExperienceSummary()

    public init(variant: String, strategy: String) { self.variant = variant; self.strategy = strategy }

    /// Adds one run.
    public mutating func add(_ o: RunOutcome) {
        replications += 1
        if o.converged { converged += 1 }
        if let t = o.convergenceTime { convergenceTimes.add(t.seconds) }
        for (i, m) in RunMetrics.all.enumerated() { sums[i] += m.value(o) }
        for i in rejections.indices { rejections[i] += o.rejections[i] }
        sender.add(o)
        experience.add(o)
    }

    /// Converged runs / replications.
    public var convergenceRate: Double { replications == 0 ? 0 : Double(converged) / Double(replications) }

    /// 95% Wilson score interval of the convergence rate.
    public var interval: (low: Double, high: Double) {
        Statistics.wilsonInterval(successes: converged, trials: replications, confidence: 0.95)
    }

    /// Quantile `p` (0.5 or 0.95) of the convergence time in seconds over converged runs;
    /// nil if none. Exact up to 100,000 converged runs, GSL's P² estimate past that.
    public func convergenceTimeQuantile(_ p: Double) -> Double? {
        convergenceTimes.value(p)
    }

    /// The total of a metric over the runs.
    public func total(_ name: String) -> Int { sums[RunMetrics.all.firstIndex { $0.name == name }!] }

    /// The mean of a metric per run.
    public func mean(_ name: String) -> Double { replications == 0 ? 0 : Double(total(name)) / Double(replications) }
}
