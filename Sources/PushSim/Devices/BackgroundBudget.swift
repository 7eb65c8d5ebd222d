/// The iOS background-notification budget as a token bucket (I1: "no more than two or
/// three per hour", Apple, "Pushing background updates to your App"): `capacity` tokens,
/// one more every `refill`. Default: capacity 1, refill 20 min (3 per hour).
public struct BackgroundBudget: Decodable, Sendable, Equatable, ParamFieldDeclaring {
    public static let capacity = Param.integer("capacity", default: 1, range: 0...1_000_000, doc: "tokens the bucket holds")
    public static let refill = Param.duration("refill", default: .minutes(20), range: .positive("a refill interval"),
                                              doc: "one more token every this long")
    public static let fields: [ParamField<Self>] = [.bind(capacity, \.capacity), .bind(refill, \.refill)]

    public var capacity: Int
    public var refill: SimDuration

    public static let `default` = BackgroundBudget(capacity: BackgroundBudget.capacity.defaultValue, refill: BackgroundBudget.refill.defaultValue)

    public init(capacity: Int, refill: SimDuration) { self.capacity = capacity; self.refill = refill }

    public init(from decoder: any Decoder) throws {
        self = .default
        try decodeFields(from: decoder)
    }
}
