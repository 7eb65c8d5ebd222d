/// Runs the replications of a scenario.
///
/// Run `i` of `runCount` is (replication, variant, strategy) in report order: replications
/// ascending, then variants, then strategies in scenario order. Each run builds its world
/// from the scenario alone plus streams seeded by (scenario seed, replication, stream
/// name), so a run's outcome does not depend on which thread runs it or on what ran
/// before. Replication-major order puts the runs that share seeded stream states next to
/// each other, so a worker's `GeneratorCache` seeds each state once per replication.
public struct Simulation: Sendable {
    public let scenario: Scenario

    /// Per variant, what its runs use besides channel, strategy and streams (built once).
    private let setups: [Setup]

    public init(scenario: Scenario) {
        self.scenario = scenario
        setups = scenario.variants.indices.map { Self.setup(scenario, variant: $0) }
    }

    /// Identifies one run.
    public struct RunID: Hashable, Sendable {
        public var variant: Int
        public var strategy: Int
        public var replication: Int
    }

    /// variants × strategies × replications.
    public var runCount: Int { scenario.variants.count * scenario.strategies.count * scenario.replications }

    /// variants × strategies: the runs of one replication.
    public var cellCount: Int { scenario.variants.count * scenario.strategies.count }

    /// The run at position `index` (0 ..< runCount) of the report order.
    public func runID(at index: Int) -> RunID {
        let s = scenario.strategies.count, cells = cellCount
        return RunID(variant: (index % cells) / s, strategy: index % s, replication: index / cells)
    }

    /// Runs one replication.
    /// - Parameter cache: the calling worker's generator cache (same outcome with or without).
    public func run(_ id: RunID, cache: GeneratorCache? = nil) -> RunOutcome {
        let streams = RandomStreams(generator: scenario.generator, seed: scenario.seed, replication: id.replication, cache: cache)
        return Self.simulate(channel: scenario.variants[id.variant].channel, strategy: scenario.strategies[id.strategy].prototype,
                             setup: setups[id.variant], streams: streams)
    }

    /// What a run of variant `index` uses besides its channel and strategy: the variant's
    /// server, device, client, message, recipient and sender (or the scenario's), and the
    /// horizon.
    func setup(variant index: Int) -> Setup { setups[index] }

    private static func setup(_ scenario: Scenario, variant index: Int) -> Setup {
        let variant = scenario.variants[index]
        let server = variant.server ?? scenario.server
        let message = variant.message ?? scenario.message
        return Setup(server: server, device: variant.device ?? scenario.device, client: variant.client ?? scenario.client,
                     templates: server.changes.map { $0.message ?? message }, horizon: .zero + scenario.horizon,
                     recipient: variant.recipient ?? scenario.recipient, sender: variant.sender ?? scenario.sender)
    }

    /// Everything a run needs besides its channel, strategy and streams.
    struct Setup: Sendable {
        var server: ServerSpec
        var device: DeviceSpec
        var client: ClientSpec
        var templates: [MessageTemplate]
        var horizon: SimTime
        var recipient: RecipientSpec
        var sender: any SenderPolicy
    }

    /// The specialised entry point: channel, strategy and sender types are concrete from
    /// here on.
    static func simulate<C: PushChannel, S: ClientStrategy>(channel: C, strategy: S, setup: Setup, streams: RandomStreams) -> RunOutcome {
        func run<P: SenderPolicy>(_ sender: P) -> RunOutcome {
            var world = World(server: setup.server, device: setup.device, client: setup.client, templates: setup.templates,
                              channel: channel, strategy: strategy, sender: sender, recipient: setup.recipient,
                              streams: streams, horizon: setup.horizon)
            return world.run(until: setup.horizon)
        }
        return run(setup.sender)
    }
}
