/// The keys of `message` (at the top level, per variant or per change schedule), declared
/// from the decoder's `CodingKeys` (see `AnyParam.keyed`).
extension MessageTemplate: ParamDeclaring {
    /// One declaration per key of `message`.
    public static var params: [AnyParam] { AnyParam.keyed(CodingKeys.self, param) }

    private static func param(_ key: CodingKeys) -> AnyParam {
        let n = key.stringValue
        switch key {
        case .type: return .names(n, ["data", "notification", "both", "background", "alert"], default: "data",
                                  doc: "message type (APNs aliases: background = data, alert = notification)")
        case .priority: return .value(n, type: "\"high\" | \"normal\"", default: .null,
                                      doc: "FCM priority (default: high for notification messages, normal for data)",
                                      schema: .object(["enum": .array(FCMPriority.allCases.map { .string($0.rawValue) })]))
        case .apnsPriority: return .value(n, type: "10 | 5 | 1", default: .null,
                                          doc: "apns-priority (default: from priority, else 10; 5 for background pushes)",
                                          schema: .object(["enum": [10, 5, 1]]))
        case .collapseKey: return Param.optionalKeyPattern(n, doc: "collapse key; {key} stands for the changed key").any
        case .tag: return Param.optionalKeyPattern(n, doc: "notification tag (replaces the displayed one); {key} as in collapseKey").any
        case .ttl: return .value(n, type: "duration ≤ 28d", unit: SimDuration.unitList, default: .null,
                                 doc: "FCM TTL (not with expiration; default: the channel's)", schema: Schema.ref("duration"))
        case .expiration: return .value(n, type: "duration ≤ 30d", unit: SimDuration.unitList, default: .null,
                                        doc: "apns-expiration after the send time (not with ttl)", schema: Schema.ref("duration"))
        case .size: return Param.integer(n, default: 0, range: 0...4096, doc: "payload bytes (cost columns)").any
        case .send: return Param.boolean(n, default: true, doc: "false: changes send no push at all").any
        case .mutableContent: return Param.boolean(n, default: false,
                                                   doc: "APNs mutable-content: 1: an iOS alert runs the app's Notification Service Extension before it is shown (I7)").any
        }
    }

    /// `ttl` and `expiration` exclude each other.
    public static var schemaRules: [OrderedJSON.Member] {
        [.init("not", .object(["required": ["ttl", "expiration"]]))]
    }
}
