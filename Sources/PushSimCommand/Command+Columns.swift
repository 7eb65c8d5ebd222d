import Foundation
import PushSim

extension Command {
    /// `columns [--markdown [--in-place FILE]]`: the report columns (`Columns.runs`). Plain:
    /// one line per column, `runs.csv` then `summary.csv` (file, number, name). With
    /// `--markdown`, the column tables of docs/csv.md (the run's, `Columns.runs`, and the fleet
    /// files', `FleetColumns`); with `--in-place FILE`, those tables
    /// replace the text between the markers of FILE instead (`ColumnsMarkdown`).
    static func columns(_ a: Arguments, out: (String) -> Void) throws -> Int32 {
        try a.allow(flags: ["--markdown"], options: ["--in-place"])
        if let file = a.options["--in-place"] {
            guard a.flags.contains("--markdown"), a.positional.isEmpty else { throw UsageError("--in-place FILE needs --markdown and takes no other FILE") }
            let url = URL(fileURLWithPath: file)
            let document = try String(contentsOf: url, encoding: .utf8)
            let updated = try ColumnsMarkdown.splice(into: document)
            if updated != document { try AtomicFile.write(updated, to: url) }
            return 0
        }
        guard a.positional.isEmpty else { throw UsageError("columns takes no FILE (the file to rewrite is --in-place FILE)") }
        if a.flags.contains("--markdown") { out(ColumnsMarkdown.all); return 0 }
        var text = ""
        for (i, name) in RunsTable.columns.enumerated() { text += "runs.csv\t\(i + 1)\t\(name)\n" }
        for (i, name) in SummaryTable.columns.enumerated() { text += "summary.csv\t\(i + 1)\t\(name)\n" }
        out(text)
        return 0
    }
}
