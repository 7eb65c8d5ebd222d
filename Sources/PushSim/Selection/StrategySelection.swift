/// `pushsim select`: for each variant of a scenario, which strategy has the best mean of a
/// metric (`SelectionMetric`), by Kim and Nelson's procedure (`KimNelson`) on batch means,
/// with the runs computed in process by `Simulation`, as `pushsim run` computes them.
///
/// Replication j of every strategy of a variant is replication j of that (variant,
/// strategy) in `pushsim run`'s numbering (0-based): the same streams, keyed by (seed,
/// replication, stream name), so the strategies of one replication meet the same channel
/// and device (common random numbers) and their differences are paired, as KN allows.
///
/// Batching: KN's observation t of a strategy is its batch of replications
/// tB … tB + B − 1, B = `Options.batch`. KN assumes normal outputs; a 0/1 output (a run
/// converged or not) is far from normal, and with rare disagreements a first stage of
/// single runs underestimates S² and the promised probability is not kept (KimNelsonTests;
/// docs/selection.md). The mean of B runs is much closer to normal. KN runs on the batch
/// sums (integers for flags and counts, so equal batches give equal sums exactly) with δ
/// scaled by B, which makes the same decisions as on batch means.
///
/// Runs are computed in stages (n0 batches first, then max(n0, ⌊t/4⌋) more batches of
/// every survivor of every undecided variant at batch t) on `jobs` threads, and fed to
/// each variant's procedure one batch at a time in order; runs past a variant's decision
/// are discarded. The result depends on the scenario, seed and options only: not on
/// `jobs`, nor on the stage sizes.
public struct StrategySelection: Sendable {
    /// What is asked.
    public struct Options: Sendable {
        /// The metric compared.
        public var metric: SelectionMetric
        /// The indifference zone δ in the metric's unit, > 0 (< 1 for a flag).
        public var delta: Double
        /// 1 − α is the promised probability of correct selection per variant; α in (0, 1).
        public var alpha: Double
        /// The first-stage batches n0, ≥ 2.
        public var firstStage: Int
        /// Replications per batch B, ≥ 1 (1: KN on single runs).
        public var batch: Int
        /// At most this many batches of any strategy per variant, ≥ n0.
        public var maxBatches: Int

        public init(metric: SelectionMetric = .default, delta: Double, alpha: Double = 0.05, firstStage: Int = 20, batch: Int = 20,
                    maxBatches: Int = 5_000) {
            self.metric = metric; self.delta = delta; self.alpha = alpha; self.firstStage = firstStage
            self.batch = batch; self.maxBatches = maxBatches
        }

        /// Base units of a batch sum per metric unit of a mean: B × `metric.scale`.
        public var divisor: Double { Double(batch) * metric.scale }

        /// KN's parameters for `systems` strategies: δ in batch-sum units, the 0/1 floor for a flag.
        func parameters(systems: Int) -> KimNelson.Parameters {
            KimNelson.Parameters(systems: systems, delta: delta * divisor, alpha: alpha, firstStage: firstStage,
                                 maxReplications: maxBatches,
                                 varianceFloor: metric.isFlag ? KimNelson.flagVarianceFloor(delta: delta, batch: batch) : 0,
                                 higherIsBetter: metric.higherIsBetter)
        }
    }

    /// A run whose metric column is empty: the selection cannot use it.
    public struct MissingValue: Error, Sendable, CustomStringConvertible {
        public var metric: String, variant: String, strategy: String, replication: Int
        public var description: String {
            "\(metric) is empty in the run of variant \(variant), strategy \(strategy), replication \(replication) "
                + "(docs/csv.md says when); select needs a value in every run: choose another --metric"
        }
    }

    /// Progress after each stage.
    public struct Progress: Sendable {
        /// Runs computed so far.
        public var runs: Int
        /// Variants still undecided, of `variants`.
        public var undecided: Int, variants: Int
        /// The most replications of an undecided variant's strategies.
        public var replications: Int
    }

    /// The scenario (its `replications` is not used).
    public let scenario: Scenario
    public let options: Options
    /// Per variant, the procedure as it ended (its observations are batches).
    public private(set) var procedures: [KimNelson]
    /// Every run computed, those discarded after a decision included.
    public private(set) var runsComputed = 0

    /// Runs the selection of every variant of `scenario`.
    /// - Parameters:
    ///   - jobs: worker threads, ≥ 1; the result is the same for any value.
    ///   - progress: called on the calling thread after each stage.
    /// - Throws: `MissingValue` when a run has no value of the metric.
    /// - Precondition: `scenario` has at least two strategies and no fleet; `options` in range.
    public init(_ scenario: Scenario, options: Options, jobs: Int, progress: ((Progress) -> Void)? = nil) throws(MissingValue) {
        precondition(scenario.strategies.count >= 2 && scenario.fleet == nil, "select needs two strategies and no fleet")
        self.scenario = scenario
        self.options = options
        let parameters = options.parameters(systems: scenario.strategies.count)
        procedures = scenario.variants.map { _ in KimNelson(parameters) }
        let simulation = Simulation(scenario: scenario)
        while procedures.contains(where: { $0.status == .running }) {
            try runStage(simulation, jobs: jobs)
            let open = procedures.filter { $0.status == .running }
            progress?(Progress(runs: runsComputed, undecided: open.count, variants: procedures.count,
                               replications: (open.isEmpty ? procedures : open).map(\.replications).max()! * options.batch))
        }
    }

    /// The batches the next stage adds to a procedure at batch t: n0 first, then
    /// max(n0, ⌊t/4⌋), up to the cap (so once t ≥ 4·n0, at most a fifth of a variant's
    /// runs lie past its decision).
    func stageSize(after t: Int) -> Int {
        min(t == 0 ? options.firstStage : max(options.firstStage, t / 4), options.maxBatches - t)
    }

    /// One stage: the runs of every undecided variant's survivors, computed in parallel,
    /// then summed per batch and fed to each procedure one batch at a time.
    private mutating func runStage(_ simulation: Simulation, jobs: Int) throws(MissingValue) {
        let b = options.batch
        var ids: [Simulation.RunID] = []
        // Per undecided variant: its first run's index in `ids`, its batches, its survivors.
        var plan: [(variant: Int, first: Int, batches: Int, survivors: [Int])] = []
        for (v, kn) in procedures.enumerated() where kn.status == .running {
            let (t0, count) = (kn.replications, stageSize(after: kn.replications))
            plan.append((v, ids.count, count, kn.survivors))
            for t in t0..<(t0 + count) {
                for s in kn.survivors {
                    for j in 0..<b { ids.append(Simulation.RunID(variant: v, strategy: s, replication: t * b + j)) }
                }
            }
        }
        let metric = options.metric, runIDs = ids
        var values: [Double?] = []
        values.reserveCapacity(ids.count)
        ParallelRunner.run(count: ids.count, jobs: jobs, context: { RunWorkspace() }, body: { workspace, i in
            metric.value(simulation.run(runIDs[i], workspace: workspace))
        }) { _, batch in values += batch }
        runsComputed += ids.count
        let k = scenario.strategies.count
        for p in plan {
            for t in 0..<p.batches where procedures[p.variant].status == .running {
                var sums = Array(repeating: 0.0, count: k)
                for (j, s) in p.survivors.enumerated() where procedures[p.variant].survivors.contains(s) {
                    let start = p.first + (t * p.survivors.count + j) * b
                    for at in start..<(start + b) {
                        guard let x = values[at] else {
                            throw MissingValue(metric: metric.name, variant: scenario.variants[p.variant].name,
                                               strategy: scenario.strategies[s].name, replication: ids[at].replication)
                        }
                        sums[s] += x
                    }
                }
                procedures[p.variant].add(sums)
            }
        }
    }
}
