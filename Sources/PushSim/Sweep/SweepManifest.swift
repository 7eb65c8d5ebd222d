import Foundation

/// `points/plan.json`: everything needed to assemble a sweep's reports from its point
/// files, so that shards and resumed runs assemble identical bytes.
struct SweepManifest: Codable, Equatable {
    var name: String
    var fingerprint: String
    var pointCount: Int
    var axisNames: [String]
    /// Whether the axes were zipped (they vary together) rather than crossed.
    var zipped: Bool
    var runsHeader: [String]
    var summaryHeader: [String]
    var pairedHeader: [String]
    /// How the per-run rows are written (part of the plan: another format recomputes).
    var runsFormat: RunsFormat
    /// The text of `meta.json`.
    var meta: String
    /// The build that computed the points (`BuildIdentity`); nil in a plan.json written
    /// before builds were recorded (then unknown, so another build).
    var build: String?
    /// What the plots draw (`SweepSpec.metric`, `.cost`); nil in an older plan.json (the defaults).
    var plotMetric: String?
    var plotCost: String?

    init(plan: SweepPlan, options: SweepRunner.Options) throws {
        name = plan.spec.name
        let adaptive = options.targetHalfwidth.map { "target=\($0),cap=\(options.maxReplications)" } ?? "fixed"
        fingerprint = FNV1a64.hex(Array((plan.fingerprint + "|" + adaptive + "|runs=" + options.runs.rawValue).utf8))
        runsFormat = options.runs
        build = options.build
        plotMetric = plan.spec.metric
        plotCost = plan.spec.cost
        pointCount = plan.points.count
        axisNames = plan.spec.axisColumns
        zipped = plan.spec.combine == .zip
        runsHeader = ["run_id", "point"] + axisNames + RunsTable.columns
        summaryHeader = ["point"] + axisNames + SummaryTable.columns
        pairedHeader = ["point"] + axisNames + PairedTable.columns
        let first = plan.points[0].scenario
        let object: [String: Any] = [
            "pushsim_version": StudyReport.version,
            "commit": options.commit ?? NSNull(),
            "sweep": plan.spec.name,
            "sweep_file": plan.file,
            "plan_fnv1a64": fingerprint,
            "seed": NSNumber(value: first.seed),
            "generator": first.generator.name,
            "gsl_version": GSL.version,
            "replications": first.replications,
            "adaptive": options.targetHalfwidth.map { ["target_halfwidth": $0, "max_replications": options.maxReplications] as Any } ?? NSNull(),
            "points": plan.points.count,
            "combine": plan.spec.combine.rawValue,
            "axes": plan.spec.axes.map { ["name": $0.name, "path": $0.path.text, "values": $0.values.map(\.label)] },
            "variants": first.variants.map(\.name),
            "strategies": first.strategies.map(\.name),
            "stream_seeding": StudyReport.streamSeeding(first.generator),
            "runs_format": options.runs.rawValue,
        ]
        let data = try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        meta = String(decoding: data, as: UTF8.self) + "\n"
    }

    static func read(_ folder: URL) throws -> SweepManifest {
        let url = folder.appendingPathComponent("plan.json")
        guard let data = try? Data(contentsOf: url) else {
            throw ScenarioError(file: url.path, path: "$", message: "not a sweep results folder (no points/plan.json)")
        }
        return try JSONDecoder().decode(SweepManifest.self, from: data)
    }

    /// Makes `folder` hold this plan: points of another plan (a changed sweep or base
    /// file, other overrides or adaptive options, another PushSim version) are removed;
    /// points of this plan are kept for resuming, whatever commit or path computed them.
    func prepare(_ folder: URL, allowOtherBuild: Bool) throws {
        let fm = FileManager.default
        // A plan.json that does not decode (an older layout) is another plan too.
        if fm.fileExists(atPath: folder.appendingPathComponent("plan.json").path) {
            let old = try? Self.read(folder)
            if old?.fingerprint != fingerprint {
                for name in try fm.contentsOfDirectory(atPath: folder.path) { try fm.removeItem(at: folder.appendingPathComponent(name)) }
            } else if let old, old.build != build, !allowOtherBuild, doneCount(in: folder) > 0 {
                throw otherBuild(folder, old.build)
            }
        }
        try fm.createDirectory(at: folder, withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        try AtomicFile.write(String(decoding: try encoder.encode(self), as: UTF8.self) + "\n", to: folder.appendingPathComponent("plan.json"))
    }

    /// The refusal to mix points of another build into this build's (see `BuildIdentity`).
    func otherBuild(_ folder: URL, _ other: String?) -> ScenarioError {
        Self.otherBuild(folder, other, this: build)
    }

    static func otherBuild(_ folder: URL, _ other: String?, this: String? = BuildIdentity.current) -> ScenarioError {
        let results = folder.deletingLastPathComponent().path
        return ScenarioError(file: folder.appendingPathComponent("plan.json").path, path: "$.build",
                             message: "the points in \(folder.path) were computed by another build of pushsim (\(other ?? "unrecorded"); "
                                 + "this one is \(this ?? "unknown")), whose results may differ. To start over, remove \(results) "
                                 + "(or write into another --out); to keep the old points, rerun with --allow-other-build")
    }

    func partURL(_ point: Int, _ part: String, in folder: URL) -> URL {
        let gz = part == "runs" && runsFormat == .gzip ? ".gz" : ""
        return folder.appendingPathComponent(String(format: "p%06d.%@.csv", point, part) + gz)
    }

    /// The parts of a point: `runs` (unless the format is `none`), `summary`, `paired`.
    var parts: [String] { (runsFormat.writesRows ? ["runs"] : []) + ["summary", "paired"] }

    /// A point is done when all its parts exist (each is written atomically, `paired` last).
    func isDone(_ point: Int, in folder: URL) -> Bool {
        parts.allSatisfy { FileManager.default.fileExists(atPath: partURL(point, $0, in: folder).path) }
    }

    func doneCount(in folder: URL) -> Int { (0..<pointCount).filter { isDone($0, in: folder) }.count }

    /// Computes point `point` into its parts (`parts`: runs streamed, unless the format is
    /// `none`; `paired` written last).
    func compute(_ point: SweepPlan.Point, axes: [Axis], options: SweepRunner.Options, into folder: URL, progress: (Int) -> Void) throws {
        let runs = try RunsWriter(runsFormat, url: partURL(point.index, "runs", in: folder))
        defer { runs.abandon() }
        let result = try PointResult.compute(point, axes: axes, jobs: options.jobs, targetHalfwidth: options.targetHalfwidth,
                                             cap: options.maxReplications, runs: runs, progress: progress)
        try runs.commit()
        try AtomicFile.write(result.summaryRows(), to: partURL(point.index, "summary", in: folder))
        try AtomicFile.write(result.pairedRows(), to: partURL(point.index, "paired", in: folder))
    }
}
