import Foundation

/// A one-line progress display on stderr (runs done / total, runs per second, ETA); shown
/// only on a terminal and never in CI, so logs stay clean.
final class Progress {
    private let enabled: Bool
    private let err: (String) -> Void
    private let start = Date()
    private var lastDraw = Date.distantPast

    init(enabled: Bool, err: @escaping (String) -> Void) { self.enabled = enabled; self.err = err }

    /// Run progress: runs done / total, runs per second, ETA.
    func update(_ done: Int, _ total: Int) { draw(done, total, unit: "runs", runs: done) }

    /// Sweep progress: points done / total, runs per second, ETA from the point rate.
    func points(_ done: Int, _ total: Int, runs: Int) { draw(done, total, unit: "points", runs: runs) }

    /// At most five redraws a second, and always the last one.
    private func draw(_ done: Int, _ total: Int, unit: String, runs: Int) {
        guard enabled else { return }
        let now = Date()
        guard done == total || now.timeIntervalSince(lastDraw) > 0.2 else { return }
        lastDraw = now
        let elapsed = max(now.timeIntervalSince(start), 1e-9)
        let eta = done > 0 ? String(format: "ETA %.0fs", elapsed / Double(done) * Double(total - done)) : "ETA -"
        err(String(format: "\r%d/%d %@  %.0f runs/s  %@   ", done, total, unit, Double(runs) / elapsed, eta))
    }

    func finish() { if enabled { err("\r\u{1B}[K") } }
}

/// The git commit of the working directory, when git can tell.
enum GitCommit {
    static func current() -> String? {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["git", "rev-parse", "HEAD"]
        let pipe = Pipe()
        p.standardOutput = pipe
        p.standardError = FileHandle.nullDevice
        guard (try? p.run()) != nil else { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        guard p.terminationStatus == 0 else { return nil }
        let s = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return s.isEmpty ? nil : s
    }
}
