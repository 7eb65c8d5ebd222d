import Foundation
import PushSim

extension Command {
    /// `fit SAMPLES.csv [--column NAME] [--variant V] [--strategy S] [--unit U]`: every
    /// built-in family fitted to the samples (a sample file, or one cell's column of a report,
    /// empty fields left out) by maximum likelihood (`DistributionFit.fitAll`), best (smallest AIC) first:
    /// each parameter with its standard error, ln L, AIC, and the KS distance and nominal
    /// p-value; then each fit as scenario JSON (with `"unit"` when `--unit` is given), and
    /// the `empirical` distribution of the file itself.
    static func fit(_ a: Arguments, out: (String) -> Void) throws -> Int32 {
        try a.allow(options: ["--column", "--unit", "--variant", "--strategy"])
        guard a.positional.count == 1 else { throw UsageError("fit takes one SAMPLES.csv") }
        let file = a.positional[0]
        let column = a.options["--column"]
        let unit = a.options["--unit"]
        if let unit, !SimDuration.units.contains(where: { $0.name == unit }) {
            throw UsageError("unknown unit \"\(unit)\"; expected one of: \(SimDuration.units.map(\.name).joined(separator: ", "))")
        }
        // A report (runs.csv, messages.csv) is read by cell, its empty fields left out; any other file strictly.
        let bytes = try Command.bytes(file)
        var isReport = false
        // Only the header is looked at (the first row stops the reading); the reader below reports any fault.
        try? CSVReader.read(bytes, file: file, header: { (r: CSVReader) throws(ScenarioError) in
            isReport = r.column("variant") != nil && r.column("strategy") != nil
        }, row: { (_: CSVRecord) throws(ScenarioError) in throw ScenarioError(file: file, path: "row 2", message: "header read") })
        var skipped = 0
        let samples: [Double]
        if let column, isReport {
            let read = try SimulatedColumn.read(bytes, file: file, column: column, variant: a.options["--variant"], strategy: a.options["--strategy"])
            (samples, skipped) = (read.values, read.skipped)
        } else {
            guard a.options["--variant"] == nil, a.options["--strategy"] == nil else {
                throw UsageError("--variant and --strategy choose a cell of a report with variant and strategy columns (runs.csv, messages.csv)")
            }
            samples = try SampleFile.read(file, column: column)
        }
        guard samples.count >= 2 else {
            throw ScenarioError(file: file, path: "$", message: "1 sample; fitting needs at least two")
        }
        let (fits, unfitted) = DistributionFit.fitAll(samples)
        var text = "\(samples.count) samples from \(file)\(column.map { " (column \($0))" } ?? "")"
            + (skipped > 0 ? " (\(skipped) empty fields left out)" : "") + ": min \(g(samples.min()!)), "
            + "mean \(g(samples.reduce(0, +) / Double(samples.count))), max \(g(samples.max()!))\n\n"
        let header = ["rank", "kind", "parameters (estimate ± standard error)", "ln L", "AIC", "KS D", "KS p"]
        let rows = fits.enumerated().map { i, f in
            [String(i + 1), f.distribution.kind,
             f.parameters.map { "\($0.name) \(g($0.value)) ± \(g($0.standardError))" }.joined(separator: ", "),
             String(format: "%.2f", f.logLikelihood), String(format: "%.2f", f.aic),
             String(format: "%.4f", f.ks.distance), String(format: "%.3g", f.ks.pValue)]
        }
        text += TextTable.render(header: header, rows: rows, numeric: [0, 3, 4, 5, 6])
        for s in unfitted { text += "not fitted: \(s.family): \(s.reason)\n" }
        text += "\nKS p is nominal: with parameters fitted to the same samples the true p-value is smaller.\n"
        text += "\nas scenario JSON, best first\(unit.map { " (a duration in \($0))" } ?? ""):\n"
        for f in fits { text += "  " + json(f.distribution, unit: unit) + "\n" }
        if !isReport {
            let columnJSON = column.map { ", \"column\": \(OrderedJSON.string($0).compact)" } ?? ""
            let absolute = URL(fileURLWithPath: file).standardized.path
            text += "  {\"kind\": \"empirical\", \"file\": \(OrderedJSON.string(absolute).compact)\(columnJSON)\(unit.map { ", \"unit\": \"\($0)\"" } ?? "")}"
                + "   (the samples themselves; written relative to the scenario's folder, the path moves with them)\n"
        }
        out(text)
        return 0
    }

    /// `x` to six significant digits.
    private static func g(_ x: Double) -> String { String(format: "%.6g", x) }

    /// The fit as a scenario's distribution object, its numbers to six significant digits.
    private static func json(_ d: Distribution, unit: String?) -> String {
        guard case let .object(members) = OrderedJSON(distribution: d) else { return "" }
        var rounded = members.map { m -> OrderedJSON.Member in
            if case let .number(x) = m.value { return OrderedJSON.Member(m.key, .number(Double(g(x))!)) }
            return m
        }
        if let unit { rounded.append(OrderedJSON.Member("unit", .string(unit))) }
        return OrderedJSON.object(rounded).compact
    }
}
