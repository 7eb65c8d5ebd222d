/// The keys of `device.app`, of `app.opens` and of `app.tap`, declared from the decoders'
/// `CodingKeys` (see `AnyParam.keyed`).
extension AppSpec: ParamDeclaring {
    /// One declaration per key of `device.app`.
    public static var params: [AnyParam] { AnyParam.keyed(CodingKeys.self, param) }

    private static func param(_ key: CodingKeys) -> AnyParam {
        let n = key.stringValue
        switch key {
        case .foreground: return .durations(n, doc: "app opens at these times, each for sessionLength")
        case .sessionLength: return Param.duration(n, default: .minutes(1), doc: "session length of foreground opens and taps").any
        case .sessions: return .list(n, of: Session.self, default: .array([]), doc: "app opens with their own lengths")
        case .opens: return .object(n, RandomOpens.self, default: .null, doc: "app opens as a renewal process drawn per replication")
        case .initialState: return Param.enumeration(n, default: AppState.background, doc: "the app's state at t = 0").any
        case .forceQuit: return .durations(n, doc: "times the user force-quits (I2) or force-stops (D5) the app")
        case .swipeAway: return .durations(n, doc: "Android: times the app is swiped from Recents (D5)")
        case .tap: return .object(n, params: AnyParam.keyed(TapKeys.self, tapParam), default: .null,
                                  doc: "whether and when the user taps a displayed notification (default: never)")
        case .handlerTime: return Param.optionalDuration(n, doc: "time the app has for background work (default: iOS 30s, Android 10s, generic unlimited)").any
        case .serviceExtensionTime: return Param.duration(n, default: .seconds(30), range: .positive("a service extension time"),
                                                          doc: "time the Notification Service Extension has before the original content is shown (I7; Apple: about 30 s)").any
        }
    }

    private static func tapParam(_ key: TapKeys) -> AnyParam {
        let n = key.stringValue
        switch key {
        case .probability: return Param.probability(n, default: nil, doc: "chance the user taps a displayed notification").any
        case .delay: return Param.distribution(n, default: .constant(.seconds(10)), doc: "time from display to the tap").any
        }
    }
}

extension RandomOpens: ParamDeclaring {
    /// One declaration per key of `device.app.opens`.
    public static var params: [AnyParam] { AnyParam.keyed(CodingKeys.self, param) }

    private static func param(_ key: CodingKeys) -> AnyParam {
        let n = key.stringValue
        switch key {
        case .gap: return .value(n, type: "duration distribution, mean ≥ 1s", unit: SimDuration.unitList, default: nil,
                                 doc: "time between app opens", schema: .object(["$ref": .string(Schema.distributionRef)]))
        case .session: return Param.distribution(n, default: .constant(.minutes(1)), doc: "length of each session").any
        }
    }
}
