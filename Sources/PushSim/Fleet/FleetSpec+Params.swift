/// The keys of `fleet` and its parts, declared from the decoders' `CodingKeys` (see
/// `AnyParam.keyed`): `pushsim list --markdown` and the scenario schema read them.
extension FleetSpec: ParamDeclaring {
    public static var params: [AnyParam] { AnyParam.keyed(CodingKeys.self, param) }

    private static func param(_ key: CodingKeys) -> AnyParam {
        let n = key.stringValue
        switch key {
        case .population: return .object(n, FleetPopulation.self, default: nil, doc: "the recipients: how many, and their attribute mixes")
        case .server: return .object(n, FleetServerSpec.self, default: .null, doc: "the server's shared pull handling (default: none, each pull takes client.pullLatency)")
        case .sender: return .value(n, type: "sender (outbox or perChange)", default: .null,
                                    doc: "one sender for every recipient's messages (default: one per recipient)", schema: Schema.ref("sender"))
        case .quotas: return .object(n, FleetQuotas.self, default: .null, doc: "the providers' quotas (FCM per project, APNs per device)")
        case .topic: return .object(n, FleetTopic.self, default: .null, doc: "topic messages to every recipient, fanned out by the provider")
        }
    }
}

extension FleetPopulation: ParamDeclaring {
    public static var params: [AnyParam] { AnyParam.keyed(CodingKeys.self, param) }

    private static func param(_ key: CodingKeys) -> AnyParam {
        let n = key.stringValue
        switch key {
        case .count: return Param.integer(n, default: nil, range: 1...10_000_000, doc: "recipients per replication").any
        case .profiles: return .list(n, of: Profile.self, count: 1...10_000, default: .null,
                                     doc: "kinds of recipient (platform, connectivity, app use), drawn by weight (default: one, the variant)")
        case .timeZones: return .list(n, of: Zone.self, count: 1...10_000, default: .null, doc: "time zones, drawn by weight (default: the recipient's)")
        case .otherDevices: return .value(n, type: "count distribution (constant, uniformInt, bernoulli, discrete or empirical; 0 … 7)", default: .null,
                                          doc: "devices besides the main one (default: the recipient's list)",
                                          schema: .object(["type": "object", "required": .array([.string("kind")])]))
        }
    }
}

extension FleetPopulation.Profile: ParamDeclaring {
    public static var params: [AnyParam] { AnyParam.keyed(CodingKeys.self, param) }

    private static func param(_ key: CodingKeys) -> AnyParam {
        let n = key.stringValue, own = "replaces the variant's"
        switch key {
        case .name: return .string(n, default: nil, nonEmpty: true, doc: "the profile's name (unique)")
        case .weight: return Param.number(n, default: 1, range: 0...1e12, doc: "relative weight of the profile").any
        case .channel: return .value(n, type: "channel {kind, …}", default: .null, doc: "the push channel; \(own)", schema: Schema.ref("channel"))
        case .device: return .object(n, DeviceSpec.self, def: "device", default: .null, doc: "device timeline; \(own)")
        case .client: return .object(n, ClientSpec.self, default: .null, doc: "client settings; \(own)")
        case .recipient: return .object(n, RecipientSpec.self, def: "recipient", default: .null, doc: "recipient; \(own)")
        }
    }
}

extension FleetPopulation.Zone: ParamDeclaring {
    public static var params: [AnyParam] { AnyParam.keyed(CodingKeys.self, param) }

    private static func param(_ key: CodingKeys) -> AnyParam {
        let n = key.stringValue
        switch key {
        case .timeZone: return .string(n, default: nil, nonEmpty: true, doc: "IANA time zone identifier")
        case .weight: return Param.number(n, default: 1, range: 0...1e12, doc: "relative weight of the time zone").any
        }
    }
}

extension FleetServerSpec: ParamDeclaring {
    public static var params: [AnyParam] { AnyParam.keyed(CodingKeys.self, param) }

    private static func param(_ key: CodingKeys) -> AnyParam {
        let n = key.stringValue
        switch key {
        case .capacity: return Param.integer(n, default: nil, range: 1...1_000_000, doc: "pulls served at once").any
        case .service: return .value(n, type: "duration distribution", unit: SimDuration.unitList, default: nil,
                                     doc: "time a pull holds a slot, drawn per pull on the recipient's client stream",
                                     schema: .object(["$ref": .string(Schema.distributionRef)]))
        case .queueLimit: return .value(n, type: "integer 0 … 100000000", default: .null, doc: "pulls that may wait (default: no limit)",
                                        schema: .object(["type": "integer", "minimum": 0, "maximum": 100_000_000]))
        case .retryAfter: return Param.duration(n, default: .seconds(30), range: .positive("a Retry-After"), doc: "the Retry-After of a refused pull (503)").any
        }
    }
}

extension FleetQuotas: ParamDeclaring {
    public static var params: [AnyParam] { AnyParam.keyed(CodingKeys.self, param) }

    private static func param(_ key: CodingKeys) -> AnyParam {
        let n = key.stringValue
        switch key {
        case .fcmProject: return .object(n, Limit.self, default: .null, doc: "FCM's per-project quota (F8: 600,000 a minute by default); past it 429 QUOTA_EXCEEDED (retryAfter default 60s, F9)")
        case .apnsDevice: return .object(n, Limit.self, default: .null, doc: "sends per iOS device a minute before APNs answers 429 TooManyRequests (A9; Apple gives no figure)")
        }
    }
}

extension FleetQuotas.Limit: ParamDeclaring {
    public static var params: [AnyParam] { AnyParam.keyed(CodingKeys.self, param) }

    private static func param(_ key: CodingKeys) -> AnyParam {
        let n = key.stringValue
        switch key {
        case .perMinute: return Param.integer(n, default: nil, range: 1...1_000_000_000, doc: "requests per calendar minute").any
        case .retryAfter: return Param.optionalDuration(n, doc: "the retry delay the refusal carries").any
        }
    }
}

extension FleetTopic: ParamDeclaring {
    public static var params: [AnyParam] { AnyParam.keyed(CodingKeys.self, param) }

    private static func param(_ key: CodingKeys) -> AnyParam {
        let n = key.stringValue
        switch key {
        case .changes: return .object(n, ChangeSchedule.self, def: "changeSchedule", default: nil, doc: "when topic messages are sent (drawn on fleet.topic)")
        case .fanOutRate: return .value(n, type: "number > 0", default: .null, doc: "recipients reached per second (default: all at once)",
                                        schema: .object(["type": "number", "minimum": 1e-6, "maximum": 1e9]))
        case .message: return .object(n, MessageTemplate.self, def: "message", default: .null, doc: "the topic's message template")
        }
    }
}
