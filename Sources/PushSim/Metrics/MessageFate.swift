/// What the sender declares about a message (besides acceptance, which the host sees).
public enum MessageFate: Int, Sendable, CaseIterable {
    /// Its lifetime ran out before it could be sent (by design, not a loss).
    case expired
    /// A newer message replaced it (supersede key, or a coalesced hint carrying a newer cursor).
    case superseded
    /// Still held by the sender at the horizon (a non-terminal row).
    case pending
}
