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

    /// Runs `gnuplot plot.gp` in `folder`; gnuplot's output goes to `err` only when it fails.
    /// - Returns: the files drawn (e.g. `rate.svg`), empty when gnuplot is missing or failed.
    static func draw(_ folder: URL, figures: [String], environment: [String: String], err: (String) -> Void) -> [String] {
        guard let gnuplot = gnuplot(environment) else { return [] }
        let process = Process(), pipe = Pipe()
        process.executableURL = gnuplot
        process.arguments = ["plot.gp"]
        process.currentDirectoryURL = folder
        process.standardOutput = pipe
        process.standardError = pipe
        do { try process.run() } catch {
            err("pushsim: could not start gnuplot (\(error.localizedDescription)); the plot script is \(folder.path)/plot.gp\n")
            return []
        }
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            err("pushsim: gnuplot failed on \(folder.path)/plot.gp:\n" + String(decoding: output.suffix(2000), as: UTF8.self))
            return []
        }
        return figures.flatMap { f in ["svg", "png", "pdf"].map { "\(f).\($0)" } }
    }
}
