/// A fleet sweep's plots may draw a fleet measure (`SweepSpec.metric`, e.g.
/// `lateness_after_wake_max_s`): its mean over replications and 95% interval, from
/// `fleet-summary.csv`, as three more columns of each summary row.
extension SweepPlot {
    /// `summary` (rows of `m.summaryHeader`) with, per fleet measure, the columns
    /// `<measure>`, `<measure>_ci_low` and `<measure>_ci_high` of the same point, variant
    /// and strategy in `fleetSummary` (rows of `m.fleetSummaryHeader`); the header to match.
    static func withFleetMeasures(_ m: SweepManifest, summary: [[String]], fleetSummary: [[String]]) -> (header: [String], rows: [[String]]) {
        let measures = FleetColumns.measures.map(\.name)
        let header = m.summaryHeader + measures.flatMap { [$0, $0 + "_ci_low", $0 + "_ci_high"] }
        let prefix = 1 + m.axisNames.count
        let sp = m.summaryHeader.firstIndex(of: "point")!, sv = m.summaryHeader.firstIndex(of: "variant")!, ss = m.summaryHeader.firstIndex(of: "strategy")!
        var values: [String: [String: [String]]] = [:]
        for row in fleetSummary where row.count == prefix + FleetTables.summaryNames.count {
            let cell = row[0] + "\u{0}" + row[prefix] + "\u{0}" + row[prefix + 1]
            values[cell, default: [:]][row[prefix + 2]] = [row[prefix + 4], row[prefix + 5], row[prefix + 6]]
        }
        let rows = summary.map { row in
            let cell = values[row[sp] + "\u{0}" + row[sv] + "\u{0}" + row[ss]] ?? [:]
            return row + measures.flatMap { cell[$0] ?? ["", "", ""] }
        }
        return (header, rows)
    }
}
