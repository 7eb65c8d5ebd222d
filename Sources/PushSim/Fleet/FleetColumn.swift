/// One column of a fleet file (`fleet.csv`, `timeline.csv`; docs/csv.md, Fleet reports):
/// its name, unit and meaning, and how a row's value is written. `FleetColumns` lists
/// them in file order; the writers, the sweeps' fleet measures and the generated tables of
/// docs/csv.md all walk those lists, as the lone run's files walk `Columns.runs`.
struct FleetColumn<Row>: Sendable {
    /// What a row holds in the column.
    enum Value: Sendable {
        /// A count ≥ 0, written as an integer.
        case count(@Sendable (Row) -> Int)
        /// A number written with six decimals (`CSVLine.appendDecimal`); `nil` is an empty field.
        case decimal(@Sendable (Row) -> Double?)
    }

    /// The header name (`_s`: seconds).
    let name: String
    /// The unit of the values, for docs ("recipients", "seconds").
    let unit: String
    /// What the column means (markdown, one sentence), for docs/csv.md.
    let doc: String
    /// When the field is empty (markdown), or `nil` when it never is.
    let emptyWhen: String?
    let value: Value

    static func count(_ name: String, unit: String, _ doc: String, _ value: @escaping @Sendable (Row) -> Int) -> Self {
        Self(name: name, unit: unit, doc: doc, emptyWhen: nil, value: .count(value))
    }

    static func decimal(_ name: String, unit: String, _ doc: String, emptyWhen: String? = nil,
                        _ value: @escaping @Sendable (Row) -> Double?) -> Self {
        Self(name: name, unit: unit, doc: doc, emptyWhen: emptyWhen, value: .decimal(value))
    }

    /// The field's type as docs/csv.md names it.
    var type: String {
        switch value {
        case .count: "integer"
        case .decimal: "decimal, 6 digits"
        }
    }

    /// The row's value as a number (counts exactly: they stay below 2⁵³).
    func number(_ row: Row) -> Double? {
        switch value {
        case let .count(v): Double(v(row))
        case let .decimal(v): v(row)
        }
    }

    /// Appends the row's field.
    func write(_ row: Row, to line: inout CSVLine) {
        switch value {
        case let .count(v): line.append(v(row))
        case let .decimal(v): line.appendDecimal(v(row))
        }
    }
}

/// A column a fleet file's writer fills itself (the keys: which run, which minute; and
/// `fleet-summary.csv`'s statistics): name, type and meaning, for the header and docs/csv.md.
struct FleetFixedColumn: Sendable {
    let name: String
    let type: String
    let doc: String
    /// When the field is empty (markdown), or `nil` when it never is.
    var emptyWhen: String? = nil
}
