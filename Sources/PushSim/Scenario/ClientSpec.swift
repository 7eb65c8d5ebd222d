/// How the app's pulls behave (JSON `"client"`): each pull takes `pullLatency` and fails
/// with probability `pullFailure` (both drawn on the `client` stream); a pull also fails
/// when the app has no network when it starts (offline, or held back by Doze), when the
/// device is offline when it completes, or when it was
/// started in the background and outlasts the app's background handler time.
///
/// `responseSize` and `changeSize` only feed the cost columns: an applied answer is
/// `responseSize` bytes plus `changeSize` per change it carries (per key for a snapshot).
public struct ClientSpec: Decodable, Sendable {
    public var pullLatency: DurationDistribution = .zero
    public var pullFailure: Double = 0
    /// Bytes of every applied pull answer (0 … 100,000,000; default 0).
    public var responseSize = 0
    /// Bytes per change (or, for a snapshot, per key) in an applied answer (0 … 100,000,000; default 0).
    public var changeSize = 0

    /// Instantaneous pulls that never fail on their own.
    public static let instant = ClientSpec()

    public init() {}

    enum CodingKeys: String, CodingKey, CaseIterable { case pullLatency, pullFailure, responseSize, changeSize }

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        pullLatency = try c.decodeIfPresent(DurationDistribution.self, forKey: .pullLatency) ?? .zero
        pullFailure = try c.decodeProbability(.pullFailure, default: 0)
        responseSize = try c.decodeInt(.responseSize, in: 0...100_000_000, default: 0)
        changeSize = try c.decodeInt(.changeSize, in: 0...100_000_000, default: 0)
    }
}
