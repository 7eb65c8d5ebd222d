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
    /// How the per-message rows are written (`--messages`; part of the plan, as
    /// `runsFormat`); nil for none, so a plan without messages has the bytes it had before.
    var messagesFormat: RunsFormat?
    /// The header of `messages.csv` (the `runs.csv` prefix, then `MessagesTable.columns`);
    /// nil without messages.
    var messagesHeader: [String]?
    /// The text of `meta.json`.
    var meta: String
    /// The build that computed the points (`BuildIdentity`); nil in a plan.json written
    /// before builds were recorded (then unknown, so another build).
    var build: String?
    /// What the plots draw (`SweepSpec.metric`, `.cost`); nil in an older plan.json (the defaults).
    var plotMetric: String?
    var plotCost: String?
    /// The headers of `fleet.csv` and `fleet-summary.csv` when the points are fleets (nil: not).
    var fleetHeader: [String]?
    var fleetSummaryHeader: [String]?

    init(plan: SweepPlan, options: SweepRunner.Options) throws {
        name = plan.spec.name
        let adaptive = options.targetHalfwidth.map { "target=\($0),cap=\(options.maxReplications)" } ?? "fixed"
        // `|messages=` only with messages: a plan without them keeps the fingerprint it had before.
        let messages = options.messages.writesRows ? "|messages=" + options.messages.rawValue : ""
        fingerprint = FNV1a64.hex(Array((plan.fingerprint + "|" + adaptive + "|runs=" + options.runs.rawValue + messages).utf8))
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
        if options.messages.writesRows {
            messagesFormat = options.messages
            messagesHeader = ["run_id", "point"] + axisNames + MessagesTable.columns
        }
        let first = plan.points[0].scenario
        let fleets = plan.points.filter { $0.scenario.fleet != nil }.count
        if fleets > 0 {
            guard fleets == plan.points.count else {
                throw ScenarioError(file: plan.file, path: "$", message: "\(fleets) of \(plan.points.count) points are fleets; a sweep's points are all fleets or none")
            }
            if options.messages.writesRows {
                throw ScenarioError(file: plan.file, path: "$", message: "messages.csv is for points of one recipient; a fleet's per-recipient messages are not written")
            }
            fleetHeader = ["point"] + axisNames + FleetTables.fleetNames
            fleetSummaryHeader = ["point"] + axisNames + FleetTables.summaryNames
        }
        var object: [String: Any] = [
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
        if options.messages.writesRows { object["messages_format"] = options.messages.rawValue }
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

    /// Makes `folder` hold this plan: its `plan.json` is written first (so an interrupted
    /// change never leaves the old plan's name over a mixture), then every point file that
    /// is not a done point of this plan is removed (`removeStalePoints`: the old plan's,
    /// unfinished ones, partial files); other files and folders under `folder` stay. Points
    /// of this plan are kept for resuming, whatever commit or path computed them.
    /// - Returns: the done points.
    /// - Throws: `ScenarioError` when the points are another build's and `allowOtherBuild`
    ///   is false (`otherBuild`); file-system errors.
    @discardableResult
    func prepare(_ folder: URL, allowOtherBuild: Bool) throws -> Set<Int> {
        let fm = FileManager.default
        try fm.createDirectory(at: folder, withIntermediateDirectories: true)
        // A plan.json that does not decode (an older layout) is another plan too.
        let old = try? Self.read(folder)
        var done = Set<Int>()
        if old?.fingerprint == fingerprint {
            done = donePoints(in: folder)
            if let old, old.build != build, !allowOtherBuild, !done.isEmpty { throw otherBuild(folder, old.build) }
        }
        if old != self {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
            try AtomicFile.write(String(decoding: try encoder.encode(self), as: UTF8.self) + "\n", to: folder.appendingPathComponent("plan.json"))
            FailPoint.reach("plan.written")
        }
        try removeStalePoints(in: folder, done: done)
        return done
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
}
