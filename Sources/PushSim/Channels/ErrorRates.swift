/// Random provider errors at send: each code with its probability per send
/// (JSON `{"UNAVAILABLE": 0.01, "INTERNAL": 0.001}`). At most one error per send; the
/// draw is one uniform number on the channel stream, made only when some rate is > 0.
public struct ErrorRates: Sendable, Equatable {
    /// (error, probability), in `SendError.allCases` order.
    public private(set) var rates: [(SendError, Double)] = []

    public static func == (a: ErrorRates, b: ErrorRates) -> Bool { a.rates.map(\.0) == b.rates.map(\.0) && a.rates.map(\.1) == b.rates.map(\.1) }

    public init() {}

    /// Decodes the object at `decoder`, accepting only `allowed` codes.
    /// - Throws: at the offending key for an unknown code, a rate outside [0, 1], or rates
    ///   summing to more than 1.
    public init(from decoder: any Decoder, allowed: [SendError]) throws {
        let c = try decoder.container(keyedBy: AnyCodingKey.self)
        try decoder.rejectUnknownKeys(allowed: allowed.map(\.rawValue))
        for e in SendError.allCases where allowed.contains(e) {
            let key = AnyCodingKey(e.rawValue)
            if c.contains(key) { rates.append((e, try c.decodeProbability(key))) }
        }
        guard rates.map(\.1).reduce(0, +) <= 1 else { throw decoder.invalid("error rates add up to more than 1") }
    }

    /// The error for this send, if any.
    public func draw(_ random: RandomStream) -> SendError? {
        guard rates.contains(where: { $0.1 > 0 }) else { return nil }
        var u = random.uniform()
        for (e, p) in rates {
            if u < p { return e }
            u -= p
        }
        return nil
    }
}
