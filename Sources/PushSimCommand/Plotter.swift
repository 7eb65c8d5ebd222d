import Foundation

/// Draws a results folder's `plot.gp` with gnuplot, when gnuplot is on the `PATH` of the
/// command's environment (`make run` and `make sweep` install it; without it the script
/// stays for later: `gnuplot plot.gp` in the folder, or `make plots`).
enum Plotter {
    /// The gnuplot executable on `environment["PATH"]`, if any.
    static func gnuplot(_ environment: [String: String]) -> URL? {
        for dir in (environment["PATH"] ?? "").split(separator: ":") {
            let url = URL(fileURLWithPath: String(dir)).appendingPathComponent("gnuplot")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return nil
    }

    /// Runs gnuplot on `folder`'s `script` (default `plot.gp`) in a fresh hidden subfolder (the script's data
    /// are inline, so it needs no other file), then renames each figure into `folder`: a
    /// figure there is always a complete drawing of the current reports, never a
    /// half-written one. gnuplot's output goes to `err` only when it fails.
    /// - Returns: the files drawn (e.g. `rate.svg`), empty when gnuplot is missing or failed.
    static func draw(_ folder: URL, script: String = "plot.gp", figures: [String], environment: [String: String], err: (String) -> Void) -> [String] {
        guard let gnuplot = gnuplot(environment) else { return [] }
        let staging = folder.appendingPathComponent(".figures-\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max))")
        defer { try? FileManager.default.removeItem(at: staging) }
        let process = Process(), pipe = Pipe()
        process.executableURL = gnuplot
        process.arguments = [folder.appendingPathComponent(script).path]
        process.currentDirectoryURL = staging
        process.standardOutput = pipe
        process.standardError = pipe
        do {
            try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: false)
            try process.run()
        } catch {
            err("pushsim: could not start gnuplot (\(error.localizedDescription)); the plot script is \(folder.path)/\(script)\n")
            return []
        }
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            err("pushsim: gnuplot failed on \(folder.path)/\(script):\n" + String(decoding: output.suffix(2000), as: UTF8.self))
            return []
        }
        let drawn = figures.flatMap { f in ["svg", "png", "pdf"].map { "\(f).\($0)" } }
        for name in drawn where rename(staging.appendingPathComponent(name).path, folder.appendingPathComponent(name).path) != 0 {
            err("pushsim: gnuplot did not draw \(name) from \(folder.path)/\(script)\n")
            return []
        }
        return drawn
    }
}
