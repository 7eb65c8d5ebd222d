import SimKernel

/// The fleet reports' CSV files (docs/csv.md, Fleets), from the column tables of
/// `FleetColumns`: `fleet.csv` (one row per fleet run), `fleet-summary.csv` (per variant,
/// strategy and measure: the mean over replications with its 95% t-interval) and
/// `timeline.csv` (per fleet run and minute).
enum FleetTables {
    static var fleetNames: [String] { FleetColumns.runKeys.map(\.name) + FleetColumns.measures.map(\.name) }
    static var fleetHeader: String { CSV.record(fleetNames) }

    static func fleetRow(_ o: FleetOutcome, prefix: [String] = [], variant: String, strategy: String) -> [UInt8] {
        var line = CSVLine()
        for p in prefix { line.append(p) }
        line.append(variant); line.append(strategy); line.append(o.id.replication)
        for column in FleetColumns.measures { column.write(o.measures, to: &line) }
        line.end()
        return line.bytes
    }

    static var summaryNames: [String] { FleetColumns.summary.map(\.name) }
    static var summaryHeader: String { CSV.record(summaryNames) }

    /// Per measure: the mean over the replications that define it, with the 95% t-interval
    /// (`Statistics.meanInterval`, `gsl_cdf_tdist_Pinv`; empty below two replications).
    /// Replications are independent (each is a whole fleet), so this interval is honest
    /// where one over recipients would not be (recipients share the fleet's resources).
    static func summaryRows(prefix: [String] = [], variant: String, strategy: String, runs: [FleetMeasures]) -> [UInt8] {
        var line = CSVLine()
        for column in FleetColumns.measures {
            let xs = runs.compactMap(column.number)
            for p in prefix { line.append(p) }
            line.append(variant); line.append(strategy); line.append(column.name); line.append(xs.count)
            line.appendDecimal(xs.isEmpty ? nil : Statistics.mean(xs))
            let ci = Statistics.meanInterval(xs)
            line.appendDecimal(ci?.low); line.appendDecimal(ci?.high)
            line.end()
        }
        return line.bytes
    }

    static var timelineNames: [String] { FleetColumns.timelineKeys.map(\.name) + FleetColumns.timeline.map(\.name) }

    static func timelineRows(_ o: FleetOutcome, variant: String, strategy: String) -> [UInt8] {
        var line = CSVLine()
        for (i, m) in o.timeline.minutes.enumerated() {
            line.append(variant); line.append(strategy); line.append(o.id.replication); line.append(i)
            for column in FleetColumns.timeline { column.write(m, to: &line) }
            line.end()
        }
        return line.bytes
    }
}
