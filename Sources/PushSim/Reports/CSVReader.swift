/// Reads a report file in the dialect of `CSV` (docs/csv.md) strictly, in one pass over its
/// UTF-8 bytes, for the commands that read reports back (`compare`, `fingerprints`): the
/// header first, then one `CSVRecord` per row, handed to the caller and not kept, so memory
/// stays that of the bytes and what the caller keeps.
///
/// Every problem is a `ScenarioError` naming the file, the row (the 1-based line the
/// record starts on: the header is row 1, and a line break inside a quoted field counts)
/// and, when one field is at fault, the column (`row 3, column 4 (converged)`). Refused: an
/// empty file, a repeated column name, a row with another number of fields than the header
/// (a blank line is a row of one field), a quote inside an unquoted field, text after a
/// closing quote, a quoted field that is never closed. A UTF-8 byte-order mark before the
/// header is skipped; CRLF, LF and CR each end a record, as `CSV.parse` reads them.
public struct CSVReader: Sendable {
    /// The file, as the user named it.
    public let file: String
    /// The column names, in order.
    public let header: [String]
    private let index: [String: Int]

    /// The 0-based column named `name`, or nil.
    public func column(_ name: String) -> Int? { index[name] }

    /// Which report the header is, for messages (`a runs.csv (one row per run)`), or nil
    /// when it is none of them: a fingerprint list (`file` first, a `fingerprint` column), a
    /// runs.csv (`replication` and `seed`), a paired.csv (`strategy_a`, `strategy_b`), a
    /// summary.csv (`replications`, `converged`).
    public var kind: String? {
        if header.first == "file", index["fingerprint"] != nil { return "a fingerprint list (pushsim fingerprints)" }
        if index["replication"] != nil, index["seed"] != nil { return "a runs.csv (one row per run)" }
        if index["strategy_a"] != nil, index["strategy_b"] != nil { return "a paired.csv (one row per pair of strategies)" }
        if index["replications"] != nil, index["converged"] != nil { return "a summary.csv (one row per cell)" }
        return nil
    }

    /// `row N` or, with a column, `row N, column K (name)` (K 1-based), as the path of an error.
    public func location(row: Int, column: Int? = nil) -> String {
        guard let c = column else { return "row \(row)" }
        return "row \(row), column \(c + 1) (\(c < header.count ? header[c] : "past the header"))"
    }

    /// The error at `row` (and `column`) of this file.
    public func error(row: Int, column: Int? = nil, _ message: String) -> ScenarioError {
        ScenarioError(file: file, path: location(row: row, column: column), message: message)
    }

    /// Reads `bytes` (named `file` in errors): checks the header, then calls `body` with
    /// every row after it, in order.
    /// - Parameter header: called once with the reader before any row, to check the
    ///   columns and find the ones to read.
    /// - Throws: `ScenarioError` for a malformed file (above), or what `header` or `body` throws.
    public static func read(_ bytes: [UInt8], file: String, header check: (CSVReader) throws(ScenarioError) -> Void,
                            row body: (CSVRecord) throws(ScenarioError) -> Void) throws(ScenarioError) {
        try bytes.withUnsafeBufferPointer { (buffer: UnsafeBufferPointer<UInt8>) throws(ScenarioError) in
            var scanner = Scanner(bytes: buffer, file: file)
            if buffer.starts(with: [0xEF, 0xBB, 0xBF]) { scanner.position = 3 }
            guard scanner.position < buffer.count else { throw ScenarioError(file: file, path: "row 1", message: "empty file: expected a header row") }
            let names = try scanner.next().map { $0.string(buffer) }
            var index: [String: Int] = [:]
            for (c, name) in names.enumerated() {
                if let first = index[name] {
                    throw ScenarioError(file: file, path: "row 1, column \(c + 1) (\(name))",
                                        message: "the column name repeats column \(first + 1); every column name must be unique")
                }
                index[name] = c
            }
            scanner.names = names
            let reader = CSVReader(file: file, header: names, index: index)
            try check(reader)
            var record = CSVRecord(reader: reader, bytes: buffer)
            while scanner.position < buffer.count {
                record.row = scanner.line
                record.spans = try scanner.next()
                guard record.spans.count == names.count else {
                    throw reader.error(row: record.row, "\(record.spans.count) field\(record.spans.count == 1 ? "" : "s"), but the header has "
                                       + "\(names.count) columns")
                }
                try body(record)
            }
        }
    }

    /// Where one field's text lies in the bytes: `start..<end`, quotes excluded; `quoted`
    /// when it was quoted (its doubled quotes then stand for one).
    struct Span {
        var start: Int, end: Int, quoted: Bool

        func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
            let text = UnsafeBufferPointer(rebasing: bytes[start..<end])
            guard quoted, text.contains(0x22) else { return String(decoding: text, as: UTF8.self) }
            var out: [UInt8] = []
            out.reserveCapacity(text.count)
            var i = 0
            while i < text.count {
                out.append(text[i])
                i += text[i] == 0x22 ? 2 : 1
            }
            return String(decoding: out, as: UTF8.self)
        }
    }

    /// Splits the bytes into records; `line` is the 1-based line at `position`.
    struct Scanner {
        let bytes: UnsafeBufferPointer<UInt8>
        let file: String
        var position = 0
        var line = 1
        /// The header's names, once read (for the column names in errors).
        var names: [String] = []

        func fail(_ row: Int, _ field: Int, _ message: String) -> ScenarioError {
            let name = field < names.count ? " (\(names[field]))" : ""
            return ScenarioError(file: file, path: "row \(row), column \(field + 1)\(name)", message: message)
        }

        /// The fields of the record at `position`; moves past its line ending.
        mutating func next() throws(ScenarioError) -> [Span] {
            let row = line
            var spans: [Span] = []
            while true {
                if position < bytes.count, bytes[position] == 0x22 {
                    let start = position + 1
                    position = start
                    while true {
                        guard position < bytes.count else { throw fail(row, spans.count, "a quoted field is not closed before the end of the file") }
                        let b = bytes[position]
                        if b == 0x22 {
                            if position + 1 < bytes.count, bytes[position + 1] == 0x22 { position += 2; continue }
                            break
                        }
                        if b == 0x0A || (b == 0x0D && (position + 1 == bytes.count || bytes[position + 1] != 0x0A)) { line += 1 }
                        position += 1
                    }
                    spans.append(Span(start: start, end: position, quoted: true))
                    position += 1
                    guard position == bytes.count || [0x2C, 0x0A, 0x0D].contains(bytes[position]) else {
                        throw fail(row, spans.count - 1, "text after the closing quote of a quoted field")
                    }
                } else {
                    let start = position
                    while position < bytes.count, bytes[position] != 0x2C, bytes[position] != 0x0A, bytes[position] != 0x0D {
                        if bytes[position] == 0x22 {
                            throw fail(row, spans.count, "a quote inside an unquoted field (a field with a quote is quoted, its quotes doubled)")
                        }
                        position += 1
                    }
                    spans.append(Span(start: start, end: position, quoted: false))
                }
                guard position < bytes.count else { return spans }
                let b = bytes[position]
                position += 1
                if b == 0x2C { continue }
                if b == 0x0D, position < bytes.count, bytes[position] == 0x0A { position += 1 }
                line += 1
                return spans
            }
        }
    }
}
