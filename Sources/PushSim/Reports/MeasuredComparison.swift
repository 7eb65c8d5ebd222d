/// A simulated quantity against measured samples of it (`pushsim compare --measured`):
/// both quantile tables, the two-sample Kolmogorov–Smirnov distance and p-value, and the
/// share of each beyond a threshold with its 95% Wilson interval.
public struct MeasuredComparison: Sendable {
    /// The simulated values, ascending.
    public let simulated: [Double]
    /// The measured samples, ascending.
    public let measured: [Double]
    /// The two-sample test.
    public let ks: KolmogorovSmirnov

    /// The probabilities of the quantile table, and of the Q–Q plot's marked points.
    public static let probabilities = [0.01, 0.05, 0.1, 0.25, 0.5, 0.75, 0.9, 0.95, 0.99]

    /// - Precondition: neither side is empty; every value finite.
    public init(simulated: [Double], measured: [Double]) {
        precondition(!simulated.isEmpty && !measured.isEmpty, "a comparison needs values on both sides")
        self.simulated = simulated.sorted()
        self.measured = measured.sorted()
        ks = KolmogorovSmirnov(simulated, measured)
    }

    /// Whether the two differ at `alpha` (KS p-value below it).
    public func differs(alpha: Double) -> Bool { ks.pValue < alpha }

    /// The share of `values` above `threshold`, with its count and 95% Wilson interval.
    public static func share(_ values: [Double], above threshold: Double) -> (count: Int, share: Double, low: Double, high: Double) {
        let k = values.count { $0 > threshold }
        let ci = Statistics.wilsonInterval(successes: k, trials: values.count)
        return (k, Double(k) / Double(values.count), ci.low, ci.high)
    }

    /// The report: the counts, the quantile table (min, the `probabilities`, max, mean) side by
    /// side with the measured minus simulated difference, the KS line and verdict at
    /// `alpha`, and with a threshold each side's share above it.
    /// - Parameters: `what`: the simulated column's description; `unit`: appended to the header.
    public func text(what: String, measuredName: String, alpha: Double, threshold: Double?) -> String {
        func g(_ x: Double) -> String { String(format: "%.6g", x) }
        var rows: [[String]] = [["min", g(simulated[0]), g(measured[0]), g(measured[0] - simulated[0])]]
        for p in Self.probabilities {
            let (s, m) = (Statistics.quantile(sorted: simulated, p)!, Statistics.quantile(sorted: measured, p)!)
            rows.append(["p\(g(p * 100))", g(s), g(m), g(m - s)])
        }
        let (sMax, mMax) = (simulated[simulated.count - 1], measured[measured.count - 1])
        rows.append(["max", g(sMax), g(mMax), g(mMax - sMax)])
        let (sMean, mMean) = (Statistics.mean(simulated), Statistics.mean(measured))
        rows.append(["mean", g(sMean), g(mMean), g(mMean - sMean)])
        var out = "simulated: \(what), \(simulated.count) values; measured: \(measuredName), \(measured.count) samples\n\n"
        out += TextTable.render(header: ["", "simulated", "measured", "measured - simulated"], rows: rows, numeric: [1, 2, 3])
        out += String(format: "\nKolmogorov-Smirnov: D = %.4f, p = %.3g (two-sample, asymptotic)\n", ks.distance, ks.pValue)
        let distinct = Set(simulated).count + Set(measured).count
        if distinct < simulated.count + measured.count {
            out += "  the samples have ties (\(simulated.count + measured.count - distinct) repeated values): the test is then conservative, "
                + "its p-value larger than the exact one\n"
        }
        if let threshold {
            let (s, m) = (Self.share(simulated, above: threshold), Self.share(measured, above: threshold))
            out += "above \(g(threshold)): simulated \(s.count)/\(simulated.count) = "
                + String(format: "%.4f [%.4f, %.4f]", s.share, s.low, s.high) + ", measured \(m.count)/\(measured.count) = "
                + String(format: "%.4f [%.4f, %.4f]", m.share, m.low, m.high) + " (95% Wilson intervals)\n"
        }
        out += differs(alpha: alpha) ? "the distributions differ at alpha \(g(alpha)) (p < alpha)\n"
                                     : "no difference at alpha \(g(alpha)) (p >= alpha)\n"
        return out
    }

    /// The Q–Q plot: the simulated quantile (y) against the measured one (x) at every
    /// percentile 1 … 99, with the line y = x that equal distributions follow; the axes in
    /// seconds when the column is a time (`what` names a column ending in `_s`).
    func qqFigure(title: String, what: String, size: FigureSize = .text) -> GnuplotFigure {
        let points = (1...99).map { i -> GnuplotFigure.Point in
            let p = Double(i) / 100
            return GnuplotFigure.Point(x: Statistics.quantile(sorted: measured, p)!, y: Statistics.quantile(sorted: simulated, p)!)
        }
        let lo = min(points.map(\.x).min()!, points.map(\.y).min()!), hi = max(points.map(\.x).max()!, points.map(\.y).max()!)
        let diagonal = [GnuplotFigure.Point(x: lo, y: lo), GnuplotFigure.Point(x: hi, y: hi)]
        let panel = GnuplotFigure.Panel(title: what, series: [GnuplotFigure.Series(title: "percentiles 1 … 99", style: 0, look: .linesPoints, points: points),
                                                              GnuplotFigure.Series(title: "equal distributions (y = x)", style: 13, look: .line, points: diagonal)])
        let margin = hi > lo ? (hi - lo) * 0.04 : 1
        let unit = what.hasSuffix("_s") || what.contains("_s,") ? " (s)" : ""
        return GnuplotFigure(name: "qq", title: title, panels: [panel], columns: 1,
                             x: .numeric(label: "measured quantile" + unit, log: false, tics: nil, range: (lo - margin)...(hi + margin)),
                             yLabel: "simulated quantile" + unit, yRange: (lo - margin)...(hi + margin), size: size)
    }

    /// The gnuplot script drawing `qq.svg`, `qq.png` and `qq.pdf` at `size`.
    public func qqScript(title: String, what: String, size: FigureSize = .text) -> String { qqFigure(title: title, what: what, size: size).script() }
}
