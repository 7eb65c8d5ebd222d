/// Another device of the same user (JSON `recipient.otherDevices[i]`): the sender holds a
/// registration token per device and sends every message to each device it has a token
/// for (A10, F10: tokens belong to an app instance on a device, not to a user).
///
/// An other device is a receiver: its connectivity, token (rotations, uninstall and
/// reinstall, registration at each launch) and its own copy of the variant's channel
/// (provider storage, expiry, transport) are modelled; its app's code, Doze, screen,
/// budgets and the tray are not (the screen counts as on, Doze never restricts). The main
/// `device` is the one whose app runs the client strategy.
///
/// ```json
/// {"platform": "ios", "offline": [{"from": "1h", "to": "2h"}], "tokenRotations": ["3h"],
///  "uninstalled": [{"from": "5h", "to": "6h"}], "launches": ["4h"]}
/// ```
public struct OtherDeviceSpec: Decodable, Sendable {
    /// Which platform's provider rules apply (e.g. `fcm` hands iOS devices to APNs).
    public var platform: Platform = .generic
    /// Offline periods (sorted, non-overlapping; adjacent ones merged).
    public var offline: [Period] = []
    /// Times the registration token changes; registered at the next launch.
    public var tokenRotations: [SimDuration] = []
    /// Uninstall periods: the app is gone from `from`, reinstalled (new token) at `to`.
    public var uninstalled: [Period] = []
    /// Times the user launches the app there (it registers its token, per `client.registration`).
    public var launches: [SimDuration] = []

    public init() {}

    enum CodingKeys: String, CodingKey, CaseIterable { case platform, offline, tokenRotations, uninstalled, launches }

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        platform = try c.decodeEnum(.platform, default: .generic)
        offline = try c.decodePeriods(.offline)
        tokenRotations = try c.decodeDurations(.tokenRotations)
        uninstalled = try c.decodePeriods(.uninstalled)
        launches = try c.decodeDurations(.launches)
    }
}
