import Foundation

/// A client strategy as the scenario names it: the JSON is either a kind string
/// (`"hintPull"`) or an object `{"kind": "hintPull", "name": "…", …parameters}`.
public struct StrategySpec: Decodable, Sendable {
    /// Report name (default: the kind).
    public var name: String
    /// The decoded strategy; each run copies it.
    public var prototype: any ClientStrategy

    public init(name: String, prototype: any ClientStrategy) { self.name = name; self.prototype = prototype }

    public init(from decoder: any Decoder) throws {
        if let kind = try? decoder.singleValueContainer().decode(String.self) {
            _ = try lookUpKind(kind, in: Registry.strategies.map { $0.kind }, family: "strategy", codingPath: decoder.codingPath)
            // The shorthand means the kind with every parameter at its default.
            let object = Data(#"{"kind": "\#(kind)"}"#.utf8)
            guard let decoded = try? JSONDecoder().decode(KindShorthand.self, from: object) else {
                throw decoder.invalid("strategy \"\(kind)\" takes parameters; write it as an object {\"kind\": \"\(kind)\", …}")
            }
            name = kind
            prototype = decoded.strategy
            return
        }
        prototype = try Registry.decodeStrategy(from: decoder)
        let c = try decoder.container(keyedBy: AnyCodingKey.self)
        name = try c.decodeIfPresent(String.self, forKey: AnyCodingKey("name")) ?? type(of: prototype).kind
        guard !name.isEmpty, !name.contains("/") else { throw c.invalid(AnyCodingKey("name"), "expected a non-empty name without \"/\"") }
    }
}

/// Decodes a strategy object (used for the string shorthand).
private struct KindShorthand: Decodable {
    var strategy: any ClientStrategy
    init(from decoder: any Decoder) throws { strategy = try Registry.decodeStrategy(from: decoder) }
}
