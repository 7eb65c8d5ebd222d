import Foundation

/// A sweep expanded into its points: each point is the base scenario with every axis set
/// to one of its values, decoded and validated like any scenario file.
///
/// `SweepPlan.load` reads a sweep file; code may also build a plan from its own points
/// (`init(spec:file:points:fingerprint:)`) or change a loaded plan's point scenarios before
/// `SweepRunner.run`. The fingerprint names the plan's results: give a changed plan a new one,
/// or a resumed run keeps point files computed for the old plan.
public struct SweepPlan: Sendable {
    /// One combination of axis values.
    public struct Point: Sendable {
        /// Position in expansion order (grid: the last axis varies fastest), after
        /// constraints; 0, 1, 2, … in `points`.
        public var index: Int
        /// One value per axis, in axis order.
        public var values: [JSONValue]
        /// The scenario at this point (every point of a plan has the same variant and
        /// strategy names, which head the report rows).
        public var scenario: Scenario

        /// A point from its parts.
        public init(index: Int, values: [JSONValue], scenario: Scenario) {
            self.index = index; self.values = values; self.scenario = scenario
        }
    }

    /// The sweep: name, axes (the report columns) and how they combine.
    public var spec: SweepSpec
    /// The sweep file, as the user named it (it appears in `meta.json`).
    public var file: String
    /// Every point, in index order (at least one).
    public var points: [Point]
    /// FNV-1a 64 over the sweep file, the base file and the overrides: names this plan, so a
    /// resumed run never mixes points of another plan.
    public var fingerprint: String

    /// A plan from its parts; `points` must be non-empty, indexed 0, 1, 2, …, with one value
    /// per axis of `spec`.
    public init(spec: SweepSpec, file: String, points: [Point], fingerprint: String) {
        precondition(!points.isEmpty && points.indices.allSatisfy { points[$0].index == $0 }, "points must be indexed 0, 1, 2, …")
        precondition(points.allSatisfy { $0.values.count == spec.axes.count }, "every point needs one value per axis")
        self.spec = spec; self.file = file; self.points = points; self.fingerprint = fingerprint
    }

    /// Reads the sweep file and its base scenario and expands every point.
    /// - Parameters:
    ///   - replications, seed: command-line overrides (applied after the sweep's own).
    ///   - registry: the kinds the base scenario and the sweep may name (default: the built-in ones).
    /// - Throws: `ScenarioError` naming the sweep (or base) file and the JSON path; for a
    ///   scenario file (`ScenarioFileKind`), at `$`: "a scenario file (…), not a sweep".
    public static func load(path: String, replications: Int? = nil, seed: UInt64? = nil,
                            registry: PluginRegistry = .builtIn) throws(ScenarioError) -> SweepPlan {
        let sweepData: Data
        do { sweepData = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
            throw ScenarioError(file: path, path: "$", message: "cannot read the file (\((error as NSError).localizedDescription))")
        }
        let spec = try decodeStrictJSON(SweepSpec.self, sweepData, file: path) { keys throws(ScenarioError) in
            if case let .scenario(key) = ScenarioFileKind(topLevelKeys: keys) {
                throw ScenarioError(file: path, path: "$", message: "a scenario file (it has \"\(key)\" and no \"axes\"), not a sweep")
            }
        }
        let basePath = spec.base.hasPrefix("/") ? spec.base
            : URL(fileURLWithPath: path).absoluteURL.deletingLastPathComponent().appendingPathComponent(spec.base).standardized.path
        let baseData: Data
        do { baseData = try Data(contentsOf: URL(fileURLWithPath: basePath)) } catch {
            throw ScenarioError(file: path, path: "$.base", message: "cannot read the base scenario \(basePath)")
        }
        _ = try Scenario.decode(baseData, file: basePath, registry: registry)   // the base itself must be valid
        guard var base = try? JSONSerialization.jsonObject(with: baseData) as? [String: Any] else {
            throw ScenarioError(file: basePath, path: "$", message: "expected a JSON object")
        }
        if let r = replications ?? spec.replications { base["replications"] = r }
        if let s = seed ?? spec.seed { base["seed"] = NSNumber(value: s) }
        if let h = spec.horizon { base["horizon"] = h }
        if let st = spec.strategies { base["strategies"] = st.foundation }
        if let names = spec.variants {
            let all = base["variants"] as? [[String: Any]] ?? []
            for (i, n) in names.enumerated() where !all.contains(where: { $0["name"] as? String == n }) {
                let names = all.compactMap { $0["name"] as? String }
                throw ScenarioError(file: path, path: "$.variants[\(i)]", message: "the base has no variant \"\(n)\""
                                    + "\(Suggestion.separator(for: n, among: names))its variants: \(names.joined(separator: ", "))")
            }
            base["variants"] = names.map { n in all.first { $0["name"] as? String == n }! }
        }
        var points: [Point] = []
        // One serialization of the base for every point when the axes allow it (PointTemplate).
        let template = PointTemplate(base: base, axes: spec.axes)
        let constraints = spec.constraints.map { k in
            (k, spec.axes.firstIndex { $0.name == k.axis }!, spec.axes.firstIndex { $0.name == k.other }!)
        }
        for combination in combinations(spec) {
            let values = combination.map { spec.axes[$0.axis].values[$0.value] }
            if !constraints.allSatisfy({ k, a, b in k.holds(values[a], values[b]) }) { continue }
            let label = zip(spec.axes, values).map { "\($0.name)=\($1.label)" }.joined(separator: ", ")
            let data: Data
            if let template {
                data = template.text(values: combination.map(\.value))
            } else {
                var doc: Any = base
                for (i, (a, v)) in zip(spec.axes, values).enumerated() {
                    do { doc = try a.path.setting(v.foundation, in: doc) } catch {
                        throw ScenarioError(file: path, path: "$.axes[\(i)].path", message: error.description)
                    }
                }
                data = (try? JSONSerialization.data(withJSONObject: doc, options: [.sortedKeys])) ?? Data()
            }
            let scenario: Scenario
            do {
                // A template point differs from the first only in its values' texts (JSONSerialization's,
                // of scalars): the first is checked strictly, the rest need not be.
                scenario = try Scenario.decode(data, file: "\(path) at \(label)", registry: registry,
                                               directory: URL(fileURLWithPath: basePath).deletingLastPathComponent(),
                                               strict: template == nil || points.isEmpty)
            } catch {
                throw ScenarioError(file: path, path: "$.axes", message: "the point \(label) is not a valid scenario: \(error.path): \(error.message)")
            }
            points.append(Point(index: points.count, values: values, scenario: scenario))
        }
        guard !points.isEmpty else { throw ScenarioError(file: path, path: "$.constraints", message: "the constraints leave no point") }
        var overrides = Array("\(replications ?? -1)|\(seed.map(String.init) ?? "-")|\(StudyReport.version)".utf8)
        overrides += sweepData + [0] + baseData
        // The files the points read (samples, traces): a resume or merge must not mix points of other contents.
        for source in Set(points.flatMap(\.scenario.sampleFiles)).sorted() { overrides += [0] + Array("\(source.file)|\(source.fnv1a64)".utf8) }
        return SweepPlan(spec: spec, file: path, points: points, fingerprint: FNV1a64.hex(overrides))
    }

    /// Every combination of value indices: the grid (last axis fastest) or the zip.
    static func combinations(_ spec: SweepSpec) -> [[(axis: Int, value: Int)]] {
        switch spec.combine {
        case .zip:
            return (0..<spec.axes[0].values.count).map { v in spec.axes.indices.map { ($0, v) } }
        case .grid:
            var out: [[(axis: Int, value: Int)]] = [[]]
            for (a, axis) in spec.axes.enumerated() {
                out = out.flatMap { prefix in axis.values.indices.map { prefix + [(a, $0)] } }
            }
            return out
        }
    }
}
