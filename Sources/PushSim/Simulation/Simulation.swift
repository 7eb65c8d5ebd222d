/// Runs the replications of a scenario.
///
/// Run `i` of `runCount` is (variant, strategy, replication) in scenario order: variants,
/// then strategies, then replications. Each run builds its world from the scenario alone
/// plus streams seeded by (scenario seed, replication, stream name), so a run's outcome
/// does not depend on which thread runs it or on what ran before.
public struct Simulation: Sendable {
    public let scenario: Scenario

    public init(scenario: Scenario) { self.scenario = scenario }

    /// Identifies one run.
    public struct RunID: Hashable, Sendable {
        public var variant: Int
        public var strategy: Int
        public var replication: Int
    }

    /// variants × strategies × replications.
    public var runCount: Int { scenario.variants.count * scenario.strategies.count * scenario.replications }

    /// The run at position `index` (0 ..< runCount) of the report order.
    public func runID(at index: Int) -> RunID {
        let r = scenario.replications, s = scenario.strategies.count
        return RunID(variant: index / (r * s), strategy: (index / r) % s, replication: index % r)
    }

    /// Runs one replication.
    public func run(_ id: RunID) -> RunOutcome {
        let variant = scenario.variants[id.variant]
        let streams = RandomStreams(generator: scenario.generator, seed: scenario.seed, replication: id.replication)
        return Self.simulate(channel: variant.channel, strategy: scenario.strategies[id.strategy].prototype,
                             server: variant.server ?? scenario.server, device: variant.device ?? scenario.device,
                             streams: streams, horizon: .zero + scenario.horizon)
    }

    /// The specialised entry point: channel and strategy types are concrete from here on.
    static func simulate<C: PushChannel, S: ClientStrategy>(channel: C, strategy: S, server: ServerSpec, device: DeviceSpec,
                                                           streams: RandomStreams, horizon: SimTime) -> RunOutcome {
        var world = World(server: server, device: device, channel: channel, strategy: strategy, streams: streams)
        return world.run(until: horizon)
    }
}
