/// Which durations a duration parameter accepts.
public struct DurationRange: Sendable {
    let positive: Bool
    let what: String
    /// Any duration ≥ 0 (a duration string cannot be negative).
    public static let any = DurationRange(positive: false, what: "a duration")
    /// Longer than 0 s; `what` names the value in the error (`expected a window longer than 0s`).
    public static func positive(_ what: String = "a duration") -> DurationRange { DurationRange(positive: true, what: what) }
}
