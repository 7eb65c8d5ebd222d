/// Android App Standby Buckets and their daily cap of high-priority FCM messages (D4,
/// Android "Power management restrictions"); beyond the cap messages are treated as normal.
public enum StandbyBucket: String, Sendable, CaseIterable, Decodable {
    case active, workingSet, frequent, rare, restricted

    /// High-priority messages per day before downgrade; `nil` = unlimited.
    public var dailyHighPriorityCap: Int? {
        switch self {
        case .active, .workingSet: nil
        case .frequent: 10
        case .rare, .restricted: 5
        }
    }
}
