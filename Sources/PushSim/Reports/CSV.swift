/// RFC 4180 CSV encoding: fields separated by commas, records ended by CRLF, a field that
/// holds a comma, quote, CR or LF wrapped in quotes with inner quotes doubled.
public enum CSV {
    /// The record terminator RFC 4180 prescribes.
    public static let lineEnding = "\r\n"

    /// One field, quoted only when needed.
    public static func field(_ s: String) -> String {
        guard s.contains(where: { $0 == "," || $0 == "\"" || $0 == "\r" || $0 == "\n" }) else { return s }
        return "\"" + s.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// One record, with its line ending.
    public static func record(_ fields: [String]) -> String {
        fields.map(field).joined(separator: ",") + lineEnding
    }

    /// Splits CSV text into records of fields (the inverse of `record`, for tests and tools).
    public static func parse(_ text: String) -> [[String]] {
        var rows: [[String]] = [], row: [String] = [], field = ""
        var quoted = false, i = text.startIndex
        while i < text.endIndex {
            let ch = text[i]
            if quoted {
                if ch == "\"" {
                    let next = text.index(after: i)
                    if next < text.endIndex, text[next] == "\"" { field.append("\""); i = next } else { quoted = false }
                } else { field.append(ch) }
            } else if ch == "\"" { quoted = true
            } else if ch == "," { row.append(field); field = ""
            } else if ch == "\r\n" || ch == "\n" || ch == "\r" { row.append(field); rows.append(row); row = []; field = ""
            } else { field.append(ch) }
            i = text.index(after: i)
        }
        if !field.isEmpty || !row.isEmpty { row.append(field); rows.append(row) }
        return rows
    }
}
