/// One run as a `runs.csv` row records it: which run it is, and what happened.
public struct RunRecord: Sendable {
    /// The variant's name.
    public let variant: String
    /// The strategy's name.
    public let strategy: String
    /// The 0-based replication index.
    public let replication: Int
    /// The scenario seed (stream seeds derive from it and the replication).
    public let seed: UInt64
    /// The run's result.
    public let outcome: RunOutcome

    public init(variant: String, strategy: String, replication: Int, seed: UInt64, outcome: RunOutcome) {
        self.variant = variant; self.strategy = strategy; self.replication = replication; self.seed = seed; self.outcome = outcome
    }
}
