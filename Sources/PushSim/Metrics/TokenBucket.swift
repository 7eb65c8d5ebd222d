/// A token bucket in integer time: starts full with `capacity` tokens and gains one every
/// `refill`, never holding more than `capacity`. Used for FCM's collapsible-message burst
/// (F8: 20, one per 3 min) and the iOS background budget (I1).
public struct TokenBucket: Sendable, Equatable {
    public let capacity: Int
    public let refill: SimDuration
    public private(set) var tokens: Int
    /// The time from which the next refill is counted.
    private var updatedAt = SimTime.zero

    /// - Precondition: `capacity ≥ 0`, `refill > 0`.
    public init(capacity: Int, refill: SimDuration) {
        precondition(capacity >= 0 && refill > .zero)
        self.capacity = capacity; self.refill = refill; tokens = capacity
    }

    private mutating func catchUp(to now: SimTime) {
        if tokens == capacity { updatedAt = now; return }
        let n = (now - updatedAt).microseconds / refill.microseconds
        guard n > 0 else { return }
        tokens = min(capacity, tokens + Int(min(n, Int64(capacity))))
        updatedAt = tokens == capacity ? now : updatedAt + refill * n
    }

    /// Takes a token at `now` if there is one.
    public mutating func take(at now: SimTime) -> Bool {
        catchUp(to: now)
        guard tokens > 0 else { return false }
        tokens -= 1
        return true
    }

    /// When the next token is available (`now` if one is there already).
    public mutating func nextToken(at now: SimTime) -> SimTime {
        catchUp(to: now)
        return tokens > 0 ? now : updatedAt + refill
    }
}
