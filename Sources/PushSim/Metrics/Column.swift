/// One column of `runs.csv`: its name, unit and meaning, how a run's value is written into
/// a row, and how `summary.csv` summarises it over a (variant, strategy) cell.
///
/// `Columns.runs` lists every column in report order; `RunsTable`, `SummaryTable`,
/// `CellSummary` and the generated column tables of docs/csv.md all walk that list.
public struct Column: Sendable {
    /// What a run holds in this column, as the summary rules read it.
    public enum Value: Sendable {
        /// Text, or a number no summary reads (identity columns, the fingerprint).
        case label
        /// `1` or `0`; a summary counts the runs with `1`.
        case flag(@Sendable (RunOutcome) -> Bool)
        /// A count ≥ 0, written in decimal.
        case count(@Sendable (RunOutcome) -> Int)
        /// A time, written as exact seconds with six decimals (from integer microseconds);
        /// `nil` is an empty field and is skipped by every summary.
        case duration(@Sendable (RunOutcome) -> SimDuration?)
        /// A ratio or rate, written with six decimals (`CSVLine.appendDecimal`); `nil` is an
        /// empty field. Summaries do not read it (a pooled ratio reads its terms' columns).
        case decimal(@Sendable (RunOutcome) -> Double?)
        /// Counts per label (e.g. rejections per error code), written as `LABEL=n` joined by
        /// `;` in label order, labels with 0 left out; empty when every count is 0.
        case tally(labels: [String], @Sendable (RunOutcome) -> FixedCounts)
    }

    /// The header name (units are part of it: `_s` = seconds).
    public let name: String
    /// The unit of the values, for docs ("pushes", "seconds", "—" for none).
    public let unit: String
    /// What the column means (markdown, one paragraph), for docs/csv.md.
    public let doc: String
    /// When the field is empty (markdown), or `nil` when it never is.
    public let emptyWhen: String?
    /// The field's type as docs/csv.md names it ("integer", "decimal, 6 digits", …).
    public let type: String
    /// The run's value, for the summary rules.
    public let value: Value
    /// Appends the run's field to a row (the hot path: bytes, no intermediate strings).
    public let write: @Sendable (RunRecord, inout CSVLine) -> Void
    /// How `summary.csv` summarises the column, in output order (empty: not summarised).
    public let summary: [SummaryRule]
    /// A few words on what the value is, repeated where its summary columns name it
    /// (e.g. "time from the last server change to convergence"); nil for none.
    public let gloss: String?

    /// A column with an explicit writer (identity columns, the fingerprint).
    public init(_ name: String, type: String, unit: String = "—", _ doc: String, emptyWhen: String? = nil,
                summary: [SummaryRule] = [], write: @escaping @Sendable (RunRecord, inout CSVLine) -> Void) {
        self.init(name, type: type, unit: unit, doc, emptyWhen: emptyWhen, value: .label, summary: summary, write: write)
    }

    init(_ name: String, type: String, unit: String, _ doc: String, emptyWhen: String?, value: Value, summary: [SummaryRule],
         gloss: String? = nil, write: @escaping @Sendable (RunRecord, inout CSVLine) -> Void) {
        self.name = name; self.type = type; self.unit = unit; self.doc = doc; self.emptyWhen = emptyWhen
        self.value = value; self.summary = summary; self.gloss = gloss; self.write = write
    }

    /// A `1`/`0` column.
    public static func flag(_ name: String, _ doc: String, summary: [SummaryRule] = [],
                            _ value: @escaping @Sendable (RunOutcome) -> Bool) -> Column {
        Column(name, type: "`1`/`0`", unit: "—", doc, emptyWhen: nil, value: .flag(value), summary: summary) { r, line in
            _ = append(.flag(value), of: r.outcome, to: &line)
        }
    }

    /// A count column (never empty).
    public static func count(_ name: String, unit: String, _ doc: String, summary: [SummaryRule] = [],
                             _ value: @escaping @Sendable (RunOutcome) -> Int) -> Column {
        Column(name, type: "integer", unit: unit, doc, emptyWhen: nil, value: .count(value), summary: summary) { r, line in
            _ = append(.count(value), of: r.outcome, to: &line)
        }
    }

    /// A time column in exact seconds; the name ends in `_s`.
    public static func duration(_ name: String, _ doc: String, emptyWhen: String? = nil, summary: [SummaryRule] = [], gloss: String? = nil,
                                _ value: @escaping @Sendable (RunOutcome) -> SimDuration?) -> Column {
        precondition(name.hasSuffix("_s"), "a time column's name ends in _s: \(name)")
        return Column(name, type: "decimal, 6 digits", unit: "seconds", doc, emptyWhen: emptyWhen, value: .duration(value),
                      summary: summary, gloss: gloss) { r, line in
            _ = append(.duration(value), of: r.outcome, to: &line)
        }
    }

    /// A ratio or rate column with six decimals.
    public static func decimal(_ name: String, unit: String, _ doc: String, emptyWhen: String? = nil, summary: [SummaryRule] = [],
                               _ value: @escaping @Sendable (RunOutcome) -> Double?) -> Column {
        Column(name, type: "decimal, 6 digits", unit: unit, doc, emptyWhen: emptyWhen, value: .decimal(value), summary: summary) { r, line in
            _ = append(.decimal(value), of: r.outcome, to: &line)
        }
    }

    /// A tally column (`LABEL=n;…`).
    public static func tally(_ name: String, labels: [String], _ doc: String, emptyWhen: String, summary: [SummaryRule] = [],
                             _ value: @escaping @Sendable (RunOutcome) -> FixedCounts) -> Column {
        Column(name, type: "text", unit: "—", doc, emptyWhen: emptyWhen, value: .tally(labels: labels, value), summary: summary) { r, line in
            let counts = value(r.outcome)
            // Only a run with a rejection builds a string.
            line.append(counts.contains { $0 != 0 } ? tallyText(labels, counts) : "")
        }
    }

    /// Appends the field of a flag, count, time or decimal value (the one formatting of
    /// those kinds; `RunsTable` calls it directly on the hot path, so that only the
    /// context-free value closures run), or returns false for a label or tally.
    @inline(__always)
    static func append(_ value: Value, of o: RunOutcome, to line: inout CSVLine) -> Bool {
        switch value {
        case .flag(let v): line.append(v(o) ? 1 : 0)
        case .count(let v): line.append(v(o))
        case .duration(let v): line.appendSeconds(v(o)?.microseconds)
        case .decimal(let v): line.appendDecimal(v(o))
        case .label, .tally: return false
        }
        return true
    }

    /// `LABEL=n` for every non-zero count, in label order, joined by `;` (empty when none).
    public static func tallyText<C: Collection<Int>>(_ labels: [String], _ counts: C) -> String {
        zip(labels, counts).filter { $0.1 > 0 }.map { "\($0.0)=\($0.1)" }.joined(separator: ";")
    }

    /// The name without its unit suffix (`stale_screen_s` → `stale_screen`), for derived
    /// summary names.
    var stem: String {
        if case .duration = value { return String(name.dropLast(2)) }
        return name
    }

    /// The unit suffix of the name (`_s` for times, else empty).
    var unitSuffix: String {
        if case .duration = value { return "_s" }
        return ""
    }

    /// Whether a summary of the column reads a numeric value (a flag, count or time).
    var isNumeric: Bool {
        switch value {
        case .flag, .count, .duration: true
        case .label, .decimal, .tally: false
        }
    }
}
