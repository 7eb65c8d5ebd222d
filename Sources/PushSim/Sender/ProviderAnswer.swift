/// A provider's answer to one send request (FCM HTTP v1, APNs; see `SendError`).
public enum ProviderAnswer: Equatable, Sendable {
    /// Accepted; `messageID` is the provider's id for it (PushSim uses the push id).
    case accepted(messageID: Int64)
    /// Refused with `error`; `retryAfter` is the `Retry-After` the provider sent, if any.
    case rejected(SendError, retryAfter: SimDuration?)
}
