import Testing
@testable import PushSim

/// Reads `text` with `CSVReader`; returns the header, the rows (line and fields) or the error.
private func read(_ text: String, file: String = "f.csv") -> Result<(header: [String], rows: [(Int, [String])]), ScenarioError> {
    var header: [String] = [], rows: [(Int, [String])] = []
    do {
        try CSVReader.read(Array(text.utf8), file: file, header: { (r: CSVReader) in header = r.header },
                           row: { (r: CSVRecord) in rows.append((r.row, (0..<r.reader.header.count).map { r[$0] })) })
        return .success((header, rows))
    } catch { return .failure(error) }
}

/// Line breaks in `s`: LF, CR, and CRLF as one.
private func breaks(_ s: String) -> Int {
    let u = Array(s.unicodeScalars)
    return u.indices.count { u[$0] == "\n" || (u[$0] == "\r" && ($0 + 1 == u.count || u[$0 + 1] != "\n")) }
}

private func errorText(_ text: String) -> String? {
    if case let .failure(e) = read(text) { return e.description }
    return nil
}

@Suite("CSVReader")
struct CSVReaderTests {
    @Test("reads what CSV.record writes, field for field, for many random records (as CSV.parse does)")
    func roundTrip() throws {
        var rng = SplitMix64(state: 0x5EED)
        let alphabet: [Unicode.Scalar] = ["a", "0", ",", "\"", "\r", "\n", " ", "é", "\u{301}", "日", "\u{1F600}"]
        for trial in 0..<2_000 {
            let width = 1 + rng.below(4)
            // The header's names differ in their second scalar, whatever follows.
            let rows = (0..<(1 + rng.below(4))).map { r in
                (0..<width).map { c in
                    var s = String.UnicodeScalarView(r == 0 ? "h\(c)".unicodeScalars : "".unicodeScalars)
                    for _ in 0..<rng.below(6) { s.append(alphabet[rng.below(alphabet.count)]) }
                    return String(s)
                }
            }
            let text = rows.map(CSV.record).joined()
            guard case let .success(got) = read(text) else { Issue.record("trial \(trial): \(errorText(text) ?? "")"); return }
            let parsed = CSV.parse(text)
            let same = ([got.header] + got.rows.map(\.1)).elementsEqual(parsed) { a, b in
                a.count == b.count && zip(a, b).allSatisfy { $0.unicodeScalars.elementsEqual($1.unicodeScalars) }
            }
            #expect(same, "trial \(trial)")
            // A row's line is 1 + the line breaks before it (CRLF one, inside quotes too).
            var line = 1 + breaks(CSV.record(rows[0]))
            for (k, r) in got.rows.enumerated() {
                #expect(r.0 == line, "trial \(trial) row \(k)")
                line += breaks(CSV.record(rows[k + 1]))
            }
            if !same { return }
        }
    }

    @Test("CRLF and CR end records, a byte-order mark is skipped, the last line may lack its LF")
    func lineEndings() throws {
        let r = try read("\u{FEFF}a,b\r\n1,2\r3,4\n5,\"6\r\n7\"\n8,9").get()
        #expect(r.header == ["a", "b"])
        #expect(r.rows.map(\.0) == [2, 3, 4, 6])
        #expect(r.rows.map(\.1) == [["1", "2"], ["3", "4"], ["5", "6\r\n7"], ["8", "9"]])
    }

    @Test("malformed files are refused naming the file, row and column")
    func refused() {
        let cases: [(String, String)] = [
            ("", "f.csv: row 1: empty file"),
            ("\u{FEFF}", "f.csv: row 1: empty file"),
            ("a,b,a\n", "f.csv: row 1, column 3 (a): the column name repeats column 1"),
            ("a,b\n1\n", "f.csv: row 2: 1 field, but the header has 2 columns"),
            ("a,b\n1,2\n\n", "f.csv: row 3: 1 field, but the header has 2 columns"),
            ("a,b\n1,2,3\n", "f.csv: row 2: 3 fields"),
            ("a,b\n1,\"2\n", "f.csv: row 2, column 2 (b): a quoted field is not closed"),
            ("a,b\n1,\"2\"x\n", "f.csv: row 2, column 2 (b): text after the closing quote"),
            ("a,b\n1,2\"\n", "f.csv: row 2, column 2 (b): a quote inside an unquoted field"),
            ("a,\"b\nc\"\n1,2\n3\n", "f.csv: row 4: 1 field"),
        ]
        for (text, expected) in cases {
            let e = errorText(text)
            #expect(e?.hasPrefix(expected) == true, "\(text.debugDescription): \(e ?? "no error")")
        }
    }

    @Test("counts are base-10 digits up to 2^53; numbers are finite decimals; fingerprints 16 hex digits")
    func fields() throws {
        /// Reads `value` as `kind`; returns the error's text, or nil and the number read.
        func check(_ value: String, _ kind: String) -> (error: String?, number: Double?) {
            var number: Double?
            do {
                try CSVReader.read(Array("x\n\(CSV.field(value))\n".utf8), file: "f.csv", header: { _ in }, row: { (r: CSVRecord) throws(ScenarioError) in
                    switch kind {
                    case "count": number = Double(try r.count(0))
                    case "number": number = try r.number(0)
                    default: _ = try r.fingerprint(0)
                    }
                })
                return (nil, number)
            } catch { return (error.description, nil) }
        }
        for good in ["0", "7", "9007199254740992", "0012"] { #expect(check(good, "count").error == nil, "\(good)") }
        #expect(check("9007199254740992", "count").number == 9007199254740992)
        for bad in ["", "-1", "+1", "1.0", "1e3", " 1", "9007199254740993", "99999999999999999999", "０"] {
            #expect(check(bad, "count").error?.hasPrefix("f.csv: row 2, column 1 (x): expected a count") == true, "\(bad)")
        }
        #expect(check("0.250000", "number") == (nil, 0.25))
        #expect(check("", "number") == (nil, nil))
        for good in ["-3", "1e-05", "+2.5"] { #expect(check(good, "number").error == nil, "\(good)") }
        for bad in ["nan", "NaN", "inf", "-inf", "infinity", "1e400", "0x1p3", "1,5", "abc", "."] {
            #expect(check(bad, "number").error?.contains("expected a finite decimal number") == true, "\(bad)")
        }
        #expect(check("00000000000000ab", "fingerprint").error == nil)
        for bad in ["00000000000000AB", "0000000000000ab", "00000000000000abc", "zz", ""] {
            #expect(check(bad, "fingerprint").error?.contains("16 hexadecimal digits") == true, "\(bad)")
        }
    }

    @Test("the two-proportion test does not overflow at the largest counts")
    func twoProportionAtLargeCounts() {
        let n = Int.max
        #expect(TwoProportionTest.pValue(successes: n, trials: n, successes: n, trials: n) == 1)
        #expect(TwoProportionTest.pValue(successes: n / 2, trials: n, successes: n / 4, trials: n) < 1e-10)
    }
}
