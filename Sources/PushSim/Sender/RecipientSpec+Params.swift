/// The keys of `recipient`, of its quiet hours and of an other device, declared from the
/// decoders' `CodingKeys` (see `AnyParam.keyed`).
extension RecipientSpec: ParamDeclaring {
    /// One declaration per key of `recipient`.
    public static var params: [AnyParam] { AnyParam.keyed(CodingKeys.self, param) }

    private static func param(_ key: CodingKeys) -> AnyParam {
        let n = key.stringValue
        switch key {
        case .timeZone: return .value(n, type: "IANA time zone", default: "UTC", doc: "the time zone quiet hours are read in",
                                      schema: .object(["type": "string", "minLength": 1]))
        case .quietHours: return .object(n, QuietHours.self, default: .null,
                                         doc: "local quiet hours (needs the scenario's start; from == to: none)")
        case .otherDevices: return .list(n, of: OtherDeviceSpec.self, count: 0...maximumOtherDevices, default: .array([]),
                                         doc: "the user's other devices with the app (device 1, 2, …)")
        case .tokenStore: return Param.enumeration(n, default: TokenStore.perDevice,
                                                   doc: "how the server stores tokens: perDevice (a new token replaces the old) or perToken (the old one stays until rejected, F14)").any
        }
    }
}

extension QuietHours: ParamDeclaring {
    /// One declaration per key of `recipient.quietHours`.
    public static var params: [AnyParam] { AnyParam.keyed(CodingKeys.self, param) }

    private static func param(_ key: CodingKeys) -> AnyParam {
        let time: OrderedJSON = .object(["type": "string", "pattern": "^([01][0-9]|2[0-3]):[0-5][0-9]$"])
        switch key {
        case .from: return .value(key.stringValue, type: "local time \"HH:MM\"", default: nil, doc: "start of the window (included)", schema: time)
        case .to: return .value(key.stringValue, type: "local time \"HH:MM\"", default: nil,
                                doc: "end of the window (excluded; before from: overnight)", schema: time)
        }
    }
}

extension OtherDeviceSpec: ParamDeclaring {
    /// One declaration per key of `recipient.otherDevices[]`.
    public static var params: [AnyParam] { AnyParam.keyed(CodingKeys.self, param) }

    private static func param(_ key: CodingKeys) -> AnyParam {
        let n = key.stringValue
        switch key {
        case .platform: return Param.enumeration(n, default: Platform.generic, doc: "whose provider rules apply").any
        case .offline: return .periods(n, doc: "offline periods")
        case .tokenRotations: return .durations(n, doc: "times the registration token changes (registered at the next launch)")
        case .uninstalled: return .periods(n, doc: "uninstall periods (reinstalled with a new token at to)")
        case .launches: return .durations(n, doc: "times the user launches the app there (it registers its token)")
        }
    }
}
