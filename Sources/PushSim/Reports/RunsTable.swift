/// The columns of `runs.csv`: one row per (variant, strategy, replication), in scenario
/// order (variants, then strategies, then replications ascending). Units are in the names;
/// docs/csv.md describes each column.
public enum RunsTable {
    /// The header row, in order.
    public static let columns = ["variant", "strategy", "replication", "seed", "converged", "convergence_time_s", "final_cursor"]
        + RunMetrics.all.map(\.name) + ["rejected_codes"]

    /// One row's fields; `seed` is the scenario seed (stream seeds derive from it and the replication).
    public static func fields(variant: String, strategy: String, replication: Int, seed: UInt64, outcome o: RunOutcome) -> [String] {
        var f = [variant, strategy, String(replication), String(seed), o.converged ? "1" : "0"]
        f.append(o.convergenceTime.map { SecondsFormat.string($0.microseconds) } ?? "")
        f.append(String(o.finalCursor))
        for m in RunMetrics.all { f.append(String(m.value(o))) }
        f.append(RunMetrics.rejectionCodes(o.rejections))
        return f
    }
}
