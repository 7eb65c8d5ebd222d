/// The person the app notifies (JSON `"recipient"`, at the top level or per variant): the
/// IANA time zone their quiet hours are read in, the quiet hours, and the devices besides
/// the main `device` they have the app on.
///
/// ```json
/// {"timeZone": "Europe/Sarajevo", "quietHours": {"from": "22:00", "to": "07:00"},
///  "otherDevices": [{"platform": "android"}]}
/// ```
/// Default: UTC, no quiet hours, no other devices.
public struct RecipientSpec: Decodable, Sendable {
    /// IANA time zone identifier; must be known to Foundation's `TimeZone(identifier:)`.
    public var timeZone = "UTC"
    /// Local quiet hours; `nil` (or an empty window) for none.
    public var quietHours: QuietHours?
    /// The user's other devices, in order (device 1, 2, …; the main device is 0).
    public var otherDevices: [OtherDeviceSpec] = []
    /// How the app server stores registration tokens: `perDevice` (default: a device's
    /// new token replaces the one the server held) or `perToken` (a row per token: the
    /// token held before stays as the device's previous registration, sent to like any
    /// other until a provider error deletes it; after a reinstall that can deliver every
    /// message twice, F14).
    public var tokenStore = TokenStore.perDevice
    /// The recipient's wall clock, bound to the scenario's `start` and horizon when the
    /// scenario is decoded (`nil` when the scenario gives no `start`).
    public internal(set) var clock: LocalClock?

    /// UTC, no quiet hours, no other devices.
    public static let `default` = RecipientSpec()

    /// At most this many other devices (a message's per-device flags fit one byte).
    public static let maximumOtherDevices = 7

    public init() {}

    /// How the app server stores registration tokens (see `tokenStore`).
    public enum TokenStore: String, Sendable, CaseIterable, Decodable { case perDevice, perToken }

    enum CodingKeys: String, CodingKey, CaseIterable { case timeZone, quietHours, otherDevices, tokenStore }

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        timeZone = try c.decodeOptional(String.self, forKey: .timeZone) ?? "UTC"
        // A clock over one day only validates the identifier; `bind` builds the real one.
        guard LocalClock(timeZone: timeZone, startEpoch: 0, horizon: .zero) != nil else {
            throw c.invalid(.timeZone, "unknown time zone \"\(timeZone)\"; expected an IANA identifier such as \"Europe/Sarajevo\" or \"America/New_York\"")
        }
        quietHours = try c.decodeOptional(QuietHours.self, forKey: .quietHours)
        if quietHours?.isEmpty == true { quietHours = nil }
        otherDevices = try c.decodeOptional([OtherDeviceSpec].self, forKey: .otherDevices) ?? []
        guard otherDevices.count <= Self.maximumOtherDevices else {
            throw c.invalid(.otherDevices, "at most \(Self.maximumOtherDevices) other devices, got \(otherDevices.count)")
        }
        tokenStore = try c.decodeEnum(.tokenStore, default: .perDevice)
    }

    /// Builds the wall clock for a run that starts at UNIX time `startEpoch` seconds and
    /// lasts `horizon`.
    mutating func bind(startEpoch: Int64?, horizon: SimDuration) {
        clock = startEpoch.flatMap { LocalClock(timeZone: timeZone, startEpoch: $0 * 1_000_000, horizon: horizon) }
    }

    /// Whether `t` falls inside the recipient's quiet hours (never without quiet hours).
    public func inQuietHours(_ t: SimTime) -> Bool {
        guard let quietHours, let clock else { return false }
        return quietHours.contains(t, clock: clock)
    }

    /// The first instant at or after `t` outside the quiet hours (`t` without quiet hours).
    public func wake(after t: SimTime) -> SimTime {
        guard let quietHours, let clock else { return t }
        return quietHours.wake(after: t, clock: clock)
    }
}
