/// One period `[from, to)` of simulated time.
public struct Period: Decodable, Sendable, Equatable {
    public var from: SimDuration
    public var to: SimDuration

    public init(from: SimDuration, to: SimDuration) { self.from = from; self.to = to }

    enum CodingKeys: String, CodingKey, CaseIterable { case from, to }

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        from = try c.decodeDuration(.from)
        to = try c.decodeDuration(.to)
        guard to > from else { throw c.invalid(.to, "\"to\" must be later than \"from\"") }
    }
}
