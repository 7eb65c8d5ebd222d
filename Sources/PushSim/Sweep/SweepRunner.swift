import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs a sweep into a results folder, resumably and shardably.
///
/// Layout: `points/plan.json` (what the plan is) and, per finished point `i`,
/// `points/p<i>.runs.csv` (`.runs.csv.gz` for `--runs gzip`, absent for `none`),
/// `.summary.csv`, `.paired.csv`, with `--messages` `.messages.csv` (`.messages.csv.gz`)
/// (rows only), each written atomically, then its done record `p<i>.done`
/// (`SweepPoints.swift`). When every point is done, `runs.csv`, `messages.csv` (with
/// `--messages`), `summary.csv`, `paired.csv`, `meta.json` and `plot.gp` are assembled from them and
/// committed as one set (`ReportSet`). A rerun skips
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
        /// How the per-message rows are written (`messages.csv`, `messages.csv.gz` or none,
        /// the default; not for fleets). With rows, each run is run traced (`MessageSink`).
        public var messages = RunsFormat.none
        /// The build computing the points (`BuildIdentity.current`), recorded in `points/plan.json`.
        public var build: String? = BuildIdentity.current
        /// Resume even when the saved points were computed by another build.
        public var allowOtherBuild = false
        /// The physical size of the figures `plot.gp` draws (not part of the plan: a rerun
        /// with another size rewrites `plot.gp` only).
        public var figureSize = FigureSize.text
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
    /// The folder is locked for the call (`FolderLock`: a second writer, e.g. another copy
    /// of this shard, is refused).
    /// - Parameter progress: called on the calling thread after each batch of runs and each point.
    public static func run(_ plan: SweepPlan, into folder: URL, options: Options,
                           progress: ((Progress) -> Void)? = nil) throws -> Result {
        let lock = try FolderLock(folder, purpose: "pushsim sweep \(plan.file) --shard \(options.shard.k)/\(options.shard.n)")
        defer { lock.release() }
        let pointsFolder = folder.appendingPathComponent("points")
        let manifest = try SweepManifest(plan: plan, options: options)
        var done = try manifest.prepare(pointsFolder, allowOtherBuild: options.allowOtherBuild)
        func mine(_ i: Int) -> Bool { i % options.shard.n == options.shard.k - 1 }
        var todo = plan.points.filter { mine($0.index) && !done.contains($0.index) }
        var state = Progress(done: done.count, total: plan.points.count, computed: 0, toCompute: todo.count, runs: 0)
        var retried = false
        while true {
            for point in todo {
                try manifest.compute(point, axes: plan.spec.axes, options: options, into: pointsFolder) { n in
                    state.runs += n
                    progress?(state)
                }
                // Counted, not rescanned: a rescan per point made a sweep quadratic in its points.
                done.insert(point.index)
                state.computed += 1
                state.done += 1
                progress?(state)
            }
            guard done.count == plan.points.count else { return .partial(done: done.count, total: plan.points.count) }
            let damaged = try assemble(folder, manifest, figureSize: options.figureSize)
            if damaged.isEmpty { return .complete(points: plan.points.count) }
            // A part changed on disk since its point was done: recompute it, once.
            done.subtract(damaged)
            state.done = done.count
            todo = plan.points.filter { damaged.contains($0.index) && mine($0.index) }
            guard !retried, !todo.isEmpty else { return .partial(done: done.count, total: plan.points.count) }
            retried = true
            state.toCompute += todo.count
        }
    }

    /// Copies the done points of shard folders into `folder` and assembles if complete.
    /// Every copied part is checked against its done record; a point whose files do not
    /// match is left out (and named through `warn`), so it counts as missing.
    /// - Throws: `ScenarioError` when the folders hold different plans (a different
    ///   `--messages` is named as such) or builds (`checkMerge`; then nothing is written), or
    ///   another process writes into `folder`.
    /// - Parameters:
    ///   - allowOtherBuild: merge shards computed by different builds (`BuildIdentity`).
    ///   - figureSize: the physical size of the figures the assembled `plot.gp` draws.
    public static func merge(_ shards: [URL], into folder: URL, allowOtherBuild: Bool = false, figureSize: FigureSize = .text,
                             warn: (String) -> Void = { _ in }) throws -> Result {
        _ = try mergeSources(shards, into: folder, allowOtherBuild: allowOtherBuild)   // before anything is written
        let lock = try FolderLock(folder, purpose: "pushsim merge")
        defer { lock.release() }
        let (plan, sources) = try mergeSources(shards, into: folder, allowOtherBuild: allowOtherBuild)   // as it is under the lock
        let target = folder.appendingPathComponent("points")
        var done = try plan.prepare(target, allowOtherBuild: true)
        for (points, manifest) in sources where points.standardized.path != target.standardized.path {
            for i in 0..<plan.pointCount where !done.contains(i) {
                let damaged = "pushsim: point \(i) in \(points.path) does not match its done record (a changed or truncated file); "
                    + "left out: rerun that shard to recompute it\n"
                switch manifest.state(i, in: points) {
                case .absent: continue
                case .damaged: warn(damaged)
                case let .done(record):
                    if try plan.copyPoint(i, record: record, from: points, into: target) { done.insert(i) } else { warn(damaged) }
                }
            }
        }
        guard done.count == plan.pointCount else { return .partial(done: done.count, total: plan.pointCount) }
        let damaged = try assemble(folder, plan, figureSize: figureSize)
        return damaged.isEmpty ? .complete(points: plan.pointCount) : .partial(done: done.count - damaged.count, total: plan.pointCount)
    }

    /// Checks, before anything is written, that `shards` and `folder` hold one plan of one
    /// build (unless `allowOtherBuild`).
    /// - Throws: `ScenarioError` naming the folder that differs (at `$.messagesFormat` when
    ///   its points were computed with another `--messages`).
    public static func checkMerge(_ shards: [URL], into folder: URL, allowOtherBuild: Bool = false) throws {
        _ = try mergeSources(shards, into: folder, allowOtherBuild: allowOtherBuild)
    }

    private static func mergeSources(_ shards: [URL], into folder: URL, allowOtherBuild: Bool) throws
        -> (SweepManifest, [(URL, SweepManifest)]) {
        let target = folder.appendingPathComponent("points")
        // A target whose plan.json does not decode (another layout) holds another plan:
        // refuse rather than mix its points in.
        var plan = try? SweepManifest.read(target)
        if plan == nil, FileManager.default.fileExists(atPath: target.appendingPathComponent("plan.json").path) {
            throw ScenarioError(file: target.appendingPathComponent("plan.json").path, path: "$",
                                message: "this folder holds a sweep plan of another PushSim layout (merge into an empty folder, or rerun the sweep there)")
        }
        var sources: [(URL, SweepManifest)] = []
        var planFolder = folder   // where `plan` was read: the target, else the first shard
        for dir in shards {
            try ReportSet.settle(dir)
            let points = dir.appendingPathComponent("points")
            let manifest = try SweepManifest.read(points)
            if let plan, plan.messagesFormat != manifest.messagesFormat {
                func text(_ f: RunsFormat?) -> String { (f ?? .none).rawValue }
                throw ScenarioError(file: points.appendingPathComponent("plan.json").path, path: "$.messagesFormat",
                                    message: "the points in \(dir.path) were computed with --messages \(text(manifest.messagesFormat)), "
                                        + "those in \(planFolder.path) with --messages \(text(plan.messagesFormat)) (merge only shards run "
                                        + "with one --messages; rerun the shards that differ)")
            }
            if let plan, plan.fingerprint != manifest.fingerprint {
                throw ScenarioError(file: points.appendingPathComponent("plan.json").path, path: "$.fingerprint",
                                    message: "this folder holds another sweep plan than \(target.path) (merge only shards of one sweep, into an empty or matching folder)")
            }
            if let plan, plan.build != manifest.build, !allowOtherBuild {
                throw SweepManifest.otherBuild(points, manifest.build, this: plan.build)
            }
            if plan == nil { planFolder = dir }
            plan = plan ?? manifest
            sources.append((points, manifest))
        }
        guard let plan else { throw ScenarioError(file: folder.path, path: "$", message: "no shard folder to merge") }
        return (plan, sources)
    }

    /// Assembles the reports of a folder whose points are all done, as one `ReportSet`.
    /// Each part is checked against its done record as it is read; when one does not
    /// match, nothing is committed, the points concerned lose their records (they are to
    /// be recomputed) and are returned.
    static func assemble(_ folder: URL, _ manifest: SweepManifest, figureSize: FigureSize = .text) throws -> Set<Int> {
        let pointsFolder = folder.appendingPathComponent("points")
        let set = ReportSet(folder: folder)
        defer { set.abandon() }
        var records: [SweepManifest.DoneRecord] = []
        for i in 0..<manifest.pointCount {
            guard let record = manifest.doneRecord(i, in: pointsFolder) else { return try undo([i], manifest, pointsFolder) }
            records.append(record)
        }
        var damaged = try rows("runs", manifest.runsFormat, header: manifest.runsHeader, set, manifest, records)
        damaged.formUnion(try rows("messages", manifest.messagesFormat ?? .none, header: manifest.messagesHeader ?? [], set, manifest, records))
        var summaryRows: [[String]] = []
        for (name, header) in [("summary", manifest.summaryHeader), ("paired", manifest.pairedHeader)] {
            let file = try set.file("\(name).csv")
            try file.write(CSV.record(header))
            for i in 0..<manifest.pointCount {
                let url = manifest.partURL(i, name, in: pointsFolder)
                if name == "summary" {
                    let data = (try? Data(contentsOf: url)) ?? Data()
                    var sum = Checksum()
                    sum.update(data)
                    if sum != records[i].parts[name] { damaged.insert(i); continue }
                    let part = String(decoding: data, as: UTF8.self)
                    summaryRows += CSV.parse(part)
                    try file.write(part)
                } else if try file.append(contentsOf: url) != records[i].parts[name] {
                    damaged.insert(i)
                }
            }
        }
        var plotHeader = manifest.summaryHeader
        if let fleetHeader = manifest.fleetHeader, let fleetSummaryHeader = manifest.fleetSummaryHeader {
            var fleetSummaryRows: [[String]] = []
            for (name, header) in [("fleet", fleetHeader), ("fleet-summary", fleetSummaryHeader)] {
                let file = try set.file("\(name).csv")
                try file.write(CSV.record(header))
                for i in 0..<manifest.pointCount {
                    let url = manifest.partURL(i, name, in: pointsFolder)
                    if try file.append(contentsOf: url) != records[i].parts[name] { damaged.insert(i); continue }
                    if name == "fleet-summary" { fleetSummaryRows += CSV.parse(String(decoding: (try? Data(contentsOf: url)) ?? Data(), as: UTF8.self)) }
                }
            }
            // The plots may draw a fleet measure: its mean and interval over replications
            // join each summary row as `<measure>`, `<measure>_ci_low`, `<measure>_ci_high`.
            (plotHeader, summaryRows) = SweepPlot.withFleetMeasures(manifest, summary: summaryRows, fleetSummary: fleetSummaryRows)
        }
        guard damaged.isEmpty else { return try undo(damaged, manifest, pointsFolder) }
        try set.write("meta.json", manifest.meta)
        try set.write("plot.gp", SweepPlot.script(manifest, summary: summaryRows, header: plotHeader, size: figureSize))
        for name in GnuplotFigure.figureFiles { set.remove(name) }   // drawn from the old set: redrawn after (`Plotter`)
        try set.commit()
        return []
    }

    /// Adds the rows file of `report` (`runs`, `messages`) in `format` to `set` (for `none`
    /// none, and the set removes that report's files of every format): `header`, then
    /// every point's part, raw, in index order.
    /// - Returns: the points whose part does not match its done record in `records`.
    private static func rows(_ report: String, _ format: RunsFormat, header: [String], _ set: ReportSet, _ manifest: SweepManifest,
                             _ records: [SweepManifest.DoneRecord]) throws -> Set<Int> {
        let writer = try set.rows(report, format)
        guard format.writesRows else { return [] }
        try writer.write(bytes: Array(CSV.record(header).utf8))
        let pointsFolder = set.folder.appendingPathComponent("points")
        var damaged = Set<Int>()
        // In chunks: a point's rows may be large; gzip parts are whole members.
        for i in 0..<manifest.pointCount where try writer.appendRaw(contentsOf: manifest.partURL(i, report, in: pointsFolder)) != records[i].parts[report] {
            damaged.insert(i)
        }
        return damaged
    }

    private static func undo(_ points: Set<Int>, _ manifest: SweepManifest, _ folder: URL) throws -> Set<Int> {
        for i in points { unlink(manifest.doneURL(i, in: folder).path) }
        return points
    }
}
