/// The columns of `runs.csv`: one row per (variant, strategy, replication), in scenario
/// order (variants, then strategies, then replications ascending). Units are in the names;
/// docs/csv.md describes each column.
public enum RunsTable {
    /// The header row, in order.
    public static let columns = [
        "variant", "strategy", "replication", "seed", "converged", "convergence_time_s", "final_cursor",
        "pushes_sent", "pushes_lost", "pushes_duplicated", "pushes_delivered",
        "dropped_device_offline", "replaced_in_storage", "dropped_too_many_pending", "deleted_signals",
        "pulls", "resets", "payloads_applied", "events",
    ]

    /// One row's fields; `seed` is the scenario seed (stream seeds derive from it and the replication).
    public static func fields(variant: String, strategy: String, replication: Int, seed: UInt64, outcome o: RunOutcome) -> [String] {
        let c = o.counters
        return [
            variant, strategy, String(replication), String(seed), o.converged ? "1" : "0",
            o.convergenceTime.map { SecondsFormat.string($0.microseconds) } ?? "", String(o.finalCursor),
            String(c.pushesSent), String(c.pushesLost), String(c.pushesDuplicated), String(c.pushesDelivered),
            String(c.droppedDeviceOffline), String(c.replacedInStorage), String(c.droppedTooManyPending), String(c.deletedSignals),
            String(c.pulls), String(c.resets), String(c.payloadsApplied), String(c.events),
        ]
    }
}
