import Foundation

/// Whether a JSON file is a scenario or a sweep, told by its top-level keys alone: a sweep
/// has `"axes"` or `"base"`, which no scenario has; a scenario has a key no sweep has (such
/// as `"server"`). `Scenario.load` and `SweepPlan.load` use it to say "a sweep file, not a
/// scenario" (and the other way round) instead of `unknown key "axes"`.
public enum ScenarioFileKind: Equatable, Sendable {
    /// A sweep file; `key` is the top-level key that tells (`"axes"`, else `"base"`).
    case sweep(key: String)
    /// A scenario file; `key` is the first top-level key (in declaration order) no sweep has.
    case scenario(key: String)
    /// Not a JSON object, or an object with none of the telling keys.
    case unknown

    /// The kind of the JSON in `data` (`.unknown` when it is not JSON or fails
    /// `StrictJSON.check`, whose error the loaders then report).
    public init(json data: Data) {
        guard let keys = try? StrictJSON.check(data, file: "") else { self = .unknown; return }
        self.init(topLevelKeys: keys)
    }

    /// The kind of a JSON object with these top-level keys (`StrictJSON.check`'s result).
    init(topLevelKeys: [String]) {
        let o = Set(topLevelKeys)
        if let k = ["axes", "base"].first(where: { o.contains($0) }) { self = .sweep(key: k); return }
        let sweepKeys = Set(SweepSpec.CodingKeys.allCases.map(\.stringValue))
        if let k = Scenario.CodingKeys.allCases.map(\.stringValue).first(where: { !sweepKeys.contains($0) && o.contains($0) }) {
            self = .scenario(key: k)
            return
        }
        self = .unknown
    }
}
