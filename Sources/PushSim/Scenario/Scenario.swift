import Foundation

/// A study: one server and device setup, several channel variants, several client
/// strategies, run for `replications` seeded replications each.
///
/// Every (variant, strategy, replication) is one run. All strategies of one (variant,
/// replication) draw from identically seeded named streams, so they meet the same channel
/// and device randomness (common random numbers). See docs/model.md for the JSON schema.
public struct Scenario: Decodable, Sendable {
    /// Short name, used for the default results folder.
    public var name: String
    /// Free text.
    public var description: String
    /// Scenario seed (any UInt64); stream seeds derive from it (`StreamSeed.derive`).
    public var seed: UInt64
    /// Replications per (variant, strategy), 1 … 100,000,000.
    public var replications: Int
    /// Simulated time each run covers; events after it do not run.
    public var horizon: SimDuration
    /// GSL generator type for every stream (default `mt19937`).
    public var generator: GeneratorType
    /// Server, log and change schedule.
    public var server: ServerSpec
    /// Default device timeline (a variant may replace it).
    public var device: DeviceSpec
    /// Default message template for every push (a variant or change schedule may replace it).
    public var message: MessageTemplate
    /// How pulls behave (a variant may replace it).
    public var client: ClientSpec
    /// Client strategies compared, in report order.
    public var strategies: [StrategySpec]
    /// Channel variants, in report order.
    public var variants: [Variant]

    enum CodingKeys: String, CodingKey, CaseIterable {
        case name, description, seed, replications, horizon, generator, server, device, message, client, strategies, variants
    }

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        name = try c.decodeFolderName(.name)
        description = try c.decodeIfPresent(String.self, forKey: .description) ?? ""
        seed = try c.decodeInteger(UInt64.self, .seed)
        replications = try c.decodeInt(.replications, in: 1...100_000_000)
        horizon = try c.decodeDuration(.horizon)
        guard horizon > .zero, horizon <= .longestSample else { throw c.invalid(.horizon, "expected a horizon longer than 0s and at most 36500d") }
        let generatorName = try c.decodeIfPresent(String.self, forKey: .generator) ?? "mt19937"
        guard let g = GeneratorType.named(generatorName) else {
            throw c.invalid(.generator, "unknown GSL generator \"\(generatorName)\"; valid: \(GeneratorType.allNames.joined(separator: ", "))")
        }
        generator = g
        server = try c.decode(ServerSpec.self, forKey: .server)

        device = try c.decodeIfPresent(DeviceSpec.self, forKey: .device) ?? .alwaysOnline
        message = try c.decodeIfPresent(MessageTemplate.self, forKey: .message) ?? .default
        client = try c.decodeIfPresent(ClientSpec.self, forKey: .client) ?? .instant
        strategies = try c.decode([StrategySpec].self, forKey: .strategies)
        variants = try c.decode([Variant].self, forKey: .variants)
        guard !strategies.isEmpty else { throw c.invalid(.strategies, "expected at least one strategy") }
        guard !variants.isEmpty else { throw c.invalid(.variants, "expected at least one variant") }
        try Self.requireUniqueNames(strategies.map(\.name), key: .strategies, in: c)
        try Self.requireUniqueNames(variants.map(\.name), key: .variants, in: c)
        for keys in [server.keys] + variants.compactMap({ $0.server?.keys }) where UInt(keys) > g.range {
            throw c.invalid(.generator, "generator \(g.name) draws at most \(g.range) distinct keys; a server has \(keys) (use mt19937)")
        }
    }

    private static func requireUniqueNames(_ names: [String], key: CodingKeys, in c: KeyedDecodingContainer<CodingKeys>) throws {
        for (i, n) in names.enumerated() where names[..<i].contains(n) {
            throw DecodingError.dataCorrupted(.init(codingPath: c.codingPath + [key, AnyCodingKey(intValue: i)!],
                                                    debugDescription: "duplicate name \"\(n)\"; names must be unique"))
        }
    }
}
