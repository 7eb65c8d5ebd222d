/// What happens to an iOS background push that the budget or Low Power Mode holds back.
public enum HeldPushPolicy: String, Sendable, CaseIterable, Decodable {
    case deliverAtLaunch, drop
}
