/// One period `[from, to)` of simulated time.
/// JSON `{"from": "1h", "to": "2h"}`; `to` must be later than `from`.
public struct Period: Decodable, Sendable, Equatable, ParamFieldDeclaring {
    public static let from = Param.duration("from", default: nil, doc: "start of the period (included)")
    public static let to = Param.duration("to", default: nil, doc: "end of the period (excluded), later than from")
    public static let fields: [ParamField<Self>] = [.bind(from, \.from), .bind(to, \.to)]

    public var from: SimDuration
    public var to: SimDuration

    public init(from: SimDuration, to: SimDuration) { self.from = from; self.to = to }

    public init(from decoder: any Decoder) throws {
        self.init(from: .zero, to: .zero)
        let reader = try decodeFields(from: decoder)
        guard to > from else { throw reader.invalid(Self.to, "\"to\" must be later than \"from\"") }
    }
}
