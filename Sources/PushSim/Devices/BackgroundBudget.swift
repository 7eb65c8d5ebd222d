/// The iOS background-notification budget as a token bucket (I1: "no more than two or
/// three per hour", Apple, "Pushing background updates to your App"): `capacity` tokens,
/// one more every `refill`. Default: capacity 1, refill 20 min (3 per hour).
public struct BackgroundBudget: Decodable, Sendable, Equatable {
    public var capacity: Int
    public var refill: SimDuration

    public static let `default` = BackgroundBudget(capacity: 1, refill: .minutes(20))

    public init(capacity: Int, refill: SimDuration) { self.capacity = capacity; self.refill = refill }

    enum CodingKeys: String, CodingKey, CaseIterable { case capacity, refill }

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        capacity = try c.decodeInt(.capacity, in: 0...1_000_000, default: 1)
        refill = try c.decodeDurationIfPresent(.refill) ?? .minutes(20)
        guard refill > .zero else { throw c.invalid(.refill, "expected a refill interval longer than 0s") }
    }
}
