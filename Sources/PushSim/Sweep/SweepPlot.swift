/// The gnuplot script written beside a sweep's `summary.csv` (`plot.gp`, data inline).
/// `gnuplot plot.gp`, run in the results folder, draws `rate.svg`/`rate.png` (convergence
/// rate against the first axis, one line per variant, strategy and value of the other
/// axes, with 95% Wilson interval error bars) and `cost.svg`/`cost.png` (mean pulls per
/// run against convergence rate). Duration values are plotted in seconds; other
/// non-numeric values by position; a numeric axis spanning two decades or more on a log scale.
/// Zipped axes vary together, so only crossed (grid) axes split lines.
enum SweepPlot {
    static func script(_ m: SweepManifest, summary rows: [[String]]) -> String {
        let header = m.summaryHeader
        func col(_ name: String) -> Int { header.firstIndex(of: name)! }
        let axes = 1...m.axisNames.count
        var order: [String] = [], lines: [String: [String]] = [:]
        var positions: [String: Int] = [:]
        // The first axis is numeric (numbers), durations (in seconds), or else categorical:
        // every value then gets a position and a labelled tic, with no connecting lines.
        let numeric = rows.allSatisfy { Double($0[1]) != nil }
        let durations = !numeric && rows.allSatisfy { (try? SimDuration(parsing: $0[1])) != nil }
        let categorical = !numeric && !durations
        for row in rows {
            let others = m.zipped ? [] : axes.dropFirst().map { "\(header[$0])=\(row[$0])" }
            let key = ([row[col("variant")], row[col("strategy")]] + others).joined(separator: " · ")
            if lines[key] == nil { order.append(key); lines[key] = [] }
            let label = row[1]
            let x: String
            if categorical { x = String(positions[label] ?? { positions[label] = positions.count; return positions.count - 1 }()) }
            else if numeric { x = label }
            else { x = SecondsFormat.string((try! SimDuration(parsing: label)).microseconds) }
            lines[key]!.append([x, row[col("convergence_rate")], row[col("convergence_rate_ci_low")], row[col("convergence_rate_ci_high")], row[col("mean_pulls")]].joined(separator: " "))
        }
        let xlabel = m.axisNames[0] + (durations ? " (s)" : "")
        let xs = rows.compactMap { Double($0[1]) ?? (try? SimDuration(parsing: $0[1])).map { Double($0.microseconds) } }
        let logX = (numeric || durations) && (xs.min() ?? 0) > 0 && (xs.max() ?? 0) / (xs.min() ?? 1) >= 100
        // Labels as gnuplot strings; the terminals are set `noenhanced`, so `{ } _ ^` show as typed.
        func quoted(_ s: String) -> String { "\"" + s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "'") + "\"" }
        var text = "# Written by pushsim for the sweep \(quoted(m.name)). Run: gnuplot plot.gp (in this folder).\n"
        for (i, key) in order.enumerated() {
            text += "$d\(i) << EOD\n" + lines[key]!.joined(separator: "\n") + "\nEOD\n"
        }
        let style = categorical ? "yerrorbars" : "yerrorlines"
        let tics = categorical ? "set xtics (" + positions.sorted { $0.value < $1.value }.map { "\(quoted($0.key)) \($0.value)" }.joined(separator: ", ") + ")\n  set xrange [-0.5:\(positions.count) - 0.5]" : "set xtics autofreq"
        let ratePlots = order.indices.map { "$d\($0) using 1:2:3:4 with \(style) title \(quoted(order[$0]))" }.joined(separator: ", \\\n  ")
        let costPlots = order.indices.map { "$d\($0) using 2:5 with linespoints title \(quoted(order[$0]))" }.joined(separator: ", \\\n  ")
        text += """
        set key outside right top
        set grid
        do for [fmt in "svg png"] {
          if (fmt eq "svg") { set terminal svg size 1000,560 dynamic noenhanced } else { set terminal png size 1000,560 noenhanced }
          set output "rate." . fmt
          set title \(quoted(m.name + ": convergence rate (95% Wilson interval)"))
          set xlabel \(quoted(xlabel))
          set ylabel "convergence rate"
          set yrange [0:1.05]
          set autoscale x
          \(tics)
          \(logX ? "set logscale x" : "unset logscale x")
          plot \(ratePlots)
          set output "cost." . fmt
          set title \(quoted(m.name + ": cost against convergence"))
          set xlabel "convergence rate"
          set ylabel "mean pulls per run"
          unset logscale x
          set xtics autofreq
          set xrange [0:1.05]
          set autoscale y
          plot \(costPlots)
          set autoscale x
        }

        """
        return text
    }
}
