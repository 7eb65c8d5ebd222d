import Foundation

/// A one-line progress display on stderr (runs done / total, runs per second, ETA); shown
/// only on a terminal and never in CI, so logs stay clean.
final class Progress {
    private let enabled: Bool
    private let err: (String) -> Void
    private let start = Date()
    private var lastDraw = Date.distantPast

    init(enabled: Bool, err: @escaping (String) -> Void) { self.enabled = enabled; self.err = err }

    func update(_ done: Int, _ total: Int) {
        guard enabled else { return }
        let now = Date()
        guard done == total || now.timeIntervalSince(lastDraw) > 0.2 else { return }
        lastDraw = now
        let elapsed = max(now.timeIntervalSince(start), 1e-9)
        let rate = Double(done) / elapsed
        let eta = rate > 0 ? Double(total - done) / rate : 0
        err(String(format: "\r%d/%d runs  %.0f runs/s  ETA %.0fs   ", done, total, rate, eta))
    }

    /// Sweep progress: points done / total, runs per second, ETA from the point rate.
    func points(_ done: Int, _ total: Int, runs: Int) {
        guard enabled else { return }
        let now = Date()
        guard done == total || now.timeIntervalSince(lastDraw) > 0.2 else { return }
        lastDraw = now
        let elapsed = max(now.timeIntervalSince(start), 1e-9)
        let eta = done > 0 ? elapsed / Double(done) * Double(total - done) : 0
        err(String(format: "\r%d/%d points  %.0f runs/s  ETA %.0fs   ", done, total, Double(runs) / elapsed, eta))
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
