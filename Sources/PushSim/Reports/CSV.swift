/// CSV encoding as RFC 4180 quotes it (fields separated by commas, a field that holds a
/// comma, quote, CR or LF wrapped in quotes with inner quotes doubled), with records ended
/// by LF rather than RFC 4180's CRLF: pandas, R and Python's `csv` read either, while a CR
/// would stay in the last field for awk, cut and `while read` loops.
///
/// Works on Unicode scalars, not on Swift `Character`s: Swift merges CRLF into one
/// `Character` and a combining mark into the character before it (`","` + U+0301), which
/// would hide a separator that is still in the bytes.
public enum CSV {
    /// The record terminator: LF.
    public static let lineEnding = "\n"

    /// One field, quoted only when needed.
    public static func field(_ s: String) -> String {
        guard s.unicodeScalars.contains(where: { $0 == "," || $0 == "\"" || $0 == "\r" || $0 == "\n" }) else { return s }
        var out = String.UnicodeScalarView()
        out.append("\"")
        for u in s.unicodeScalars {
            out.append(u)
            if u == "\"" { out.append(u) }
        }
        out.append("\"")
        return String(out)
    }

    /// One record, with its line ending.
    public static func record(_ fields: [String]) -> String {
        fields.map(field).joined(separator: ",") + lineEnding
    }

    /// Splits CSV text into records of fields (the inverse of `record`, for tests and tools).
    /// Outside quotes, CRLF, LF and CR each end a record.
    public static func parse(_ text: String) -> [[String]] {
        var rows: [[String]] = [], row: [String] = [], field = String.UnicodeScalarView()
        let scalars = text.unicodeScalars
        var quoted = false, i = scalars.startIndex
        while i < scalars.endIndex {
            let u = scalars[i]
            let next = scalars.index(after: i)
            if quoted {
                if u == "\"" {
                    if next < scalars.endIndex, scalars[next] == "\"" { field.append(u); i = next } else { quoted = false }
                } else { field.append(u) }
            } else if u == "\"" { quoted = true
            } else if u == "," { row.append(String(field)); field = .init()
            } else if u == "\r" || u == "\n" {
                if u == "\r", next < scalars.endIndex, scalars[next] == "\n" { i = next }
                row.append(String(field)); rows.append(row); row = []; field = .init()
            } else { field.append(u) }
            i = scalars.index(after: i)
        }
        if !field.isEmpty || !row.isEmpty { row.append(String(field)); rows.append(row) }
        return rows
    }
}
