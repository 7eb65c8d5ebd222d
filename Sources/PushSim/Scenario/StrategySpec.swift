/// A client strategy as the scenario names it: the JSON is either a kind string
/// (`"hintPull"`) or an object `{"kind": "hintPull", "name": "…", …parameters}`.
public struct StrategySpec: Decodable, Sendable {
    /// Report name (default: the kind).
    public var name: String
    /// The decoded strategy; each run copies it.
    public var prototype: any ClientStrategy

    public init(name: String, prototype: any ClientStrategy) { self.name = name; self.prototype = prototype }

    /// Decodes the strategy with the decoder's registry (`PluginRegistry.of(decoder)`).
    public init(from decoder: any Decoder) throws {
        prototype = try PluginRegistry.of(decoder).decodeStrategy(from: decoder)
        if (try? decoder.singleValueContainer().decode(String.self)) != nil {
            name = type(of: prototype).kind
            return
        }
        let c = try decoder.container(keyedBy: AnyCodingKey.self)
        name = try c.decodeOptional(String.self, forKey: AnyCodingKey("name")) ?? type(of: prototype).kind
        guard !name.isEmpty, !name.contains("/") else { throw c.invalid(AnyCodingKey("name"), "expected a non-empty name without \"/\"") }
    }
}
