/// One numeric column of a report with a row per run (`runs.csv`, gzip too) or per
/// message, read as samples for `pushsim compare --measured`: the rows of one cell
/// (variant and strategy, when the file has those columns), empty fields skipped.
public enum SimulatedColumn {
    /// The values of `column` in the rows whose `variant` and `strategy` are those given.
    /// - Returns: the values in file order, and how many rows of the cell had the field empty
    ///   (not defined for that row, e.g. the convergence time of a run that did not converge).
    /// - Throws: `ScenarioError` naming `file` (and row and column): no such column; a file
    ///   of several cells and no `variant`/`strategy` to choose one (the cells are listed);
    ///   a `variant` or `strategy` the file does not have; a field that is not a number; no
    ///   value in the cell.
    public static func read(_ bytes: [UInt8], file: String, column: String, variant: String?, strategy: String?)
        throws(ScenarioError) -> (values: [Double], skipped: Int) {
        var index = 0, variantIndex: Int?, strategyIndex: Int?
        var values: [Double] = [], skipped = 0
        var cells: [String] = [], matched: [String] = []
        try CSVReader.read(bytes, file: file, header: { (r: CSVReader) throws(ScenarioError) in
            guard let c = r.column(column) else {
                throw ScenarioError(file: file, path: "row 1", message: "no column \"\(column)\"; the header has: \(r.header.joined(separator: ", "))")
            }
            index = c
            variantIndex = r.column("variant")
            strategyIndex = r.column("strategy")
            if variant != nil, variantIndex == nil { throw ScenarioError(file: file, path: "row 1", message: "no variant column to choose --variant by") }
            if strategy != nil, strategyIndex == nil { throw ScenarioError(file: file, path: "row 1", message: "no strategy column to choose --strategy by") }
        }, row: { (record: CSVRecord) throws(ScenarioError) in
            let v = variantIndex.map { record[$0] }, s = strategyIndex.map { record[$0] }
            let cell = [v, s].compactMap { $0 }.joined(separator: " / ")
            if cells.last != cell, !cells.contains(cell) { cells.append(cell) }
            guard variant == nil || v == variant, strategy == nil || s == strategy else { return }
            if matched.last != cell, !matched.contains(cell) { matched.append(cell) }
            if let x = try record.number(index) { values.append(x) } else { skipped += 1 }
        })
        func list(_ xs: [String]) -> String { xs.prefix(24).joined(separator: ", ") + (xs.count > 24 ? ", …" : "") }
        guard matched.count <= 1 else {
            throw ScenarioError(file: file, path: "$", message: "\(matched.count) cells (\(list(matched))); choose one with --variant and --strategy")
        }
        guard !values.isEmpty else {
            let chosen = [variant, strategy].compactMap { $0 }.joined(separator: " / ")
            let which = chosen.isEmpty ? "" : " for \(chosen)"
            let known = cells.isEmpty ? "the file has no rows" : matched.isEmpty ? "no such cell; its cells: \(list(cells))" : "its cells: \(list(cells))"
            throw ScenarioError(file: file, path: "$", message: "no value of \(column)\(which) (\(skipped) empty); \(known)")
        }
        return (values, skipped)
    }
}
