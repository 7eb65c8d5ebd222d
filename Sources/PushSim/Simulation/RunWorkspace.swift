/// What one worker keeps between the runs it computes: one world per (variant, strategy)
/// cell of the scenario, built at the cell's first run and reset for each later one
/// (`World.reset`), and the generator cache the worlds' seeded streams copy from. With it
/// a worker's runs allocate nothing in steady state; without it (`Simulation.run(_:)`)
/// every run builds its world. Either way a run's outcome is the same.
///
/// Not `Sendable`: one workspace per worker, used on that worker's thread only
/// (`ParallelRunner` keeps one per worker slot).
public final class RunWorkspace {
    /// The generator cache of this worker's worlds.
    public let cache = GeneratorCache()
    /// Per cell (variant × strategies + strategy), its world once built (`built[cell]`).
    /// Only ever accessed in place: reading an element (even to compare it with nil)
    /// would copy the world.
    var worlds: [World?] = []
    private var built: [Bool] = []
    /// Runs computed with a reused world (for tests and profiling).
    public private(set) var reuses = 0
    /// The `Simulation.identity` this workspace serves, set by its first run.
    private var owner: UInt64?

    public init() {}

    /// Runs `id` of `simulation` in the cell's world: built on first use, else reset.
    func run(_ id: Simulation.RunID, of simulation: Simulation, tieSalt: UInt64,
             build: (RandomStreams) -> World) -> RunOutcome {
        if let owner {
            precondition(owner == simulation.identity, "a RunWorkspace serves one Simulation; give each simulation its own")
        } else {
            owner = simulation.identity
        }
        let cell = id.variant * simulation.scenario.strategies.count + id.strategy
        if worlds.count < simulation.cellCount {
            worlds += Array(repeating: nil, count: simulation.cellCount - worlds.count)
            built += Array(repeating: false, count: simulation.cellCount - built.count)
        }
        if !built[cell] {
            built[cell] = true
            let streams = RandomStreams(generator: simulation.scenario.generator, seed: simulation.scenario.seed,
                                        replication: id.replication, cache: cache)
            worlds[cell] = build(streams)
        } else {
            worlds[cell]!.reset(replication: id.replication, tieSalt: tieSalt)
            reuses += 1
        }
        return worlds[cell]!.run(until: simulation.setup(variant: id.variant).horizon)
    }
}

@available(*, unavailable)
extension RunWorkspace: Sendable {}
