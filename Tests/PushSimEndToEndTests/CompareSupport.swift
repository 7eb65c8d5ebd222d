import Foundation
import Testing

/// The `pushsim` built beside the tests, run as a process: a trap (SIGILL) in `compare`
/// must fail the test that met it, not end the test run.
enum BuiltPushSim {
    static let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("pushsim")

    /// Runs `pushsim args` to its end; stdout and stderr go through files, so a large
    /// output cannot fill a pipe.
    /// - Returns: the exit status (128 + signal when a signal ended it, as a shell reports
    ///   it) and what it wrote to stdout and stderr.
    static func run(_ args: [String]) throws -> (status: Int32, out: String, err: String) {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("out"), err = dir.appendingPathComponent("err")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        let process = Process()
        process.executableURL = binary
        process.arguments = args
        process.environment = ["CI": "1", "PUSHSIM_COMMIT": "test"].merging(sanitizerOptions) { $1 }
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        try process.run()
        process.waitUntilExit()
        let status = process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
        return (status, String(decoding: try Data(contentsOf: out), as: UTF8.self), String(decoding: try Data(contentsOf: err), as: UTF8.self))
    }
}

/// A folder of small CSV files for `compare`, removed by `remove()`.
struct CompareFiles {
    let dir: URL

    init() throws { dir = try temporaryFolder() }

    /// Writes `text` to `name` in the folder; returns its path.
    func write(_ name: String, _ text: String) throws -> String {
        let url = dir.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    func remove() { try? FileManager.default.removeItem(at: dir) }
}

/// Runs `pushsim compare BASE NEW options` over two texts and expects it to refuse them:
/// exit 2, stderr `pushsim: FILE: LOCATION: …` with FILE the bad one (`badIsNew`) and
/// `message` in it, and no verdict on stdout.
func expectCompareRefuses(base: String, new: String, options: [String], badIsNew: Bool, location: String, message: String,
                          sourceLocation: SourceLocation = #_sourceLocation) throws {
    let files = try CompareFiles()
    defer { files.remove() }
    let a = try files.write("base.csv", base), b = try files.write("new.csv", new)
    let r = try BuiltPushSim.run(["compare", a, b] + options)
    let bad = badIsNew ? b : a
    #expect(r.status == 2, "exit \(r.status)\n\(r.out)\(r.err)", sourceLocation: sourceLocation)
    #expect(r.err.hasPrefix("pushsim: \(bad): \(location): "), "\(r.err)", sourceLocation: sourceLocation)
    #expect(r.err.contains(message), "\(r.err)", sourceLocation: sourceLocation)
    #expect(r.out.isEmpty, "\(r.out)", sourceLocation: sourceLocation)
}


/// The rows of the table `compare` prints after the line that starts with `title` (the
/// verdict `N cells: moved in …` by default, or `  the next most significant`), each without
/// its two-space indent: the lines after the table's header and rule, up to the first that is
/// not a row (a note or a missing cell, `…: …`, or another title).
func tableRows(_ out: String, after title: String = "") -> [String] {
    let lines = out.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard let start = lines.firstIndex(where: { $0.hasPrefix(title) && (title.isEmpty ? $0.contains(": moved in ") : true) }) else { return [] }
    var rows: [String] = []
    for line in lines.dropFirst(start + 3) {
        guard line.hasPrefix("  "), !line.hasPrefix("  the "), !line.contains(": ") else { break }
        rows.append(String(line.dropFirst(2)))
    }
    return rows
}

/// The rows of `compare`'s table of the tests that moved (`tableRows`).
func movedRows(_ out: String) -> [String] { tableRows(out) }
