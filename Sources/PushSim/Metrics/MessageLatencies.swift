/// One run's message latencies, as `runs.csv` writes them: over the (message, device) pairs
/// of the run (the rows `messages.csv` would have), the time from the first provider
/// request for the message to the device until its first copy reached the online device
/// (`arrival`), and until the OS first drew its notification (`display`, the main device
/// only: other devices draw nothing in the model).
///
/// Each figure is a quantile of the run's latencies with the interpolation of
/// `gsl_stats_quantile_from_sorted_data` (position (n − 1)·p, linear between the order
/// statistics around it), rounded half up to a whole microsecond; `max` is the largest.
/// A figure is `nil` when no pair of the run has that latency (nothing arrived, nothing
/// was displayed). Plain data (`BitwiseCopyable`), 64 bytes.
public struct MessageLatencies: Sendable, Equatable, BitwiseCopyable {
    /// Send → first arrival: p50, p95, p99 and max, in microseconds (−1: none).
    private var arrival: (Int64, Int64, Int64, Int64) = (-1, -1, -1, -1)
    /// Send → first display, as `arrival`.
    private var display: (Int64, Int64, Int64, Int64) = (-1, -1, -1, -1)

    /// The quantiles the runs report, in column order; the fourth figure is the maximum.
    public static let probabilities: [Double] = [0.5, 0.95, 0.99, 1]

    public init() {}

    /// The figures of two samples of latencies in microseconds (any order; each ≥ 0),
    /// sorted in place.
    init(arrivals: inout [Int64], displays: inout [Int64]) {
        arrival = Self.figures(&arrivals)
        display = Self.figures(&displays)
    }

    /// The same, from copies of the samples.
    init(arrivals: [Int64], displays: [Int64]) {
        var a = arrivals, d = displays
        self.init(arrivals: &a, displays: &d)
    }

    /// Which latency a figure is of.
    public enum Kind: Sendable { case arrival, display }

    /// Figure `index` (0: p50, 1: p95, 2: p99, 3: max) of one latency, `nil` when the run
    /// had none.
    public func figure(_ kind: Kind, _ index: Int) -> SimDuration? {
        let t = kind == .arrival ? arrival : display
        let v = [t.0, t.1, t.2, t.3][index]
        return v < 0 ? nil : SimDuration(microseconds: v)
    }

    public static func == (a: Self, b: Self) -> Bool {
        a.arrival == b.arrival && a.display == b.display
    }

    /// p50, p95, p99 and max of `values` (sorted in place), each rounded half up to a microsecond.
    private static func figures(_ values: inout [Int64]) -> (Int64, Int64, Int64, Int64) {
        guard !values.isEmpty else { return (-1, -1, -1, -1) }
        values.sort()
        let sorted = values
        func q(_ p: Double) -> Int64 {
            let position = p * Double(sorted.count - 1)
            let low = Int(position)
            guard low < sorted.count - 1 else { return sorted[low] }
            let delta = position - Double(low)
            // Interpolated in integers where possible: low + delta·(high − low), rounded
            // half up, so a figure is a whole microsecond on every machine.
            let gap = Double(sorted[low + 1] - sorted[low])
            return sorted[low] + Int64((delta * gap + 0.5).rounded(.down))
        }
        return (q(0.5), q(0.95), q(0.99), sorted[sorted.count - 1])
    }
}
