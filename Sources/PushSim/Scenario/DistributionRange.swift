/// Which duration distributions a distribution parameter accepts.
public struct DistributionRange: Sendable {
    let positiveMean: Bool
    let what: String
    /// Any non-negative duration distribution.
    public static let any = DistributionRange(positiveMean: false, what: "a duration distribution")
    /// A mean longer than 0 s (`expected a poll interval with a mean longer than 0s`).
    public static func positiveMean(_ what: String) -> DistributionRange { DistributionRange(positiveMean: true, what: what) }
}
