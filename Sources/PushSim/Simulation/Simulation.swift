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
        let streams = RandomStreams(generator: scenario.generator, seed: scenario.seed, replication: id.replication)
        return Self.simulate(channel: scenario.variants[id.variant].channel, strategy: scenario.strategies[id.strategy].prototype,
                             setup: setup(variant: id.variant), streams: streams)
    }

    /// What a run of variant `index` uses besides its channel and strategy: the variant's
    /// server, device, client and message (or the scenario's), and the horizon.
    func setup(variant index: Int) -> Setup {
        let variant = scenario.variants[index]
        let server = variant.server ?? scenario.server
        let message = variant.message ?? scenario.message
        return Setup(server: server, device: variant.device ?? scenario.device, client: variant.client ?? scenario.client,
                     templates: server.changes.map { $0.message ?? message }, horizon: .zero + scenario.horizon)
    }

    /// Everything a run needs besides its channel, strategy and streams.
    struct Setup {
        var server: ServerSpec
        var device: DeviceSpec
        var client: ClientSpec
        var templates: [MessageTemplate]
        var horizon: SimTime
    }

    /// The specialised entry point: channel and strategy types are concrete from here on.
    static func simulate<C: PushChannel, S: ClientStrategy>(channel: C, strategy: S, setup: Setup, streams: RandomStreams) -> RunOutcome {
        var world = World(server: setup.server, device: setup.device, client: setup.client, templates: setup.templates,
                          channel: channel, strategy: strategy, streams: streams, horizon: setup.horizon)
        return world.run(until: setup.horizon)
    }
}
