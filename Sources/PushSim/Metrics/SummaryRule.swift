/// How `summary.csv` summarises one `runs.csv` column over the runs of a (variant,
/// strategy) cell. A rule gives one or more summary columns, named from the column's name
/// unless given; a column's rules are written in order, at the column's place.
///
/// Every rule keeps bounded memory whatever the number of runs: sums and counts, running
/// moments (`RunningMoments`), running quantiles (`RunningQuantiles`) or a maximum.
/// A value that is empty in `runs.csv` (a `nil` time) is skipped by every rule.
public enum SummaryRule: Sendable {
    /// The cell's own value of an identity column (`variant`, `strategy`), same name.
    case key
    /// The number of runs in the cell, under the given name (`replications`).
    case runs(String)
    /// The sum over the runs: `total_<name>`, or the given name. A count or time sums to an
    /// integer (microseconds for a time); a tally sums per label and is written as in
    /// `runs.csv`.
    case total(String? = nil)
    /// The mean per run, sum / runs, `%.6f` (a time in seconds): `mean_<name>`.
    case mean
    /// The mean per run, as `.mean` (Σ / runs, exact), and its 95% Student-t interval,
    /// mean ± t₀.₉₇₅,ₙ₋₁ · s/√n with s the runs' sample standard deviation (empty with fewer
    /// than two runs): `mean_<name>`, `mean_<name>_ci_low`, `mean_<name>_ci_high`, in the
    /// mean's unit. For a column never empty (a count, or a time every run has).
    case meanAndInterval
    /// The mean over the runs with a value and its 95% Student-t interval (empty with
    /// fewer than two): `mean_<stem><unit>`, `mean_<stem><unit>_ci_low`, `mean_<stem><unit>_ci_high`
    /// (`stem` is the name without its unit suffix `_s`; the bounds are in the mean's unit),
    /// and for a column that may be empty `mean_<stem><unit>_runs`, the runs with a value
    /// (the n `pushsim compare` needs for Welch's test).
    case meanWithInterval
    /// Quantiles over the runs with a value (one shared `RunningQuantiles`):
    /// `<stem>_p<100·p><unit>` each, `%.6f` (a time in seconds).
    case quantiles([Double])
    /// The largest value of any run, under the given name, written as in `runs.csv` (a
    /// count: 0 with no run; a time: empty when no run has one).
    case max(String)
    /// The runs whose value is > 0 (a flag: 1), their share of the runs and its 95% Wilson
    /// interval (`Statistics.wilsonInterval`).
    case runRate(RateNames)
    /// A pooled ratio Σ numerator / Σ denominator over the runs, `%.6f`, under the given
    /// name; empty when the denominator's sum is 0.
    case pooled(String, Amount, per: Amount)

    /// The names of a run-rate's four columns: the count, the rate, and the rate's interval
    /// bounds `<rate>_ci_low` and `<rate>_ci_high` (every interval in the reports is named
    /// `<metric>_ci_low` / `<metric>_ci_high`).
    public struct RateNames: Sendable {
        public let runs: String, rate: String
        public var low: String { rate + "_ci_low" }
        public var high: String { rate + "_ci_high" }

        public init(runs: String, rate: String) {
            self.runs = runs; self.rate = rate
        }

        /// `runs_with_<event>`, `<event>_run_rate`, `<event>_run_rate_ci_low`, `<event>_run_rate_ci_high`.
        public static func runsWith(_ event: String) -> RateNames {
            RateNames(runs: "runs_with_\(event)", rate: "\(event)_run_rate")
        }
    }

    /// One term of a pooled ratio, summed over the cell's runs.
    public enum Amount: Sendable, ExpressibleByStringLiteral {
        /// The sum of a count or time column, by name. A time's sum is in seconds, except
        /// when both terms are times (then both stay in microseconds, and the units cancel).
        case column(String)
        /// The simulated hours (each run's horizon), summed in run order.
        case hours

        public init(stringLiteral name: String) { self = .column(name) }
    }

    /// `runRate(.runsWith(event))`.
    public static func runRate(_ event: String) -> SummaryRule { .runRate(.runsWith(event)) }
}
