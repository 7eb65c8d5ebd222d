/// The iOS background-notification budget as a token bucket (I1: "no more than two or
/// three per hour", Apple, "Pushing background updates to your App"): `capacity` tokens,
/// one more every `refill`. Default: capacity 1, refill 20 min (3 per hour). Beside it an
/// optional daily allowance: at most `daily` background pushes run per simulated day
/// (⌊t / 24 h⌋), renewed at each day's start (Apple staff, Developer Forums thread 776933:
/// "The budgets are reset every 24 hours"; no size is given, so there is no default).
public struct BackgroundBudget: Decodable, Sendable, Equatable, ParamFieldDeclaring {
    public static let capacity = Param.integer("capacity", default: 1, range: 0...1_000_000, doc: "tokens the bucket holds")
    public static let refill = Param.duration("refill", default: .minutes(20), range: .positive("a refill interval"),
                                              doc: "one more token every this long")
    public static let daily = Param.optionalInteger("daily", range: 0...1_000_000,
                                            doc: "background pushes run per simulated day at most, renewed every 24 h (none: no daily limit)")
    public static let fields: [ParamField<Self>] = [.bind(capacity, \.capacity), .bind(refill, \.refill), .bind(daily, \.daily)]

    public var capacity: Int
    public var refill: SimDuration
    /// Background pushes run per simulated day at most (`nil`: no daily limit).
    public var daily: Int?

    public static let `default` = BackgroundBudget(capacity: BackgroundBudget.capacity.defaultValue, refill: BackgroundBudget.refill.defaultValue)

    public init(capacity: Int, refill: SimDuration, daily: Int? = nil) { self.capacity = capacity; self.refill = refill; self.daily = daily }

    public init(from decoder: any Decoder) throws {
        self = .default
        try decodeFields(from: decoder)
    }
}
