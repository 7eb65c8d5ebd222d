/// How the app's pulls behave (JSON `"client"`): each pull takes `pullLatency` and fails
/// with probability `pullFailure` (both drawn on the `client` stream); a pull also fails
/// when the app has no network when it starts (offline, or held back by Doze), when the
/// device is offline when it completes, or when it was
/// started in the background and outlasts the app's background handler time.
public struct ClientSpec: Decodable, Sendable {
    public var pullLatency: DurationDistribution = .zero
    public var pullFailure: Double = 0

    /// Instantaneous pulls that never fail on their own.
    public static let instant = ClientSpec()

    public init() {}

    enum CodingKeys: String, CodingKey, CaseIterable { case pullLatency, pullFailure }

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        pullLatency = try c.decodeIfPresent(DurationDistribution.self, forKey: .pullLatency) ?? .zero
        pullFailure = try c.decodeProbability(.pullFailure, default: 0)
    }
}
