/// Random provider errors at send: each code with its probability per send, and for a
/// retryable code optionally the `Retry-After` the provider sends with it
/// (JSON `{"UNAVAILABLE": {"rate": 0.01, "retryAfter": "30s"}, "INTERNAL": 0.001}`: a
/// number is the rate alone). At most one error per send; the draw is one uniform number
/// on the channel stream, made only when some rate is > 0.
///
/// Source: FCM REST v1 "ErrorCode" (F9: honour Retry-After on `UNAVAILABLE`); "Handling
/// error responses from APNs" (A9: 429, 500, 503 are retryable).
public struct ErrorRates: Sendable, Equatable {
    /// (error, probability), in `SendError.allCases` order.
    public private(set) var rates: [(SendError, Double)] = []
    /// The `Retry-After` sent with each error of `rates` (same order; `nil` = none).
    public private(set) var retryAfter: [SimDuration?] = []

    public static func == (a: ErrorRates, b: ErrorRates) -> Bool {
        a.rates.map(\.0) == b.rates.map(\.0) && a.rates.map(\.1) == b.rates.map(\.1) && a.retryAfter == b.retryAfter
    }

    public init() {}

    /// The object form of one code's entry, `{"rate": 0.01, "retryAfter": "30s"}`.
    public enum Detail: ParamDeclaring {
        public static let rate = Param.probability("rate", default: nil, doc: "probability of this error per send")
        public static let retryAfter = Param.optionalDuration("retryAfter", doc: "the Retry-After sent with it (retryable codes only)")
        public static let params = [rate.any, retryAfter.any]
    }

    /// Decodes the object at `decoder`, accepting only `allowed` codes.
    /// - Throws: at the offending key for an unknown code, a rate outside [0, 1], a
    ///   `retryAfter` on a final code, or rates summing to more than 1.
    public init(from decoder: any Decoder, allowed: [SendError]) throws {
        let c = try decoder.container(keyedBy: AnyCodingKey.self)
        try decoder.rejectUnknownKeys(allowed: allowed.map(\.rawValue))
        for e in SendError.allCases where allowed.contains(e) {
            let key = AnyCodingKey(e.rawValue)
            guard c.contains(key) else { continue }
            try c.refuseNull(key)
            if (try? c.decode(Double.self, forKey: key)) != nil {
                rates.append((e, try c.decodeProbability(key)))
                retryAfter.append(nil)
                continue
            }
            guard (try? c.nestedContainer(keyedBy: AnyCodingKey.self, forKey: key)) != nil else {
                throw c.invalid(key, "expected a probability or an object {\"rate\": probability, \"retryAfter\": duration}")
            }
            let d = try ParamReader(c.superDecoder(forKey: key), for: Detail.self)
            rates.append((e, try d.decode(Detail.rate)))
            let after = try d.decode(Detail.retryAfter)
            if after != nil && !e.isRetryable { throw d.invalid(Detail.retryAfter, "Retry-After comes only with a retryable error; \(e.rawValue) is final") }
            retryAfter.append(after)
        }
        guard rates.map(\.1).reduce(0, +) <= 1 else { throw decoder.invalid("error rates add up to more than 1") }
    }

    /// The error for this send, if any.
    public func draw(_ random: RandomStream) -> Rejection? { draw(random.draws) }

    /// `draw(_:)` through a stream's draws (the same values).
    public func draw(_ random: StreamDraws) -> Rejection? {
        guard rates.contains(where: { $0.1 > 0 }) else { return nil }
        var u = random.uniform()
        for (i, (e, p)) in rates.enumerated() {
            if u < p { return Rejection(e, retryAfter: retryAfter[i]) }
            u -= p
        }
        return nil
    }
}
