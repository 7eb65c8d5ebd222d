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
    /// GSL generator type for every stream (default `philox4x32-10`, `GeneratorType.default`).
    public var generator: GeneratorType
    /// Server, log and change schedule.
    public var server: ServerSpec
    /// Default device timeline (a variant may replace it).
    public var device: DeviceSpec
    /// Default message template for every push (a variant or change schedule may replace it).
    public var message: MessageTemplate
    /// How the app's client code behaves (a variant may replace it).
    public var client: ClientSpec
    /// The UNIX time (seconds) of t = 0, from `"start"` (`"2026-03-29T20:00:00Z"`, UTC);
    /// `nil` when absent. The recipient's local clock needs it.
    public var start: Int64?
    /// The person notified: time zone, quiet hours, other devices (a variant may replace it).
    public var recipient: RecipientSpec
    /// What the server sends per change (a variant may replace it; default `perChange`).
    public var sender: any SenderPolicy
    /// Client strategies compared, in report order.
    public var strategies: [StrategySpec]
    /// Channel variants, in report order.
    public var variants: [Variant]
    /// Many recipients sharing one server, sender and the providers' quotas (nil: one
    /// recipient per run; docs/model.md, Fleets).
    public var fleet: FleetSpec?
    /// The files it reads (`empirical` sample files, device and change traces), sorted, with their checksums
    /// (set by `Scenario.decode`; `meta.json`'s `sample_files`). Not a JSON key.
    public var sampleFiles: [SampleFile.Source] = []

    enum CodingKeys: String, CodingKey, CaseIterable {
        case name, description, seed, replications, horizon, generator, server, device, message, client, strategies, variants
        case start, recipient, sender, fleet
    }

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        name = try c.decodeFolderName(.name)
        description = try c.decodeOptional(String.self, forKey: .description) ?? ""
        seed = try c.decodeInteger(UInt64.self, .seed)
        replications = try c.decodeInt(.replications, in: 1...100_000_000)
        horizon = try c.decodeDuration(.horizon)
        guard horizon > .zero, horizon <= .longestSample else { throw c.invalid(.horizon, "expected a horizon longer than 0s and at most 36500d") }
        let generatorName = try c.decodeOptional(String.self, forKey: .generator) ?? GeneratorType.default.name
        guard let g = GeneratorType.named(generatorName) else {
            throw c.invalid(.generator, "unknown GSL generator \"\(generatorName)\"\(Suggestion.separator(for: generatorName, among: GeneratorType.allNames))"
                            + "valid: \(GeneratorType.allNames.joined(separator: ", "))")
        }
        generator = g
        server = try c.decode(ServerSpec.self, forKey: .server)

        device = try c.decodeOptional(DeviceSpec.self, forKey: .device) ?? .alwaysOnline
        message = try c.decodeOptional(MessageTemplate.self, forKey: .message) ?? .default
        client = try c.decodeOptional(ClientSpec.self, forKey: .client) ?? .instant
        if let text = try c.decodeOptional(String.self, forKey: .start) {
            guard let epoch = LocalClock.epochSeconds(utc: text) else {
                throw c.invalid(.start, "expected a UTC instant \"YYYY-MM-DDTHH:MM:SSZ\" (e.g. \"2026-03-29T20:00:00Z\"), got \"\(text)\"")
            }
            start = epoch
        }
        recipient = try c.decodeOptional(RecipientSpec.self, forKey: .recipient) ?? .default
        let registry = PluginRegistry.of(decoder)   // the kinds this file may name (JSONDecoder.userInfo)
        sender = c.contains(.sender) ? try registry.decodeSender(from: c.superDecoder(forKey: .sender)) : PerChange()
        fleet = try c.decodeOptional(FleetSpec.self, forKey: .fleet)
        strategies = try c.decode([StrategySpec].self, forKey: .strategies)
        variants = try c.decode([Variant].self, forKey: .variants)
        guard !strategies.isEmpty else { throw c.invalid(.strategies, "expected at least one strategy") }
        guard !variants.isEmpty else { throw c.invalid(.variants, "expected at least one variant") }
        try Self.requireUniqueNames(strategies.map(\.name), key: .strategies, in: c)
        try Self.requireUniqueNames(variants.map(\.name), key: .variants, in: c)
        for keys in [server.keys] + variants.compactMap({ $0.server?.keys }) where UInt(keys) > g.range {
            throw c.invalid(.generator, "generator \(g.name) draws at most \(g.range) distinct keys; a server has \(keys) (use \(GeneratorType.default.name))")
        }
        try bindRecipients(c)
        if fleet != nil {
            // A fleet builds its recipients' worlds from shared setups; a trace per replication is a lone run's.
            var traced: [(DeviceTraces?, [any CodingKey])] = [(device.traces, [CodingKeys.device])]
            for (i, v) in variants.enumerated() { traced.append((v.device?.traces, [CodingKeys.variants, AnyCodingKey(intValue: i)!, CodingKeys.device])) }
            for (i, p) in (fleet?.population.profiles ?? []).enumerated() {
                traced.append((p.device?.traces, [CodingKeys.fleet, AnyCodingKey("population"), AnyCodingKey("profiles"), AnyCodingKey(intValue: i)!,
                                                  AnyCodingKey("device")]))
            }
            if let (_, path) = traced.first(where: { $0.0 != nil }) {
                throw DecodingError.dataCorrupted(.init(codingPath: c.codingPath + path + [AnyCodingKey("trace"), AnyCodingKey("folder")],
                                                        debugDescription: "a folder of device traces is for scenarios of one recipient; a fleet takes one trace file"))
            }
            let servers = [(server, [CodingKeys.server] as [any CodingKey])]
                + variants.enumerated().compactMap { i, v in v.server.map { ($0, [CodingKeys.variants, AnyCodingKey(intValue: i)!, CodingKeys.server]) } }
            for (s, path) in servers where s.tracedPerRun {
                let i = s.changes.firstIndex { $0.traces != nil }!
                let schedule: [any CodingKey] = [AnyCodingKey("changes")] + (s.changesListed ? [AnyCodingKey(intValue: i)!] : []) + [AnyCodingKey("trace"), AnyCodingKey("folder")]
                throw DecodingError.dataCorrupted(.init(codingPath: c.codingPath + path + schedule,
                                                        debugDescription: "a folder of change traces is for scenarios of one recipient; a fleet takes one trace file"))
            }
        }
    }

    /// Gives every recipient its wall clock; quiet hours need the scenario's `start`.
    private mutating func bindRecipients(_ c: KeyedDecodingContainer<CodingKeys>) throws {
        func bind(_ r: inout RecipientSpec, at path: [any CodingKey]) throws {
            if r.quietHours != nil && start == nil {
                throw DecodingError.dataCorrupted(.init(codingPath: c.codingPath + path + [AnyCodingKey("quietHours")],
                    debugDescription: "quiet hours need the scenario's \"start\" (its UTC instant, e.g. \"2026-03-29T20:00:00Z\")"))
            }
            r.bind(startEpoch: start, horizon: horizon)
        }
        try bind(&recipient, at: [CodingKeys.recipient])
        for (i, p) in (fleet?.population.profiles ?? []).enumerated() where p.recipient != nil {
            try bind(&fleet!.population.profiles[i].recipient!, at: [CodingKeys.fleet, AnyCodingKey("population"), AnyCodingKey("profiles"),
                                                                   AnyCodingKey(intValue: i)!, AnyCodingKey("recipient")])
        }
        for i in variants.indices where variants[i].recipient != nil {
            try bind(&variants[i].recipient!, at: [CodingKeys.variants, AnyCodingKey(intValue: i)!, AnyCodingKey("recipient")])
        }
    }

    private static func requireUniqueNames(_ names: [String], key: CodingKeys, in c: KeyedDecodingContainer<CodingKeys>) throws {
        for (i, n) in names.enumerated() where names[..<i].contains(n) {
            throw DecodingError.dataCorrupted(.init(codingPath: c.codingPath + [key, AnyCodingKey(intValue: i)!],
                                                    debugDescription: "duplicate name \"\(n)\"; names must be unique"))
        }
    }
}
