import Synchronization

/// Runs the replications of a scenario.
///
/// Run `i` of `runCount` is (replication, variant, strategy) in report order: replications
/// ascending, then variants, then strategies in scenario order. A run's world depends on
/// the scenario alone plus streams determined by (scenario seed, replication, stream
/// name), so its outcome does not depend on which thread runs it or on what ran before
/// (a worker's `RunWorkspace` reuses worlds; they are reset to exactly that state).
/// Replication-major order puts the runs that share seeded stream states next to each
/// other, so under a seeded generator a worker's `GeneratorCache` seeds each state once
/// per replication.
public struct Simulation: Sendable {
    public let scenario: Scenario
    /// `--shuffle-ties SEED`: events equal in (time, class, rank) run in a pseudo-random order
    /// drawn from the `kernel.ties` stream of (SEED, replication) instead of FIFO; nil
    /// (default): FIFO. Ranks (e.g. the drawn arrival order of push copies) are kept.
    public var shuffleTies: UInt64?

    /// Per variant, what its runs use besides channel, strategy and streams (built once).
    private let setups: [Setup]
    /// Unique per `init` in the process (copies share it): the `RunWorkspace` that serves
    /// this simulation checks it, so a workspace is never handed another simulation's runs.
    let identity: UInt64

    public init(scenario: Scenario, shuffleTies: UInt64? = nil) {
        self.scenario = scenario
        self.shuffleTies = shuffleTies
        identity = simulationIdentities.wrappingAdd(1, ordering: .relaxed).newValue
        setups = scenario.variants.indices.map { Self.setup(scenario, variant: $0) }
    }

    /// Identifies one run.
    public struct RunID: Hashable, Sendable {
        public var variant: Int
        public var strategy: Int
        public var replication: Int

        public init(variant: Int, strategy: Int, replication: Int) {
            self.variant = variant; self.strategy = strategy; self.replication = replication
        }
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
    public func run(_ id: RunID, cache: GeneratorCache? = nil) -> RunOutcome { run(id, cache: cache, trace: NoTrace()).outcome }

    /// Runs one replication in a worker's `workspace`: the cell's world reused (reset) when
    /// the workspace has one. The same outcome as `run(_:)`.
    /// - Precondition: `workspace` has served no other `Simulation` (one per simulation).
    public func run(_ id: RunID, workspace: RunWorkspace) -> RunOutcome {
        // A run of a trace folder's device is built for its trace: no world to reuse.
        if setups[id.variant].device.traces != nil || setups[id.variant].server.tracedPerRun {
            return run(id, cache: workspace.cache, trace: NoTrace()).outcome
        }
        let salt = shuffleTies.map { Self.tieSalt(seed: $0, replication: id.replication, generator: scenario.generator) } ?? 0
        return workspace.run(id, of: self, tieSalt: salt) { streams in
            var setup = setups[id.variant]
            setup.tieSalt = salt
            return Self.world(channel: scenario.variants[id.variant].channel, strategy: scenario.strategies[id.strategy].prototype,
                              setup: setup, streams: streams, trace: NoTrace())
        }
    }

    /// Runs one replication and records everything that happens in it: the same run as
    /// `run(_:)`, with a trace of it.
    public func trace(_ id: RunID) -> (outcome: RunOutcome, trace: RunTrace) {
        let server = setup(variant: id.variant).server
        let (outcome, tracer) = run(id, cache: nil, trace: RunTracer(stageNames: server.changes.map { $0.stages?.map(\.name) }))
        return (outcome, RunTrace(records: tracer.records, fingerprint: outcome.fingerprint))
    }

    /// Runs one replication and keeps its messages' rows (`messages.csv`): the same run as
    /// `run(_:)`, in a fresh world (a traced world is not reused).
    public func messages(_ id: RunID, cache: GeneratorCache? = nil) -> (outcome: RunOutcome, rows: [MessageRow]) {
        let (outcome, sink) = run(id, cache: cache, trace: MessageSink())
        return (outcome, sink.finished())
    }

    private func run<T: TraceSink>(_ id: RunID, cache: GeneratorCache?, trace: T) -> (outcome: RunOutcome, trace: T) {
        let streams = RandomStreams(generator: scenario.generator, seed: scenario.seed, replication: id.replication, cache: cache)
        var setup = setups[id.variant]
        if let shuffleTies { setup.tieSalt = Self.tieSalt(seed: shuffleTies, replication: id.replication, generator: scenario.generator) }
        setup.device = setup.device.forRun(replication: id.replication, streams: streams)
        setup.server = setup.server.forRun(replication: id.replication, streams: streams)
        return Self.simulate(channel: scenario.variants[id.variant].channel, strategy: scenario.strategies[id.strategy].prototype,
                             setup: setup, streams: streams, trace: trace)
    }

    /// The tie-order salt of one replication: 64 bits from the `kernel.ties` stream of a
    /// `RandomStreams` seeded with the shuffle seed (never 0, which means FIFO).
    static func tieSalt(seed: UInt64, replication: Int, generator: GeneratorType) -> UInt64 {
        let stream = RandomStreams(generator: generator, seed: seed, replication: replication).stream(StreamName.kernelTies)
        let high = UInt64(stream.uniformInt(below: (1 << 32) - 1)), low = UInt64(stream.uniformInt(below: (1 << 32) - 1))
        return (high << 32 | low) | 1
    }

    /// What a run of variant `index` uses besides its channel and strategy: the variant's
    /// server, device, client, message, recipient and sender (or the scenario's), and the
    /// horizon.
    func setup(variant index: Int) -> Setup { setups[index] }

    private static func setup(_ scenario: Scenario, variant index: Int) -> Setup {
        let variant = scenario.variants[index]
        let server = variant.server ?? scenario.server
        let message = variant.message ?? scenario.message
        let templates = server.changes.map { $0.message ?? message }
        return Setup(server: server, device: variant.device ?? scenario.device, client: variant.client ?? scenario.client,
                     templates: templates, notifies: zip(server.changes, templates).map { $0.notifies(with: $1) },
                     horizon: .zero + scenario.horizon,
                     recipient: variant.recipient ?? scenario.recipient, sender: variant.sender ?? scenario.sender)
    }

    /// Everything a run needs besides its channel, strategy and streams.
    struct Setup: Sendable {
        var server: ServerSpec
        var device: DeviceSpec
        var client: ClientSpec
        var templates: [MessageTemplate]
        /// Per change schedule: whether its changes are meant to notify.
        var notifies: [Bool]
        var horizon: SimTime
        var recipient: RecipientSpec
        var sender: any SenderPolicy
        /// The event queue's tie-order salt (0: FIFO).
        var tieSalt: UInt64 = 0
    }

    /// Runs one replication of `channel` and `strategy` with `setup`'s other parts.
    static func simulate(channel: any PushChannel, strategy: any ClientStrategy, setup: Setup, streams: RandomStreams) -> RunOutcome {
        simulate(channel: channel, strategy: strategy, setup: setup, streams: streams, trace: NoTrace()).outcome
    }

    /// The same, reporting to `trace`.
    static func simulate<T: TraceSink>(channel: any PushChannel, strategy: any ClientStrategy, setup: Setup, streams: RandomStreams,
                                       trace: T) -> (outcome: RunOutcome, trace: T) {
        var world = Self.world(channel: channel, strategy: strategy, setup: setup, streams: streams, trace: trace)
        let outcome = world.run(until: setup.horizon)
        // A normal run's sink is `NoTrace` (no state): no dynamic cast back to it.
        if T.self == NoTrace.self { return (outcome, trace) }
        return (outcome, world.observer.trace as! T)
    }

    /// A fresh world for one run.
    static func world(channel: any PushChannel, strategy: any ClientStrategy, setup: Setup, streams: RandomStreams,
                      trace: any TraceSink) -> World {
        World(server: setup.server, device: setup.device, client: setup.client, templates: setup.templates,
              notifies: setup.notifies, channel: channel, strategy: strategy, sender: setup.sender,
              recipient: setup.recipient, streams: streams, horizon: setup.horizon, tieSalt: setup.tieSalt, trace: trace)
    }
}

/// The last `Simulation.identity` issued.
private let simulationIdentities = Atomic<UInt64>(0)
