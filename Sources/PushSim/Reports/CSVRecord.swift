/// One row of a file `CSVReader` reads: its fields, read on demand, and checked readers
/// for the value types of docs/csv.md, each throwing a `ScenarioError` that names the
/// file, the row and the column. Valid only inside the `CSVReader.read` call that made it.
public struct CSVRecord {
    /// The reader: the file, its header and column lookup.
    public let reader: CSVReader
    /// The 1-based line the row starts on (the header is row 1).
    public internal(set) var row = 1
    let bytes: UnsafeBufferPointer<UInt8>
    var spans: [CSVReader.Span] = []

    init(reader: CSVReader, bytes: UnsafeBufferPointer<UInt8>) {
        self.reader = reader
        self.bytes = bytes
    }

    /// The largest count `count(_:)` accepts, 2⁵³: every count up to it is exact as a
    /// `Double`, and the sum of two fits an `Int`.
    public static let largestCount = 1 << 53

    /// The text of column `c` (0-based), unquoted.
    public subscript(_ c: Int) -> String { spans[c].string(bytes) }

    /// Whether column `c` is empty (docs/csv.md: "not defined for this row").
    public func isEmpty(_ c: Int) -> Bool { spans[c].start == spans[c].end }

    /// The error at this row and column `c` (nil: the whole row).
    public func error(_ c: Int?, _ message: String) -> ScenarioError { reader.error(row: row, column: c, message) }

    /// Column `c` as a count: base-10 digits only (no sign, point or exponent), 0 … 2⁵³.
    /// - Throws: `ScenarioError` at this row and column otherwise (an empty field too).
    public func count(_ c: Int) throws(ScenarioError) -> Int {
        let s = spans[c]
        var value = 0
        var ok = s.end > s.start && s.end - s.start <= 16
        if ok {
            for i in s.start..<s.end {
                let d = bytes[i] &- 0x30
                guard d < 10 else { ok = false; break }
                value = value * 10 + Int(d)
            }
        }
        guard ok, value <= Self.largestCount else {
            throw error(c, "expected a count (base-10 digits only, at most 2^53 = \(Self.largestCount)), got \(quoted(c))")
        }
        return value
    }

    /// Column `c` as a finite decimal number, nil when the field is empty. Digits with an
    /// optional sign, point and exponent (`0.250000`, `-3`, `1e-05`); NaN, infinities and
    /// hexadecimal are refused.
    /// - Throws: `ScenarioError` at this row and column otherwise.
    public func number(_ c: Int) throws(ScenarioError) -> Double? {
        if isEmpty(c) { return nil }
        guard let x = Self.decimal(self[c]) else {
            throw error(c, "expected a finite decimal number such as 0.25 (not NaN or infinity), got \(quoted(c))")
        }
        return x
    }

    /// `text` as a finite number when it is written with digits, sign, point and exponent only.
    public static func decimal(_ text: String) -> Double? {
        guard text.utf8.contains(where: { $0 >= 0x30 && $0 <= 0x39 }),
              text.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2E || $0 == 0x2D || $0 == 0x2B || $0 == 0x65 || $0 == 0x45 }),
              let x = Double(text), x.isFinite else { return nil }
        return x
    }

    /// Column `c` as a run fingerprint: exactly 16 lowercase hexadecimal digits, as
    /// `runs.csv` writes it.
    /// - Throws: `ScenarioError` at this row and column otherwise.
    public func fingerprint(_ c: Int) throws(ScenarioError) -> String {
        let s = spans[c]
        guard !s.quoted, s.end - s.start == 16,
              (s.start..<s.end).allSatisfy({ (bytes[$0] >= 0x30 && bytes[$0] <= 0x39) || (bytes[$0] >= 0x61 && bytes[$0] <= 0x66) }) else {
            throw error(c, "expected a fingerprint of 16 hexadecimal digits (0-9, a-f), got \(quoted(c))")
        }
        return self[c]
    }

    /// The field for a message: `an empty field` when empty, else as it is, cut after 40 characters.
    func quoted(_ c: Int) -> String {
        let text = self[c]
        if text.isEmpty { return "an empty field" }
        return text.count > 40 ? String(text.prefix(40)) + "…" : text
    }
}
