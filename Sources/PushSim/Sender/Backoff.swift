/// How long an outbox row waits before it is retried after a retryable error (F9:
/// `UNAVAILABLE`, `INTERNAL`, `QUOTA_EXCEEDED`; A9: 429, 500, 503).
///
/// After the n-th attempt failed, the base wait is `initial · 2^(n−1)`, capped at `max`
/// (1, 2, 4, 8, 16, 32, 60, 60 … min with the defaults). The jitter is **proportional and
/// upward**: the wait is drawn uniformly from [base, base · (1 + jitter)) with one
/// `gsl_rng_uniform` on the `sender` stream (no draw when `jitter` is 0), so retries never
/// come earlier than the exponential schedule (QUOTA_EXCEEDED asks for at least 1 min)
/// and rows that failed together spread out. A `Retry-After` from the provider is a lower
/// bound: the row waits max(Retry-After, drawn wait).
///
/// JSON `{"initial": "1m", "max": "1h", "jitter": 0.1}` (the defaults).
public struct Backoff: Decodable, Sendable, Equatable, ParamDeclaring {
    public static let initial = Param.duration("initial", default: .minutes(1), range: .positive("an initial backoff"),
                                        doc: "base wait after the first failed attempt")
    public static let max = Param.duration("max", default: .hours(1), doc: "cap on the base wait, at least initial (default: 1h, or initial if longer)")
    public static let jitter = Param.number("jitter", default: 0.1, range: 0...1, doc: "upward jitter as a fraction of the base wait")
    public static let params = [initial.any, max.any, jitter.any]

    /// Base wait after the first failed attempt (µs, > 0; default 1 min).
    public var initial = Backoff.initial.defaultValue
    /// Cap on the base wait (µs, ≥ `initial`; default 1 h).
    public var max = Backoff.max.defaultValue
    /// Upward jitter as a fraction of the base wait, in [0, 1] (default 0.1).
    public var jitter = Backoff.jitter.defaultValue

    public init() {}

    public init(from decoder: any Decoder) throws {
        let p = try ParamReader(decoder, for: Self.self)
        initial = try p.decode(Self.initial)
        max = try p.decodeIfPresent(Self.max) ?? Swift.max(max, initial)
        guard max >= initial else { throw p.invalid(Self.max, "expected a cap at least as long as \"initial\"") }
        jitter = try p.decode(Self.jitter)
    }

    /// The base wait after `attempts` (≥ 1) failed attempts: initial · 2^(attempts−1), capped.
    public func base(after attempts: Int) -> SimDuration {
        var d = initial
        for _ in 1..<Swift.max(attempts, 1) where d < max { d = d * 2 }
        return Swift.min(d, max)
    }

    /// The wait after `attempts` failed attempts, jittered (see the type's comment).
    public func wait(after attempts: Int, random: RandomStream) -> SimDuration {
        let b = base(after: attempts)
        guard jitter > 0 else { return b }
        return b + SimDuration(microseconds: Int64((Double(b.microseconds) * jitter * random.uniform()).rounded(.down)))
    }
}
