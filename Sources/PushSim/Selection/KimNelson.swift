import Foundation

/// Kim and Nelson's fully sequential ranking-and-selection procedure KN: which of k
/// systems has the best mean, with probability of correct selection at least 1 − α when
/// the best is at least δ (the indifference zone) better than every other.
///
/// Source: S.-H. Kim and B. L. Nelson, "A fully sequential procedure for indifference-zone
/// selection in simulation", ACM Transactions on Modeling and Computer Simulation 11(3),
/// 251–273, 2001 (procedure KN, with c = 1). Assumptions there: each system's outputs are
/// independent and identically normal across replications, with unknown and unequal
/// variances; common random numbers (replication r of every system driven by the same
/// random numbers) are allowed, and make the paired differences less variable.
///
/// The procedure, for maximisation (`higherIsBetter`; for minimisation every value is
/// negated, so the same rule keeps the smallest mean):
/// 1. Setup: η = ½[(2α/(k − 1))^(−2/(n0 − 1)) − 1] and h² = 2cη(n0 − 1), c = 1.
/// 2. First stage: n0 replications of every system; S²_il is the sample variance (divisor
///    n0 − 1) of the n0 differences X_ij − X_lj, raised to `varianceFloor` when below it.
/// 3. Screening at r = n0, n0 + 1, …: with W_il(r) = max(0, δ/(2cr)·(h²S²_il/δ² − r)),
///    system i is eliminated when X̄_i(r) < X̄_l(r) − W_il(r) for some other survivor l
///    (every survivor of r − 1 is screened against every other one at once).
/// 4. Stop when one system survives (`Status.selected`); or when every pair of survivors
///    has W_il(r) = 0, which leaves survivors with equal means (`Status.tied`: the
///    outputs cannot tell them apart; KN's guarantee is that the best, when it is δ better,
///    is among them with probability ≥ 1 − α); or, with more than one survivor, at
///    `maxReplications` (`Status.undecided`: no guarantee).
///
/// The sums are plain `Double` additions in replication order, exact for integer-valued
/// outputs below 2⁵³ (0/1 flags, counts, microseconds), so equal outputs give equal means
/// and a tie is found exactly. The result depends only on the values added, in order.
public struct KimNelson: Sendable {
    /// What a selection is asked: k, δ, α, n0, the cap, the variance floor and the direction.
    public struct Parameters: Sendable, Equatable {
        /// The number of systems k, ≥ 2.
        public var systems: Int
        /// The indifference zone δ, > 0, in the outputs' unit.
        public var delta: Double
        /// α in (0, 1): the procedure promises a probability of correct selection ≥ 1 − α.
        public var alpha: Double
        /// The first-stage replications n0, ≥ 2.
        public var firstStage: Int
        /// At most this many replications of any system, ≥ n0.
        public var maxReplications: Int
        /// A lower bound on each S²_il, ≥ 0 (0: KN's own estimate). See `flagVarianceFloor`.
        public var varianceFloor: Double
        /// Whether a larger mean is better (else a smaller one).
        public var higherIsBetter: Bool

        public init(systems: Int, delta: Double, alpha: Double, firstStage: Int, maxReplications: Int,
                    varianceFloor: Double = 0, higherIsBetter: Bool = true) {
            self.systems = systems; self.delta = delta; self.alpha = alpha; self.firstStage = firstStage
            self.maxReplications = maxReplications; self.varianceFloor = varianceFloor; self.higherIsBetter = higherIsBetter
        }
    }

    /// Where the procedure stands.
    public enum Status: Sendable, Equatable {
        /// More replications are needed.
        case running
        /// One system survived.
        case selected(Int)
        /// These systems (ascending) survived with equal means and every W = 0.
        case tied([Int])
        /// These systems (ascending) survived to `maxReplications` without a decision.
        case undecided([Int])
    }

    /// One elimination: `system` at replication `replication` (1-based count r), by
    /// `by`, whose mean beat `mean` by more than `halfWidth` (W_il(r)); means in the
    /// outputs' unit, as added (not negated).
    public struct Elimination: Sendable, Equatable {
        public var system: Int
        public var replication: Int
        public var by: Int
        public var mean: Double
        public var byMean: Double
        public var halfWidth: Double
    }

    /// The parameters.
    public let parameters: Parameters
    /// η of step 1.
    public let eta: Double
    /// h² of step 1.
    public let hSquared: Double
    /// Replications added so far (r).
    public private(set) var replications = 0
    /// The surviving systems, ascending.
    public private(set) var survivors: [Int]
    /// The eliminations so far, in the order they happened (by r, then system).
    public private(set) var eliminations: [Elimination] = []
    /// Where the procedure stands.
    public private(set) var status: Status = .running

    /// Per system, the sum of its (signed) outputs over its replications.
    private var sums: [Double]
    /// Per system, its replications (r at elimination, else r).
    private var counts: [Int]
    /// Per system, its first-stage outputs (signed), until the variances are known.
    private var firstStage: [[Double]]
    /// S²_il, row-major k × k (symmetric; the diagonal unused), set at r = n0.
    private var variances: [Double] = []

    /// A procedure with no replication yet.
    /// - Precondition: the ranges of `Parameters`.
    public init(_ parameters: Parameters) {
        let p = parameters
        precondition(p.systems >= 2 && p.delta > 0 && p.delta.isFinite && p.alpha > 0 && p.alpha < 1 && p.firstStage >= 2
                     && p.maxReplications >= p.firstStage && p.varianceFloor >= 0, "KimNelson parameters out of range: \(p)")
        self.parameters = p
        eta = Self.eta(alpha: p.alpha, systems: p.systems, firstStage: p.firstStage)
        hSquared = 2 * eta * Double(p.firstStage - 1)
        survivors = Array(0..<p.systems)
        sums = Array(repeating: 0, count: p.systems)
        counts = Array(repeating: 0, count: p.systems)
        firstStage = Array(repeating: [], count: p.systems)
    }

    /// η = ½[(2α/(k − 1))^(−2/(n0 − 1)) − 1] (KN with c = 1).
    public static func eta(alpha: Double, systems k: Int, firstStage n0: Int) -> Double {
        0.5 * (pow(2 * alpha / Double(k - 1), -2 / Double(n0 - 1)) - 1)
    }

    /// The floor of S²_il for outputs that are sums of `batch` 0/1 values (a flag per
    /// replication, summed over a batch), whose indifference zone is `batch`·δ with δ the
    /// zone of one 0/1 value: `batch`·δ(1 − δ).
    ///
    /// A paired difference D of 0/1 values takes values in {−1, 0, 1}, so E D² = E|D| ≥
    /// |E D| and Var D ≥ |μ|(1 − |μ|), which is at least δ(1 − δ) whenever δ ≤ |μ| ≤ 1 − δ;
    /// a sum of b independent ones has b times that variance. A first stage that saw no
    /// disagreement (S² = 0) therefore cannot decide a pair at once: deciding two systems
    /// within δ of each other then takes about h²(1 − δ)/(bδ) agreeing batches. Raising
    /// S²_il only widens W_il, so each pairwise contest of KN's proof eliminates the best
    /// less often: the guarantee stands, at the cost of replications.
    /// - Precondition: 0 < δ < 1, batch ≥ 1.
    public static func flagVarianceFloor(delta: Double, batch: Int = 1) -> Double {
        precondition(delta > 0 && delta < 1 && batch >= 1, "a 0/1 output's indifference zone is in (0, 1), got \(delta)")
        return Double(batch) * delta * (1 - delta)
    }

    /// The mean of `system` over its replications, in the outputs' unit; NaN before any.
    public func mean(_ system: Int) -> Double {
        guard counts[system] > 0 else { return .nan }
        let m = sums[system] / Double(counts[system])
        return parameters.higherIsBetter ? m : 0 - m   // 0 − m: a mean of 0 is +0, never −0
    }

    /// The replications of `system`: r at its elimination, else r.
    public func replications(of system: Int) -> Int { counts[system] }

    /// S²_il of the paired differences (after the floor), once the first stage is done.
    public func variance(_ i: Int, _ l: Int) -> Double? {
        variances.isEmpty || i == l ? nil : variances[i * parameters.systems + l]
    }

    /// Adds replication r + 1 of every survivor and screens (from r = n0 on).
    /// - Parameter values: one output per system, in system order; the entries of
    ///   eliminated systems are ignored.
    /// - Precondition: `status == .running`, `values.count == systems`, survivors' values finite.
    /// - Complexity: O(k²) per replication; O(k·n0) memory until r = n0.
    public mutating func add(_ values: [Double]) {
        precondition(status == .running, "KimNelson.add after the procedure stopped")
        precondition(values.count == parameters.systems, "KimNelson.add needs one value per system")
        replications += 1
        for i in survivors {
            precondition(values[i].isFinite, "KimNelson.add: system \(i)'s value is not finite")
            let x = sign * values[i]
            sums[i] += x
            counts[i] += 1
            if replications <= parameters.firstStage { firstStage[i].append(x) }
        }
        guard replications >= parameters.firstStage else { return }
        if replications == parameters.firstStage { estimateVariances() }
        screen()
    }

    /// +1 to maximise, −1 to minimise.
    private var sign: Double { parameters.higherIsBetter ? 1 : -1 }

    /// S²_il from the first stage (`Statistics.variance`, divisor n0 − 1), floored.
    private mutating func estimateVariances() {
        let k = parameters.systems
        variances = Array(repeating: 0, count: k * k)
        for i in 0..<k {
            for l in (i + 1)..<k {
                let differences = zip(firstStage[i], firstStage[l]).map { $0 - $1 }
                let s2 = max(Statistics.variance(differences), parameters.varianceFloor)
                variances[i * k + l] = s2
                variances[l * k + i] = s2
            }
        }
        firstStage = []
    }

    /// r·W_il(r) = max(0, (h²S²_il/δ − δr)/2c), c = 1: the elimination margin on the sums.
    private func sumMargin(_ i: Int, _ l: Int) -> Double {
        let delta = parameters.delta
        return max(0, (hSquared * variances[i * parameters.systems + l] / delta - delta * Double(replications)) / 2)
    }

    /// Step 3 at r = `replications`, then step 4.
    private mutating func screen() {
        let r = Double(replications)
        var out: [Elimination] = []
        for i in survivors {
            // The survivor that beats i by the widest margin (the first in system order on a tie).
            var best: (by: Int, excess: Double, margin: Double)?
            for l in survivors where l != i {
                let margin = sumMargin(i, l)
                let excess = sums[l] - sums[i] - margin
                if excess > 0, best.map({ excess > $0.excess }) ?? true { best = (l, excess, margin) }
            }
            if let best {
                out.append(Elimination(system: i, replication: replications, by: best.by, mean: mean(i), byMean: mean(best.by),
                                       halfWidth: best.margin / r))
            }
        }
        let eliminated = Set(out.map(\.system))
        survivors.removeAll { eliminated.contains($0) }
        eliminations += out
        if survivors.count == 1 {
            status = .selected(survivors[0])
        } else if survivors.allSatisfy({ i in survivors.allSatisfy { l in l == i || sumMargin(i, l) == 0 } }) {
            status = .tied(survivors)
        } else if replications >= parameters.maxReplications {
            status = .undecided(survivors)
        }
    }
}
