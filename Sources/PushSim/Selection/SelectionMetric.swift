/// What `pushsim select` compares strategies by: one `runs.csv` column, its per-run value
/// the output of one replication, and which way is better. The mean over replications
/// is the metric (for `converged`, the convergence rate).
///
/// Values are taken in integer base units, so that sums are exact (`KimNelson`): 0/1 for a
/// flag, the count for a count, microseconds for a time; `scale` converts them to the
/// metric's unit (seconds for a time) for δ and for the reports.
public struct SelectionMetric: Sendable {
    /// The `runs.csv` column, e.g. `converged`, `stale_screen_s`, `pulls`.
    public let name: String
    /// Whether a larger mean is better.
    public let higherIsBetter: Bool
    /// The unit of the mean and of δ (`rate` for a flag: the share of runs with 1).
    public let unit: String
    /// Base units per metric unit: 1, or 10⁶ for a time (microseconds per second).
    public let scale: Double
    /// Whether the per-run value is 0 or 1 (then δ < 1 and S² has the floor δ(1 − δ)).
    public let isFlag: Bool
    /// The column's meaning, for `--help` and docs.
    public let doc: String
    private let value: Column.Value

    /// The metric of `runs.csv` column `name`.
    /// - Precondition: the column exists and is a flag, count or time.
    init(_ name: String, higherIsBetter: Bool, unit: String? = nil) {
        guard let column = Columns.runs.first(where: { $0.name == name }) else { preconditionFailure("no runs.csv column \(name)") }
        self.name = name
        self.higherIsBetter = higherIsBetter
        value = column.value
        doc = column.doc
        switch column.value {
        case .flag: (isFlag, scale) = (true, 1)
        case .count: (isFlag, scale) = (false, 1)
        case .duration: (isFlag, scale) = (false, 1_000_000)
        case .label, .decimal, .tally: preconditionFailure("\(name) is not a flag, count or time column")
        }
        self.unit = unit ?? column.unit
    }

    /// The run's value in base units, or nil when the column is empty for this run (a
    /// time that is not defined, e.g. `freshness_p95_s` with no change reflected).
    public func value(_ outcome: RunOutcome) -> Double? {
        switch value {
        case .flag(let v): v(outcome) ? 1 : 0
        case .count(let v): Double(v(outcome))
        case .duration(let v): v(outcome).map { Double($0.microseconds) }
        case .label, .decimal, .tally: nil
        }
    }

    /// `higher` or `lower`: which mean is better.
    public var better: String { higherIsBetter ? "higher" : "lower" }

    /// The default: `converged` (the convergence rate), higher is better.
    public static let `default` = SelectionMetric("converged", higherIsBetter: true, unit: "rate")

    /// Every metric `select` offers: columns with a value in every run of most scenarios
    /// (the freshness times are empty in a run that reflected no change; such a run stops
    /// the selection with an error naming it).
    public static let all: [SelectionMetric] = [
        .default,
        SelectionMetric("stale_screen_s", higherIsBetter: false),
        SelectionMetric("changes_never_reflected", higherIsBetter: false),
        SelectionMetric("freshness_p50_s", higherIsBetter: false),
        SelectionMetric("freshness_p95_s", higherIsBetter: false),
        SelectionMetric("regressions", higherIsBetter: false),
        SelectionMetric("notifications_stale", higherIsBetter: false),
        SelectionMetric("pulls", higherIsBetter: false),
        SelectionMetric("server_requests", higherIsBetter: false),
        SelectionMetric("bytes_pulled", higherIsBetter: false),
    ]

    /// The metric called `name`, if `select` offers it.
    public static func named(_ name: String) -> SelectionMetric? { all.first { $0.name == name } }
}
