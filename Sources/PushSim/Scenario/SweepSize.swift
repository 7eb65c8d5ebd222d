/// The size estimate of a sweep: one `ScenarioSize` per point it computes (a shard's
/// points only). Each point runs by itself, so memory is checked point by point; events and
/// bytes add up over the points, and a point's rows are written twice (under `points/` and
/// again in runs.csv).
public struct SweepSize: Sendable {
    /// The points, each with its label (`loss=0.1, keys=5`) and estimate.
    public var points: [(label: String, size: ScenarioSize)]

    public init(points: [(label: String, size: ScenarioSize)]) { self.points = points }

    /// The estimate of `plan`'s points whose index is `shard.k − 1` modulo `shard.n`.
    public init(_ plan: SweepPlan, shard: (k: Int, n: Int) = (1, 1)) {
        points = plan.points.filter { $0.index % shard.n == shard.k - 1 }.map { p in
            (zip(plan.spec.axes, p.values).map { "\($0.name)=\($1.label)" }.joined(separator: ", "), ScenarioSize(p.scenario))
        }
    }

    private var pointsText: String { points.count == 1 ? "1 point" : "\(points.count) points" }

    /// Runs of every point.
    public var runs: Double { points.reduce(0) { $0 + $1.size.runs } }
    /// Events of every point.
    public var events: Double { points.reduce(0) { $0 + $1.size.events } }
    /// The point whose worker holds the most.
    var largest: (label: String, size: ScenarioSize)? { points.max { $0.size.bytesPerWorker < $1.size.bytesPerWorker } }

    /// Bytes written in `format`: every point's rows twice, plus the summaries.
    public func outputBytes(_ format: RunsFormat) -> Double {
        points.reduce(0) { $0 + 2 * $1.size.rowBytes(format) + $1.size.outputBytes(.none) }
    }

    /// The short line `validate` prints for a sweep.
    public func summary(format: RunsFormat = .csv) -> String {
        "estimate: \(ScenarioSize.count(events)) events in \(ScenarioSize.count(runs)) runs ("
            + "\(ScenarioSize.duration(events / ScenarioSize.Calibration.eventsPerSecond)) on one core), "
            + "\(ScenarioSize.bytes((largest?.size.bytesPerWorker ?? 0) + ScenarioSize.Calibration.processBytes)) of memory with one worker "
            + "(the largest point), \(ScenarioSize.bytes(outputBytes(format))) of reports"
    }

    /// `ScenarioSize.check` for a sweep: memory for every point, events and bytes for all of
    /// them. Paths are those of the point's scenario (its base file with the axis values set),
    /// and the message names the point.
    /// - Throws: `ScenarioError` naming `file` (the sweep) as `ScenarioSize.check` does.
    public func check(_ limits: ScenarioSize.Limits, jobs: Int, format: RunsFormat, file: String, folder: String) throws(ScenarioError) {
        for (label, size) in points {
            if let (path, message) = size.memoryProblem(limits, jobs: jobs) {
                throw ScenarioError(file: file, path: path, message: "at the point \(label) (a path of its scenario): " + message)
            }
        }
        if events > limits.events, let (label, size) = points.max(by: { $0.size.events < $1.size.events }) {
            let (path, what) = size.blamedForEvents()
            throw ScenarioError(file: file, path: path, message: "\(pointsText); the largest, at the point \(label) (a path of its "
                + "scenario), \(what), \(ScenarioSize.count(size.events)) in all: " + ScenarioSize.eventsMessage(events, limits))
        }
        let written = outputBytes(format)
        if let disk = limits.disk, written > disk {
            throw ScenarioError(file: file, path: "$.replications", message: "\(pointsText) of \(ScenarioSize.count(runs)) runs in all: "
                + ScenarioSize.diskMessage(written, gzip: outputBytes(.gzip), format: format, disk: disk, folder: folder))
        }
    }
}
