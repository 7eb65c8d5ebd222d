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

    public enum Combine: String, Sendable, CaseIterable, Decodable { case grid, zip }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case name, description, base, replications, seed, horizon, variants, strategies, combine, axes, constraints
    }

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        name = try c.decodeFolderName(.name)
        description = try c.decodeIfPresent(String.self, forKey: .description) ?? ""
        base = try c.decode(String.self, forKey: .base)
        replications = c.contains(.replications) ? try c.decodeInt(.replications, in: 1...100_000_000) : nil
        seed = c.contains(.seed) ? try c.decodeInteger(UInt64.self, .seed) : nil
        if c.contains(.horizon) { _ = try c.decodeDuration(.horizon); horizon = try c.decode(String.self, forKey: .horizon) }
        variants = try c.decodeIfPresent([String].self, forKey: .variants)
        strategies = try c.decodeIfPresent(JSONValue.self, forKey: .strategies)
        combine = try c.decodeEnum(.combine, default: .grid)
        axes = try c.decode([Axis].self, forKey: .axes)
        guard !axes.isEmpty else { throw c.invalid(.axes, "expected at least one axis") }
        for (i, a) in axes.enumerated() where axes[..<i].contains(where: { $0.name == a.name }) {
            throw DecodingError.dataCorrupted(.init(codingPath: c.codingPath + [CodingKeys.axes, AnyCodingKey(intValue: i)!, AnyCodingKey("name")],
                                                    debugDescription: "duplicate axis name \"\(a.name)\""))
        }
        if combine == .zip, let n = axes.first?.values.count, let bad = axes.firstIndex(where: { $0.values.count != n }) {
            throw DecodingError.dataCorrupted(.init(codingPath: c.codingPath + [CodingKeys.axes, AnyCodingKey(intValue: bad)!],
                debugDescription: "zipped axes need the same number of values (\(n) in the first, \(axes[bad].values.count) here)"))
        }
        let gridSize = axes.reduce(1.0) { $0 * Double($1.values.count) }
        guard combine == .zip || gridSize <= 100_000 else { throw c.invalid(.axes, "the grid has \(Int(gridSize)) points; at most 100,000") }
        constraints = try c.decodeIfPresent([Constraint].self, forKey: .constraints) ?? []
        for (i, k) in constraints.enumerated() {
            for name in [k.axis, k.other] where !axes.contains(where: { $0.name == name }) {
                throw DecodingError.dataCorrupted(.init(codingPath: c.codingPath + [CodingKeys.constraints, AnyCodingKey(intValue: i)!],
                    debugDescription: "no axis named \"\(name)\"; axes: \(axes.map(\.name).joined(separator: ", "))"))
            }
        }
    }
}

/// One swept parameter: a name (a column in the reports), a path into the scenario, and
/// its values, given as a list or a range (`from`, `to`, and `step` or `factor`; with
/// `unit`, each value becomes a duration string such as `"30m"`).
public struct Axis: Decodable, Sendable {
    public var name: String
    public var path: JSONPath
    public var values: [JSONValue]

    enum CodingKeys: String, CodingKey, CaseIterable { case name, path, values, range }
    enum RangeKeys: String, CodingKey, CaseIterable { case from, to, step, factor, unit }

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let text = try c.decode(String.self, forKey: .path)
        do { path = try JSONPath(text) } catch { throw c.invalid(.path, error.description) }
        name = try c.decodeIfPresent(String.self, forKey: .name) ?? text
        if c.contains(.values) == c.contains(.range) { throw decoder.invalid("give \"values\" (a list) or \"range\", not both or neither") }
        if c.contains(.values) {
            values = try c.decode([JSONValue].self, forKey: .values)
            guard !values.isEmpty else { throw c.invalid(.values, "expected at least one value") }
            return
        }
        let r = try c.superDecoder(forKey: .range)
        try r.rejectUnknownKeys(RangeKeys.self)
        let rc = try r.container(keyedBy: RangeKeys.self)
        let from = try rc.decodeDouble(.from, in: -1e15...1e15), to = try rc.decodeDouble(.to, in: -1e15...1e15)
        let unit = try rc.decodeIfPresent(String.self, forKey: .unit)
        if let unit, !SimDuration.units.contains(where: { $0.name == unit }) {
            throw rc.invalid(.unit, "unknown unit \"\(unit)\"; units: us, ms, s, m, h, d")
        }
        var numbers: [Double] = []
        if rc.contains(.step) == rc.contains(.factor) { throw r.invalid("give \"step\" or \"factor\"") }
        if rc.contains(.step) {
            let step = try rc.decodePositive(.step)
            let count = ((to - from) / step + 1e-9).rounded(.down)
            guard count >= 0, count < 100_000 else { throw rc.invalid(.to, "\"to\" must not be below \"from\", and a range has at most 100,000 values") }
            let n = Int(count)
            numbers = (0...n).map { from + Double($0) * step }
            numbers = numbers.map { ($0 * 1e9).rounded() / 1e9 }   // 0.1 * 3 = 0.30000000000000004 → 0.3
        } else {
            let factor = try rc.decodeDouble(.factor, in: 1.000001...1e6)
            guard from > 0, to >= from else { throw rc.invalid(.from, "a geometric range needs 0 < from ≤ to") }
            guard (log(to / from) / log(factor)).rounded(.down) < 100_000 else {
                throw rc.invalid(.factor, "a range has at most 100,000 values")
            }
            var x = from
            while x <= to * (1 + 1e-12) { numbers.append(x); x *= factor }
        }
        values = numbers.map { x in unit.map { u in JSONValue.string(JSONValue.format(x) + u) } ?? .number(x) }
    }
}

/// `axis op other`, with `op` one of `<`, `<=`, `==`, `!=`, `>=`, `>`; points whose two
/// axis values (numbers, or duration strings compared as durations) fail it are skipped.
public struct Constraint: Decodable, Sendable {
    public var axis: String
    public var op: String
    public var other: String

    enum CodingKeys: String, CodingKey, CaseIterable { case axis, op, other }

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        axis = try c.decode(String.self, forKey: .axis)
        op = try c.decode(String.self, forKey: .op)
        other = try c.decode(String.self, forKey: .other)
        guard ["<", "<=", "==", "!=", ">=", ">"].contains(op) else { throw c.invalid(.op, "expected one of < <= == != >= >") }
    }

    /// Whether the pair of values satisfies the constraint.
    public func holds(_ a: JSONValue, _ b: JSONValue) -> Bool {
        func magnitude(_ v: JSONValue) -> Double? {
            if let d = v.number { return d }
            if case let .string(s) = v, let d = try? SimDuration(parsing: s) { return Double(d.microseconds) }
            return nil
        }
        guard let x = magnitude(a), let y = magnitude(b) else { return op == "==" ? a == b : op == "!=" ? a != b : false }
        switch op {
        case "<": return x < y
        case "<=": return x <= y
        case "==": return x == y
        case "!=": return x != y
        case ">=": return x >= y
        default: return x > y
        }
    }
}
