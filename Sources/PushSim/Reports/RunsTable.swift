/// The columns of `runs.csv`: one row per (variant, strategy, replication), in scenario
/// order (variants, then strategies, then replications ascending). Units are in the names;
/// docs/csv.md describes each column.
public enum RunsTable {
    /// The header row, in order.
    public static let columns = ["variant", "strategy", "replication", "seed", "converged", "convergence_time_s", "final_cursor"]
        + RunMetrics.all.map(\.name) + ["rejected_codes"] + ExperienceColumns.runColumns

    /// One row's fields; `seed` is the scenario seed (stream seeds derive from it and the replication).
    public static func fields(variant: String, strategy: String, replication: Int, seed: UInt64, outcome o: RunOutcome) -> [String] {
        var f = [variant, strategy, String(replication), String(seed), o.converged ? "1" : "0"]
        f.append(o.convergenceTime.map { SecondsFormat.string($0.microseconds) } ?? "")
        f.append(String(o.finalCursor))
        for m in RunMetrics.all { f.append(String(m.value(o))) }
        f.append(RunMetrics.rejectionCodes(o.rejections))
        return f + ExperienceColumns.runFields(o)
    }

    /// The same row as `CSV.record(fields(...))`, built in one string (the hot path of
    /// `pushsim run` and sweeps: no array of fields, only the name fields need quoting).
    /// `prefix` fields (sweep run id, point, axes) come first.
    public static func record(prefix: [String] = [], variant: String, strategy: String, replication: Int, seed: UInt64,
                              outcome o: RunOutcome) -> String {
        var s = ""
        s.reserveCapacity(320)
        for p in prefix { s += CSV.field(p); s += "," }
        s += CSV.field(variant); s += ","; s += CSV.field(strategy); s += ","
        s += String(replication); s += ","; s += String(seed); s += ","; s += o.converged ? "1," : "0,"
        if let t = o.convergenceTime { s += SecondsFormat.string(t.microseconds) }
        s += ","; s += String(o.finalCursor)
        for m in RunMetrics.all { s += ","; s += String(m.value(o)) }
        s += ","; s += CSV.field(RunMetrics.rejectionCodes(o.rejections))
        ExperienceColumns.appendRunFields(o, to: &s)
        s += CSV.lineEnding
        return s
    }
}
