/// Android App Standby Buckets and their daily cap of high-priority FCM messages (D4,
/// Android "Power management restrictions"); beyond the cap messages are treated as normal.
public enum StandbyBucket: String, Sendable, CaseIterable, Decodable, BitwiseCopyable {
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

/// Which reading of the disputed scope of the bucket caps (D4) a scenario takes. Android's
/// "Power management restrictions" page gives the caps in its bucket table, and a footnote
/// there (its 2023 revision) limits them to Android 12 and lower. Firebase's "About FCM
/// messages" page of the same era exempted a high-priority message shown as a notification:
/// "your app standby bucket quota will not be consumed by that message"; no Android page
/// says so, and the current Firebase page no longer does.
public enum StandbyCaps: String, Sendable, CaseIterable, Decodable, BitwiseCopyable {
    /// The table's caps apply (Android 12 and lower, or the table read without its footnote)
    /// to every high-priority message.
    case byBucket
    /// The caps apply, but a message the OS draws as a notification (`notification` or
    /// `both`) on a device whose user allows notifications neither counts toward the day nor
    /// is capped (the old Firebase page).
    case byBucketUnlessShown
    /// No bucket caps (Android 13 and later, by the footnote), whatever the bucket.
    case none
}
