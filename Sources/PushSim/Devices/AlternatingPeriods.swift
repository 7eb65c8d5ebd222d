/// Alternating online/offline periods drawn per replication on the `device.connectivity`
/// stream: online for a draw of `online`, offline for a draw of `offline`, and so on,
/// starting online (or offline when `startOffline`).
public struct AlternatingPeriods: Decodable, Sendable {
    public var online: DurationDistribution
    public var offline: DurationDistribution
    public var startOffline: Bool

    enum CodingKeys: String, CodingKey, CaseIterable { case online, offline, startOffline }

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        online = try c.decode(DurationDistribution.self, forKey: .online)
        offline = try c.decode(DurationDistribution.self, forKey: .offline)
        startOffline = try c.decodeBool(.startOffline, default: false)
        guard online.meanDuration >= .seconds(1), offline.meanDuration >= .seconds(1) else {
            throw decoder.invalid("online and offline period distributions need a mean of at least 1s")
        }
    }

    /// Offline periods up to `horizon`, drawn from `random`.
    public func draw(until horizon: SimTime, random: RandomStream) -> [Period] {
        var out: [Period] = []
        var t = SimDuration(microseconds: 0)
        var isOnline = !startOffline
        let end = horizon - SimTime.zero
        while t < end {
            let length = max(SimDuration(microseconds: 1), (isOnline ? online : offline).sample(random))
            if !isOnline { out.append(Period(from: t, to: t + length)) }
            t = t + length
            isOnline.toggle()
        }
        return out
    }
}
