import Foundation
import PushSim

extension Command {
    /// `compare SIMULATED.csv MEASURED.csv --measured COLUMN [--column NAME] [--variant V]
    /// [--strategy S] [--threshold T] [--alpha A] [--out DIR [--figure-size SIZE]]`: the simulated column of one
    /// cell (`SimulatedColumn`) against the measured samples (`SampleFile`), as
    /// `MeasuredComparison` prints them; with `--out`, the Q–Q plot (`qq.gp`, drawn into
    /// `qq.svg`, `.png`, `.pdf` when gnuplot is there). Exit 1 when the two-sample KS
    /// p-value is below `--alpha` (default 0.001).
    static func compareMeasured(_ a: Arguments, out: (String) -> Void, err: (String) -> Void, environment: [String: String]) throws -> Int32 {
        guard a.flags.isEmpty, a.options["--power"] == nil, a.options["--detect"] == nil else {
            throw UsageError("--measured takes --column, --variant, --strategy, --threshold, --alpha, --out and --figure-size only")
        }
        let figureSize = try a.figureSize()
        if a.options["--figure-size"] != nil && a.options["--out"] == nil { throw UsageError("--figure-size applies with --out (the Q-Q plot)") }
        let (simulatedFile, measuredFile) = (a.positional[0], a.positional[1])
        let column = a.options["--measured"]!
        let alpha = try a.fraction("--alpha") ?? 0.001
        let threshold = try a.finite("--threshold")
        let (variant, strategy) = (a.options["--variant"], a.options["--strategy"])
        let simulated = try SimulatedColumn.read(try bytes(simulatedFile), file: simulatedFile, column: column, variant: variant, strategy: strategy)
        let measured = try SampleFile.read(measuredFile, column: a.options["--column"])
        let comparison = MeasuredComparison(simulated: simulated.values, measured: measured)
        let cell = [variant, strategy].compactMap { $0 }.joined(separator: " / ")
        let what = "\(column)" + (cell.isEmpty ? "" : " of \(cell)") + " in \(simulatedFile)"
            + (simulated.skipped > 0 ? " (\(simulated.skipped) empty fields left out)" : "")
        let measuredName = measuredFile + (a.options["--column"].map { " (column \($0))" } ?? "")
        out(comparison.text(what: what, measuredName: measuredName, alpha: alpha, threshold: threshold))
        if let dir = a.options["--out"] {
            let folder = URL(fileURLWithPath: dir)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let script = comparison.qqScript(title: "Q-Q: simulated \(column) against \(URL(fileURLWithPath: measuredFile).lastPathComponent)",
                                             what: cell.isEmpty ? column : "\(column), \(cell)", size: figureSize)
            try AtomicFile.write(script, to: folder.appendingPathComponent("qq.gp"))
            let drawn = Plotter.draw(folder, script: "qq.gp", figures: ["qq"], environment: environment, err: err)
            out(drawn.isEmpty ? "Q-Q plot script: \(folder.path)/qq.gp (gnuplot not found: run gnuplot qq.gp there)\n"
                              : "Q-Q plot: \(drawn.map { folder.appendingPathComponent($0).path }.joined(separator: ", "))\n")
        }
        return comparison.differs(alpha: alpha) ? 1 : 0
    }
}
