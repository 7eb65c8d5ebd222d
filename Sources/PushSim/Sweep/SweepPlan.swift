import Foundation

/// A sweep expanded into its points: each point is the base scenario with every axis set
/// to one of its values, decoded and validated like any scenario file.
public struct SweepPlan: Sendable {
    /// One combination of axis values.
    public struct Point: Sendable {
        /// Position in expansion order (grid: the last axis varies fastest), after constraints.
        public let index: Int
        /// One value per axis, in axis order.
        public let values: [JSONValue]
        /// The scenario at this point.
        public let scenario: Scenario
    }

    public let spec: SweepSpec
    public let file: String
    public let points: [Point]
    /// FNV-1a 64 over the sweep file, the base file and the overrides: names this plan, so a
    /// resumed run never mixes points of another plan.
    public let fingerprint: String

    /// Reads the sweep file and its base scenario and expands every point.
    /// - Parameters:
    ///   - replications, seed: command-line overrides (applied after the sweep's own).
    /// - Throws: `ScenarioError` naming the sweep (or base) file and the JSON path.
    public static func load(path: String, replications: Int? = nil, seed: UInt64? = nil) throws(ScenarioError) -> SweepPlan {
        let sweepData: Data
        do { sweepData = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
            throw ScenarioError(file: path, path: "$", message: "cannot read the file (\((error as NSError).localizedDescription))")
        }
        let spec = try decodeStrictJSON(SweepSpec.self, sweepData, file: path)
        let basePath = spec.base.hasPrefix("/") ? spec.base
            : URL(fileURLWithPath: path).absoluteURL.deletingLastPathComponent().appendingPathComponent(spec.base).standardized.path
        let baseData: Data
        do { baseData = try Data(contentsOf: URL(fileURLWithPath: basePath)) } catch {
            throw ScenarioError(file: path, path: "$.base", message: "cannot read the base scenario \(basePath)")
        }
        _ = try Scenario.decode(baseData, file: basePath)   // the base itself must be valid
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
                throw ScenarioError(file: path, path: "$.variants[\(i)]", message: "the base has no variant \"\(n)\"")
            }
            base["variants"] = names.map { n in all.first { $0["name"] as? String == n }! }
        }
        var points: [Point] = []
        for combination in combinations(spec) {
            let values = combination.map { spec.axes[$0.axis].values[$0.value] }
            if !spec.constraints.allSatisfy({ k in
                k.holds(values[spec.axes.firstIndex { $0.name == k.axis }!], values[spec.axes.firstIndex { $0.name == k.other }!])
            }) { continue }
            var doc: Any = base
            for (a, v) in zip(spec.axes, values) {
                do { doc = try a.path.setting(v.foundation, in: doc) } catch {
                    throw ScenarioError(file: path, path: "$.axes[\(spec.axes.firstIndex { $0.name == a.name }!)].path", message: error.description)
                }
            }
            let label = zip(spec.axes, values).map { "\($0.name)=\($1.label)" }.joined(separator: ", ")
            let data = (try? JSONSerialization.data(withJSONObject: doc, options: [.sortedKeys])) ?? Data()
            let scenario: Scenario
            do { scenario = try Scenario.decode(data, file: "\(path) at \(label)") } catch {
                throw ScenarioError(file: path, path: "$.axes", message: "the point \(label) is not a valid scenario: \(error.path): \(error.message)")
            }
            points.append(Point(index: points.count, values: values, scenario: scenario))
        }
        guard !points.isEmpty else { throw ScenarioError(file: path, path: "$.constraints", message: "the constraints leave no point") }
        var overrides = Array("\(replications ?? -1)|\(seed.map(String.init) ?? "-")|\(StudyReport.version)".utf8)
        overrides += sweepData + [0] + baseData
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
