import Foundation
import PushSim

/// A one-line progress display on stderr (runs or points done / total, runs per second,
/// ETA); shown only on a terminal and never in CI, so logs stay clean.
final class Progress {
    private let enabled: Bool
    private let err: (String) -> Void
    private let start = Date()
    private var lastDraw = Date.distantPast

    init(enabled: Bool, err: @escaping (String) -> Void) { self.enabled = enabled; self.err = err }

    /// Run progress: runs done / total, runs per second, ETA.
    func update(_ done: Int, _ total: Int) {
        draw(final: done == total) { Self.line(done: done, total: total, unit: "runs", runs: done, elapsed: $0, rateDone: done, rateLeft: total - done) }
    }

    /// Sweep progress: points done / total, runs per second, and an ETA from the points this
    /// process computed (a resumed sweep's or another shard's points take none of its time).
    func points(_ p: SweepRunner.Progress) {
        draw(final: p.computed == p.toCompute) {
            Self.line(done: p.done, total: p.total, unit: "points", runs: p.runs, elapsed: $0, rateDone: p.computed, rateLeft: p.toCompute - p.computed)
        }
    }

    /// Selection progress: the most replications of an undecided variant's strategies, the
    /// variants still undecided, runs so far and runs per second (no ETA: a sequential
    /// procedure stops when the data decide).
    func selection(_ p: StrategySelection.Progress) {
        draw(final: p.undecided == 0) {
            String(format: "%d replications  %d/%d variants undecided  %d runs  %.0f runs/s", p.replications, p.undecided, p.variants, p.runs,
                   Double(p.runs) / max($0, 1e-9))
        }
    }

    /// Seconds left at the rate so far: `elapsed` took `done` units, `left` remain; nil
    /// before the first unit is done.
    static func eta(elapsed: Double, done: Int, left: Int) -> Double? {
        guard done > 0 else { return nil }
        return elapsed / Double(done) * Double(max(left, 0))
    }

    /// The progress line: `done/total unit  R runs/s  ETA Ns` (the ETA from `rateDone` units
    /// in `elapsed` seconds and `rateLeft` to go).
    static func line(done: Int, total: Int, unit: String, runs: Int, elapsed: Double, rateDone: Int, rateLeft: Int) -> String {
        let elapsed = max(elapsed, 1e-9)
        let eta = eta(elapsed: elapsed, done: rateDone, left: rateLeft).map { String(format: "ETA %.0fs", $0) } ?? "ETA -"
        return String(format: "%d/%d %@  %.0f runs/s  %@", done, total, unit, Double(runs) / elapsed, eta)
    }

    /// At most five redraws a second, and always the last one.
    private func draw(final: Bool, _ text: (Double) -> String) {
        guard enabled else { return }
        let now = Date()
        guard final || now.timeIntervalSince(lastDraw) > 0.2 else { return }
        lastDraw = now
        err("\r" + text(now.timeIntervalSince(start)) + "   ")
    }

    func finish() { if enabled { err("\r\u{1B}[K") } }
}
