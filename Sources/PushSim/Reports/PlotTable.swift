/// Rows of a `summary.csv` (a run's, or a sweep's with its point and axis columns) as the
/// plots read them: fields by column name, a measure with its 95% interval, the distinct
/// values of a column, and a padded range shared by every panel that draws a measure.
struct PlotTable {
    let header: [String]
    let rows: [[String]]
    private let index: [String: Int]

    init(header: [String], rows: [[String]]) {
        self.header = header; self.rows = rows.filter { $0.count == header.count }
        index = Dictionary(header.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
    }

    /// Whether the table has `column`.
    func has(_ column: String) -> Bool { index[column] != nil }

    /// The field of `column` (empty when the table has no such column).
    func text(_ row: [String], _ column: String) -> String { index[column].map { row[$0] } ?? "" }

    /// The value of `column` and, when the table has `<column>_ci_low` / `_ci_high` with
    /// values, its interval; nil when the field is empty or not a finite number.
    func value(_ row: [String], _ column: String) -> (y: Double, low: Double?, high: Double?)? {
        guard let y = Double(text(row, column)), y.isFinite else { return nil }
        let low = Double(text(row, column + "_ci_low")), high = Double(text(row, column + "_ci_high"))
        return low != nil && high != nil ? (y, low, high) : (y, nil, nil)
    }

    /// The distinct fields of `column`, in order of first appearance.
    func unique(_ column: String) -> [String] {
        var seen = Set<String>()
        return rows.map { text($0, column) }.filter { seen.insert($0).inserted }
    }

    /// The range of `columns`' values and interval bounds over `rows` (default: all), with
    /// 8% of it added on each side (at least ±0.5 % of the largest magnitude, or ±0.5 when all
    /// are 0), within `clamp` when given; nil when no row has a value.
    func range(_ columns: [String], over rows: [[String]]? = nil, clamp: ClosedRange<Double>? = nil) -> ClosedRange<Double>? {
        var values: [Double] = []
        for row in rows ?? self.rows {
            for c in columns { if let v = value(row, c) { values += [v.y] + [v.low, v.high].compactMap { $0 } } }
        }
        guard let lo = values.min(), let hi = values.max() else { return nil }
        let pad = max((hi - lo) * 0.08, max(abs(lo), abs(hi)) * 0.005, hi == lo && hi == 0 ? 0.5 : 0)
        var range = (lo - pad)...(hi + pad)
        if let clamp { range = max(range.lowerBound, clamp.lowerBound)...min(range.upperBound, clamp.upperBound) }
        return range
    }
}
