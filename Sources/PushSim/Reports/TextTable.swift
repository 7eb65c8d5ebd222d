/// An aligned plain-text table for a terminal: a header, a rule of dashes, then the rows;
/// columns two spaces apart, the `numeric` ones right-aligned, each line's trailing spaces
/// trimmed.
public enum TextTable {
    /// The table, a line each, ending in a newline.
    /// - Precondition: every row has the header's number of fields.
    public static func render(header: [String], rows: [[String]], numeric: Set<Int>) -> String {
        let all = [header] + rows
        precondition(all.allSatisfy { $0.count == header.count }, "a row with another number of fields than the header")
        let widths = header.indices.map { i in all.map { $0[i].count }.max() ?? 0 }
        func line(_ r: [String]) -> String {
            var s = r.indices.map { i in
                let pad = String(repeating: " ", count: widths[i] - r[i].count)
                return numeric.contains(i) ? pad + r[i] : r[i] + pad
            }.joined(separator: "  ")
            while s.hasSuffix(" ") { s.removeLast() }
            return s
        }
        let rule = widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")
        return ([line(header), rule] + rows.map(line)).joined(separator: "\n") + "\n"
    }
}
