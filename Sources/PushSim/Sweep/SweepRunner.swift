import Foundation

/// Runs a sweep into a results folder, resumably and shardably.
///
/// Layout: `points/plan.json` (what the plan is) and, per finished point `i`,
/// `points/p<i>.runs.csv` (`.runs.csv.gz` for `--runs gzip`, absent for `none`),
/// `.summary.csv`, `.paired.csv` (rows only), each written
/// atomically. When every point is there, `runs.csv`, `summary.csv`, `paired.csv`,
/// `meta.json` and `plot.gp` are assembled from them, also atomically. A rerun skips
/// finished points, so an interrupted sweep resumes and ends with the same bytes as an
/// uninterrupted one; a shard (`K/N`) computes the points with index ≡ K−1 (mod N) and
/// `merge` assembles shards' folders into exactly what one machine writes.
public enum SweepRunner {
    public struct Options: Sendable {
        public var jobs = 1
        /// `(k, n)`: this machine's share, 1 ≤ k ≤ n.
        public var shard: (k: Int, n: Int) = (1, 1)
        /// Adaptive mode: add replications until every 95% interval's half-width ≤ this.
        public var targetHalfwidth: Double?
        /// Most replications per point in adaptive mode.
        public var maxReplications = 100_000
        public var commit: String?
        /// How the per-run rows are written (`runs.csv`, `runs.csv.gz` or none).
        public var runs = RunsFormat.csv
        /// The build computing the points (`BuildIdentity.current`), recorded in `points/plan.json`.
        public var build: String? = BuildIdentity.current
        /// Resume even when the saved points were computed by another build.
        public var allowOtherBuild = false
        public init() {}
    }

    /// What a call achieved.
    public enum Result: Equatable, Sendable {
        /// Every point is done and the reports are assembled.
        case complete(points: Int)
        /// This shard's points are done; others are missing.
        case partial(done: Int, total: Int)
    }

    /// How far a `run` call has got, for a progress display. A resumed run or a shard
    /// starts with points already done that it does not compute: a rate (and an ETA) is
    /// `computed` over this call's time, with `toCompute - computed` points left.
    public struct Progress: Equatable, Sendable {
        /// Points done in the folder (this call's and any earlier run's or shard's), of `total`.
        public var done: Int
        /// Every point of the plan.
        public var total: Int
        /// Points this call has computed so far.
        public var computed: Int
        /// Points this call computes: this shard's points not done when it started.
        public var toCompute: Int
        /// Runs this call has computed so far.
        public var runs: Int

        public init(done: Int, total: Int, computed: Int, toCompute: Int, runs: Int) {
            self.done = done; self.total = total; self.computed = computed; self.toCompute = toCompute; self.runs = runs
        }
    }

    /// Runs the points this shard owns that are not done yet, then assembles if all are.
    /// - Parameter progress: called on the calling thread after each batch of runs and each point.
    public static func run(_ plan: SweepPlan, into folder: URL, options: Options,
                           progress: ((Progress) -> Void)? = nil) throws -> Result {
        let pointsFolder = folder.appendingPathComponent("points")
        let manifest = try SweepManifest(plan: plan, options: options)
        try manifest.prepare(pointsFolder, allowOtherBuild: options.allowOtherBuild)
        let todo = plan.points.filter { $0.index % options.shard.n == options.shard.k - 1 && !manifest.isDone($0.index, in: pointsFolder) }
        var state = Progress(done: manifest.doneCount(in: pointsFolder), total: plan.points.count, computed: 0, toCompute: todo.count, runs: 0)
        for point in todo {
            if manifest.isDone(point.index, in: pointsFolder) { state.toCompute -= 1; continue }   // another process finished it
            try manifest.compute(point, axes: plan.spec.axes, options: options, into: pointsFolder) { n in
                state.runs += n
                progress?(state)
            }
            // Counted, not rescanned: a rescan per point made a sweep quadratic in its points.
            state.computed += 1
            state.done += 1
            progress?(state)
        }
        return try assembleIfComplete(folder)
    }

    /// Copies the point files of shard folders into `folder` and assembles if complete.
    /// - Throws: `ScenarioError` when the folders hold different plans.
    /// - Parameter allowOtherBuild: merge shards computed by different builds (`BuildIdentity`).
    public static func merge(_ shards: [URL], into folder: URL, allowOtherBuild: Bool = false) throws -> Result {
        let target = folder.appendingPathComponent("points")
        // Check every folder before writing anything. A target whose plan.json does not
        // decode (another layout) holds another plan: refuse rather than mix its points in.
        var plan = try? SweepManifest.read(target)
        if plan == nil, FileManager.default.fileExists(atPath: target.appendingPathComponent("plan.json").path) {
            throw ScenarioError(file: target.appendingPathComponent("plan.json").path, path: "$",
                                message: "this folder holds a sweep plan of another PushSim layout (merge into an empty folder, or rerun the sweep there)")
        }
        for dir in shards {
            let points = dir.appendingPathComponent("points")
            let manifest = try SweepManifest.read(points)
            if let plan, plan.fingerprint != manifest.fingerprint {
                throw ScenarioError(file: points.appendingPathComponent("plan.json").path, path: "$.fingerprint",
                                    message: "this folder holds another sweep plan than \(target.path) (merge only shards of one sweep, into an empty or matching folder)")
            }
            if let plan, plan.build != manifest.build, !allowOtherBuild {
                throw SweepManifest.otherBuild(points, manifest.build, this: plan.build)
            }
            plan = plan ?? manifest
        }
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
        for dir in shards {
            let points = dir.appendingPathComponent("points")
            guard points.standardized.path != target.standardized.path else { continue }
            for name in try FileManager.default.contentsOfDirectory(atPath: points.path).sorted() where name.hasPrefix("p") || name == "plan.json" {
                let destination = target.appendingPathComponent(name)
                if FileManager.default.fileExists(atPath: destination.path) { continue }
                let file = try AtomicFile(destination)   // bytes as they are: a runs part may be gzip
                defer { file.abandon() }
                try file.append(contentsOf: points.appendingPathComponent(name))
                try file.commit()
            }
        }
        return try assembleIfComplete(folder)
    }

    static func assembleIfComplete(_ folder: URL) throws -> Result {
        let pointsFolder = folder.appendingPathComponent("points")
        let manifest = try SweepManifest.read(pointsFolder)
        let done = manifest.doneCount(in: pointsFolder)
        guard done == manifest.pointCount else { return .partial(done: done, total: manifest.pointCount) }
        var summaryRows: [[String]] = []
        let format = manifest.runsFormat
        let runs = try RunsWriter(format, url: format.fileName.map { folder.appendingPathComponent($0) })
        defer { runs.abandon() }
        try runs.write(bytes: Array(CSV.record(manifest.runsHeader).utf8))
        if format.writesRows {
            // In chunks: a point's runs may be large; gzip parts are whole members.
            for i in 0..<manifest.pointCount { try runs.appendRaw(contentsOf: manifest.partURL(i, "runs", in: pointsFolder)) }
        }
        try runs.commit()
        RunsWriter.removeOthers(than: format, in: folder)
        for (name, header) in [("summary", manifest.summaryHeader), ("paired", manifest.pairedHeader)] {
            let file = try AtomicFile(folder.appendingPathComponent("\(name).csv"))
            defer { file.abandon() }
            try file.write(CSV.record(header))
            for i in 0..<manifest.pointCount {
                let url = manifest.partURL(i, name, in: pointsFolder)
                if name == "summary" {
                    let part = String(decoding: try Data(contentsOf: url), as: UTF8.self)
                    summaryRows += CSV.parse(part)
                    try file.write(part)
                } else {
                    try file.append(contentsOf: url)
                }
            }
            try file.commit()
        }
        try AtomicFile.write(manifest.meta, to: folder.appendingPathComponent("meta.json"))
        try AtomicFile.write(SweepPlot.script(manifest, summary: summaryRows), to: folder.appendingPathComponent("plot.gp"))
        return .complete(points: manifest.pointCount)
    }
}
