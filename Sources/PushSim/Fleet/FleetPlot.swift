import Foundation

/// The fleet's timeline figure (`timeline.svg`, `.png`, `.pdf`, drawn by `plot.gp`):
/// replication 0 of every (variant, strategy), one panel per measure, minutes on x.
enum FleetPlot {
    /// The panels: (title, the minute's value).
    static let measures: [(String, @Sendable (FleetTimeline.Minute) -> Double?)] = [
        ("pushes sent per minute", { Double($0.sent) }),
        ("pushes accepted per minute", { Double($0.accepted) }),
        ("pushes rejected by a quota per minute", { Double($0.rejectedQuota) }),
        ("pushes delivered per minute", { Double($0.delivered) }),
        ("pulls started per minute", { Double($0.pullsStarted) }),
        ("pulls refused (503) per minute", { Double($0.pullsRefused) }),
        ("longest pull queue in the minute", { Double($0.queueMax) }),
        ("pull latency p95 in the minute (s)", { m in
            Statistics.quantile(sorted: m.latencies.map(Double.init).sorted(), 0.95) }),
        ("outbox rows not final (start of minute)", { Double($0.backlog) }),
        ("outbox rows due and waiting (start of minute)", { Double($0.rowsLate) }),
    ]

    /// One panel per measure that is not zero throughout (at least the first panel), x
    /// from minute 0 to the horizon's.
    static func figure(name: String, cells: [String], timelines: [FleetTimeline], size: FigureSize = .text) -> GnuplotFigure {
        var panels = measures.map { title, value in
            GnuplotFigure.Panel(title: title, series: zip(cells, timelines).enumerated().map { c, pair in
                GnuplotFigure.Series(title: pair.0, style: c, look: .linesPoints, points: pair.1.minutes.enumerated().compactMap { i, m in
                    value(m).map { GnuplotFigure.Point(x: Double(i), y: $0) }
                })
            })
        }
        let first = panels[0]
        panels.removeAll { $0.series.allSatisfy { $0.points.allSatisfy { $0.y == 0 } } }
        if panels.isEmpty { panels = [first] }
        let last = Double(max(1, (timelines.first?.minutes.count ?? 2) - 1))
        return GnuplotFigure(name: "timeline", title: "\(name): fleet timeline, replication 0", panels: panels, columns: min(2, panels.count),
                             x: .numeric(label: "minute", log: false, tics: nil, range: 0...last), yLabel: "value", yRange: nil, size: size)
    }
}

/// The terminal summary of a fleet run: a few of `fleet-summary.csv`'s measures per
/// (variant, strategy), mean over replications with the 95% interval.
public enum FleetSummaryText {
    static let shown = ["recipients", "converged_fraction", "freshness_p95_s_p95", "lateness_after_wake_max_s", "pushes_accepted",
                        "pushes_rejected_quota", "pull_latency_p95_s", "pull_queue_max", "rows_late_max"]

    /// The text, from the committed `fleet-summary.csv` in `folder` (empty if unreadable).
    public static func text(folder: URL) -> String {
        guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent("fleet-summary.csv").path) else { return "" }
        let rows = CSV.parse(String(decoding: data, as: UTF8.self))
        guard rows.count > 1 else { return "" }
        var out = "\nfleet (the table above counts recipients as runs; below, per fleet run, the mean over replications [95% interval]; - none):\n"
        var last = ""
        for row in rows.dropFirst() where row.count == 7 && shown.contains(row[2]) {
            let cell = "\(row[0]) / \(row[1])"
            if cell != last { out += "  \(cell)\n"; last = cell }
            let interval = row[5].isEmpty ? "" : " [\(row[5]), \(row[6])]"
            out += "    \(row[2].padding(toLength: 28, withPad: " ", startingAt: 0)) \(row[4].isEmpty ? "-" : row[4])\(interval)\n"
        }
        return out
    }
}
