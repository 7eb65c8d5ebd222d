import Foundation

/// One swept parameter: a name (a column in the reports), a path into the scenario, and
/// its values, given as a list or a range (`from`, `to`, and `step` or `factor`; with
/// `unit`, each value becomes a duration string such as `"30m"`).
public struct Axis: Decodable, Sendable {
    public var name: String
    public var path: JSONPath
    /// The values, in order (at least one).
    public var values: [JSONValue] { didSet { isDuration = Self.allDurations(values) } }

    /// An axis from its parts (at least one value), for sweeps built in code.
    public init(name: String, path: JSONPath, values: [JSONValue]) {
        precondition(!values.isEmpty, "an axis needs at least one value")
        self.name = name; self.path = path; self.values = values
        isDuration = Self.allDurations(values)
    }

    /// Whether every value is a duration string (`"30m"`, `"1.5s"`): the reports then carry
    /// a numeric `<name>_s` column (seconds, six decimals) beside the axis's own column.
    /// Kept with the values (every point's report row asks it: recomputing it parsed every
    /// value per point, quadratic in the values of a duration axis).
    public private(set) var isDuration: Bool

    private static func allDurations(_ values: [JSONValue]) -> Bool {
        values.allSatisfy { if case .string(let s) = $0 { (try? SimDuration(parsing: s)) != nil } else { false } }
    }

    /// The report columns of this axis: its name, and `<name>_s` for a duration axis.
    public var columns: [String] { isDuration ? [name, name + "_s"] : [name] }

    /// The fields of `value` under `columns`: its label, and its seconds for a duration axis.
    func fields(_ value: JSONValue) -> [String] {
        guard isDuration, case .string(let s) = value, let d = try? SimDuration(parsing: s) else { return [value.label] }
        return [value.label, SecondsFormat.string(d.microseconds)]
    }

    enum CodingKeys: String, CodingKey, CaseIterable { case name, path, values, range }
    enum RangeKeys: String, CodingKey, CaseIterable { case from, to, step, factor, unit }

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let text = try c.decode(String.self, forKey: .path)
        do { path = try JSONPath(text) } catch { throw c.invalid(.path, error.description) }
        name = try c.decodeOptional(String.self, forKey: .name) ?? text
        guard !name.isEmpty else { throw c.invalid(.name, "expected a non-empty axis name (it heads a column of the reports)") }
        if c.contains(.values) == c.contains(.range) { throw decoder.invalid("give \"values\" (a list) or \"range\", not both or neither") }
        if c.contains(.values) {
            values = try c.decode([JSONValue].self, forKey: .values)
            guard !values.isEmpty else { throw c.invalid(.values, "expected at least one value") }
            isDuration = Self.allDurations(values)
            return
        }
        let r = try c.superDecoder(forKey: .range)
        try r.rejectUnknownKeys(RangeKeys.self)
        let rc = try r.container(keyedBy: RangeKeys.self)
        let from = try rc.decodeDouble(.from, in: -1e15...1e15), to = try rc.decodeDouble(.to, in: -1e15...1e15)
        let unit = try rc.decodeOptional(String.self, forKey: .unit)
        if let unit, !SimDuration.units.contains(where: { $0.name == unit }) {
            let hint = SimDuration.unitName(for: unit).map { "did you mean \"\($0)\"? " } ?? ""
            throw rc.invalid(.unit, "unknown unit \"\(unit)\"; \(hint)units: us, ms, s, m, h, d")
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
        isDuration = Self.allDurations(values)
    }
}
