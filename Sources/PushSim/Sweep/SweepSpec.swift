import Foundation

/// A parameter study (JSON under `Scenarios/sweeps/`): a base scenario plus axes, each a
/// path into the scenario and a list or range of values, combined as a grid or zipped.
///
/// ```json
/// {"name": "loss-rate", "base": "../push-hint-study.json", "replications": 300,
///  "variants": ["lossy"], "combine": "grid",
///  "axes": [{"name": "loss", "path": "variants[lossy].channel.loss",
///            "range": {"from": 0, "to": 0.6, "step": 0.1}}],
///  "constraints": [{"axis": "a", "op": "<=", "other": "b"}]}
/// ```
/// `base` is relative to the sweep file. `replications`, `seed`, `horizon`, `strategies`
/// and `variants` (a subset of the base's variant names) override the base scenario.
public struct SweepSpec: Decodable, Sendable {
    public var name: String
    public var description: String
    public var base: String
    public var replications: Int?
    public var seed: UInt64?
    public var horizon: String?
    public var variants: [String]?
    public var strategies: JSONValue?
    public var combine: Combine
    public var axes: [Axis]
    public var constraints: [Constraint]
    /// The `summary.csv` column the compare plot draws first against the first axis (with its
    /// interval when it has `<metric>_ci_low`/`_ci_high`); default `convergence_rate`.
    public var metric: String = "convergence_rate"
    /// The `summary.csv` column the cost plot draws on x against staleness (and the compare
    /// plot last); default `mean_pulls`.
    public var cost: String = "mean_pulls"

    public enum Combine: String, Sendable, CaseIterable, Decodable { case grid, zip }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case name, description, base, replications, seed, horizon, variants, strategies, combine, axes, constraints, metric, cost
    }

    /// A sweep from its parts, for plans built in code (`SweepPlan.init(spec:file:points:fingerprint:)`);
    /// unlike decoding, it checks nothing.
    public init(name: String, description: String = "", base: String = "", replications: Int? = nil, seed: UInt64? = nil,
                horizon: String? = nil, variants: [String]? = nil, strategies: JSONValue? = nil, combine: Combine = .grid,
                axes: [Axis], constraints: [Constraint] = []) {
        self.name = name; self.description = description; self.base = base; self.replications = replications
        self.seed = seed; self.horizon = horizon; self.variants = variants; self.strategies = strategies
        self.combine = combine; self.axes = axes; self.constraints = constraints
    }

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        name = try c.decodeFolderName(.name)
        description = try c.decodeOptional(String.self, forKey: .description) ?? ""
        base = try c.decode(String.self, forKey: .base)
        replications = c.contains(.replications) ? try c.decodeInt(.replications, in: 1...100_000_000) : nil
        seed = c.contains(.seed) ? try c.decodeInteger(UInt64.self, .seed) : nil
        if c.contains(.horizon) { _ = try c.decodeDuration(.horizon); horizon = try c.decode(String.self, forKey: .horizon) }
        variants = try c.decodeOptional([String].self, forKey: .variants)
        if variants?.isEmpty == true {
            throw c.invalid(.variants, "expected at least one of the base's variant names (or leave \"variants\" out for all of them)")
        }
        strategies = try c.decodeOptional(JSONValue.self, forKey: .strategies)
        if let s = strategies {
            // What replaces the base's "strategies": a non-empty list (its elements are checked in every point).
            guard case let .array(list) = s else { throw c.invalid(.strategies, "expected a list of strategies") }
            guard !list.isEmpty else { throw c.invalid(.strategies, "expected at least one strategy (or leave \"strategies\" out for the base's)") }
        }
        combine = try c.decodeEnum(.combine, default: .grid)
        axes = try c.decode([Axis].self, forKey: .axes)
        guard !axes.isEmpty else { throw c.invalid(.axes, "expected at least one axis") }
        for (i, a) in axes.enumerated() where axes[..<i].contains(where: { $0.name == a.name }) {
            throw DecodingError.dataCorrupted(.init(codingPath: c.codingPath + [CodingKeys.axes, AnyCodingKey(intValue: i)!, AnyCodingKey("name")],
                                                    debugDescription: "duplicate axis name \"\(a.name)\""))
        }
        if let (i, message) = Self.columnCollision(axes) {
            throw DecodingError.dataCorrupted(.init(codingPath: c.codingPath + [CodingKeys.axes, AnyCodingKey(intValue: i)!, AnyCodingKey("name")],
                                                    debugDescription: message))
        }
        if combine == .zip, let n = axes.first?.values.count, let bad = axes.firstIndex(where: { $0.values.count != n }) {
            throw DecodingError.dataCorrupted(.init(codingPath: c.codingPath + [CodingKeys.axes, AnyCodingKey(intValue: bad)!],
                debugDescription: "zipped axes need the same number of values (\(n) in the first, \(axes[bad].values.count) here)"))
        }
        let gridSize = axes.reduce(1.0) { $0 * Double($1.values.count) }
        guard combine == .zip || gridSize <= 100_000 else { throw c.invalid(.axes, "the grid has \(Int(gridSize)) points; at most 100,000") }
        constraints = try c.decodeOptional([Constraint].self, forKey: .constraints) ?? []
        for key in [CodingKeys.metric, .cost] where c.contains(key) {
            let name = try c.decode(String.self, forKey: key)
            guard Self.plottable.contains(name) else {
                throw c.invalid(key, "\"\(name)\" is no numeric column of summary.csv (e.g. convergence_rate, mean_pulls, mean_resets, "
                                    + "mean_freshness_p95_s; pushsim columns lists them) nor a fleet measure (docs/csv.md, fleet.csv)")
            }
            if key == .metric { metric = name } else { cost = name }
        }
        for (i, k) in constraints.enumerated() {
            for name in [k.axis, k.other] where !axes.contains(where: { $0.name == name }) {
                throw DecodingError.dataCorrupted(.init(codingPath: c.codingPath + [CodingKeys.constraints, AnyCodingKey(intValue: i)!],
                    debugDescription: "no axis named \"\(name)\"\(Suggestion.separator(for: name, among: axes.map(\.name)))axes: "
                                    + axes.map(\.name).joined(separator: ", ")))
            }
        }
    }

    /// The `summary.csv` columns a plot may draw: every one but the cell's keys and text columns.
    static var plottable: Set<String> {
        Set(SummaryLayout.shared.outputs.filter { !$0.type.contains("text") && !["variant", "strategy"].contains($0.name) }.map(\.name))
            .union(FleetColumns.measures.map(\.name))   // a fleet sweep's measures (fleet-summary.csv means)
    }

    /// The axis columns of the reports, in axis order (`Axis.columns`).
    public var axisColumns: [String] { axes.flatMap(\.columns) }

    /// The first axis whose report column (its name, or `<name>_s` of a duration axis)
    /// is also another column of `runs.csv`, `summary.csv` or `paired.csv` (or another
    /// axis's), with the message naming both; nil when every name is free.
    static func columnCollision(_ axes: [Axis]) -> (Int, String)? {
        let reserved: [(String, [String])] = [("runs.csv", ["run_id", "point"] + RunsTable.columns),
                                              ("summary.csv", SummaryTable.columns), ("paired.csv", PairedTable.columns)]
        var taken: [String: String] = [:]
        for (file, names) in reserved.reversed() { for n in names { taken[n] = "the column \"\(n)\" of \(file)" } }
        for (i, axis) in axes.enumerated() {
            for column in axis.columns {
                if let other = taken[column] {
                    let what = column == axis.name ? "axis name \"\(axis.name)\"" : "axis \"\(axis.name)\"'s seconds column \"\(column)\""
                    return (i, "\(what) collides with \(other); give the axis another \"name\" (e.g. \"\(axis.name)_axis\")")
                }
            }
            // Every axis reserves `<name>_s` (plots and readers take a column `<name>_s` right after an
            // axis for its seconds), whether or not it is a duration axis.
            for column in [axis.name, axis.name + "_s"] { taken[column] = "the column \"\(column)\" of axis \"\(axis.name)\"" }
        }
        return nil
    }
}
