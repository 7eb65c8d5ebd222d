/// A provider's refusal of one request: the error code and the `Retry-After` it came with.
public struct Rejection: Sendable, Equatable {
    public var error: SendError
    /// How long the provider asks the sender to wait before retrying (`nil` = not said).
    public var retryAfter: SimDuration?

    public init(_ error: SendError, retryAfter: SimDuration? = nil) { self.error = error; self.retryAfter = retryAfter }
}
