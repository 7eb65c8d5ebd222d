/// The device and user side of a scenario: when the device is offline and when the user
/// opens the app.
///
/// JSON: `{"offline": [{"from": "0s", "to": "40s"}], "foreground": ["60s"]}`; both
/// optional (default: always online, never opened).
public struct DeviceSpec: Decodable, Sendable {
    /// Offline periods `[from, to)`, sorted and non-overlapping; the device is online otherwise.
    public var offline: [OfflinePeriod]
    /// Times at which the app comes to the foreground, non-decreasing.
    public var foreground: [SimDuration]

    /// Always online, never opened.
    public static let alwaysOnline = DeviceSpec(offline: [], foreground: [])

    public init(offline: [OfflinePeriod], foreground: [SimDuration]) {
        self.offline = offline; self.foreground = foreground
    }

    enum CodingKeys: String, CodingKey, CaseIterable { case offline, foreground }

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        offline = try c.decodeIfPresent([OfflinePeriod].self, forKey: .offline) ?? []
        for (i, p) in offline.enumerated().dropFirst() where p.from < offline[i - 1].to {
            throw DecodingError.dataCorrupted(.init(codingPath: c.codingPath + [CodingKeys.offline, AnyCodingKey(intValue: i)!],
                debugDescription: "offline periods must be sorted and must not overlap (this one starts before the previous one ends)"))
        }
        foreground = (try c.decodeIfPresent([DurationString].self, forKey: .foreground) ?? []).map(\.value).sorted()
    }
}

/// One offline period: the device is unreachable from `from` (inclusive) to `to` (exclusive).
public struct OfflinePeriod: Decodable, Sendable {
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
