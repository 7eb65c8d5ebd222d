/// The fleet files' column tables of docs/csv.md (`ColumnsMarkdown.fleetBlock`), from
/// `FleetColumns`.
extension ColumnsMarkdown {
    /// `fleet.csv`, `fleet-summary.csv` and `timeline.csv`, one row per column, numbered.
    static var fleet: String {
        table("fleet.csv", "one row per fleet run", keys: FleetColumns.runKeys, FleetColumns.measures) + "\n"
            + table("fleet-summary.csv", "per variant, strategy and `fleet.csv` measure", keys: FleetColumns.summary,
                    [FleetColumn<FleetMeasures>]()) + "\n"
            + table("timeline.csv", "per fleet run and minute", keys: FleetColumns.timelineKeys, FleetColumns.timeline)
    }

    private static func table<Row>(_ file: String, _ what: String, keys: [FleetFixedColumn], _ columns: [FleetColumn<Row>]) -> String {
        var s = "#### `\(file)` columns\n\n\(keys.count + columns.count) columns, in this order, \(what).\n\n"
        s += "| # | column | type | unit | meaning | empty when |\n|---|---|---|---|---|---|\n"
        for (i, k) in keys.enumerated() { s += row([String(i + 1), "`\(k.name)`", k.type, "—", k.doc, k.emptyWhen ?? "never"]) }
        for (i, c) in columns.enumerated() {
            s += row([String(keys.count + i + 1), "`\(c.name)`", c.type, c.unit, c.doc, c.emptyWhen ?? "never"])
        }
        return s
    }
}
