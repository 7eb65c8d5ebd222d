/// The keys of a scenario file and of a variant, declared from the decoders' `CodingKeys`
/// (see `AnyParam.keyed`): `pushsim list --markdown` and `Schema.scenario()` read them.
extension Scenario: ParamDeclaring {
    /// One declaration per top-level key, in `CodingKeys` order.
    public static var params: [AnyParam] { AnyParam.keyed(CodingKeys.self, param) }

    private static func param(_ key: CodingKeys) -> AnyParam {
        let n = key.stringValue
        switch key {
        case .name: return .value(n, type: "folder name", default: nil, doc: "short name; names the default results folder",
                                  schema: Schema.folderName)
        case .description: return .string(n, default: "", doc: "free text")
        case .seed: return .value(n, type: "integer ≥ 0 (UInt64)", default: nil, doc: "scenario seed; every stream seed derives from it",
                                  schema: .object(["type": "integer", "minimum": 0]))
        case .replications: return Param.integer(n, default: nil, range: 1...100_000_000, doc: "replications per (variant, strategy)").any
        case .horizon: return .value(n, type: "duration > 0, ≤ 36500d", unit: SimDuration.unitList, default: nil,
                                     doc: "simulated time each run covers", schema: Schema.ref("positiveDuration"))
        case .generator: return .value(n, type: "GSL generator name (pushsim list: GENERATORS)", default: .string(GeneratorType.default.name),
                                       doc: "generator of every stream: philox4x32-10 (counter-based, Random123) or any GSL type",
                                       schema: .object(["enum": .array(GeneratorType.allNames.map { .string($0) })]))
        case .server: return .object(n, ServerSpec.self, def: "server", default: nil, doc: "server state, log and change schedule")
        case .device: return .object(n, DeviceSpec.self, def: "device", default: .object([]),
                                     doc: "device timeline (default: a generic device, always online, never opened)")
        case .message: return .object(n, MessageTemplate.self, def: "message", default: .object([]), doc: "message template of every push")
        case .client: return .object(n, ClientSpec.self, def: "client", default: .object([]), doc: "how the app's client code behaves")
        case .strategies: return .value(n, type: "list of strategies (kind or {kind, name, …}), at least one", default: nil,
                                        doc: "client strategies compared, in report order (names unique)",
                                        schema: Schema.list(Schema.ref("strategy"), count: 1...Int.max))
        case .variants: return .list(n, of: Variant.self, def: "variant", count: 1...Int.max, default: nil,
                                     doc: "channel variants, in report order (names unique)")
        case .start: return .value(n, type: "UTC instant \"YYYY-MM-DDTHH:MM:SSZ\"", default: .null,
                                   doc: "wall-clock time of t = 0 (quiet hours need it)", schema: Schema.utcInstant)
        case .recipient: return .object(n, RecipientSpec.self, def: "recipient", default: .object([]),
                                        doc: "the person notified: time zone, quiet hours, other devices, how the server stores their tokens")
        case .sender: return .value(n, type: "sender (kind or {kind, …})", default: .string(PerChange.kind),
                                    doc: "what the server sends per change", schema: Schema.ref("sender"))
        case .fleet: return .object(n, FleetSpec.self, default: .null, doc: "many recipients sharing one server, sender and the providers' quotas")
        }
    }
}

extension Variant: ParamDeclaring {
    /// One declaration per key of `variants[]`, in `CodingKeys` order; every key but
    /// `name` and `channel` replaces the scenario's own.
    public static var params: [AnyParam] { AnyParam.keyed(CodingKeys.self, param) }

    private static func param(_ key: CodingKeys) -> AnyParam {
        let n = key.stringValue, own = "replaces the scenario's"
        switch key {
        case .name: return .value(n, type: "non-empty string without \"/\"", default: nil, doc: "report name (unique)",
                                  schema: .object(["type": "string", "pattern": "^[^/]+$"]))
        case .channel: return .value(n, type: "channel {kind, …}", default: nil, doc: "the push channel", schema: Schema.ref("channel"))
        case .device: return .object(n, DeviceSpec.self, def: "device", default: .null, doc: "device timeline; \(own)")
        case .server: return .object(n, ServerSpec.self, def: "server", default: .null, doc: "server; \(own)")
        case .message: return .object(n, MessageTemplate.self, def: "message", default: .null, doc: "message template; \(own)")
        case .client: return .object(n, ClientSpec.self, def: "client", default: .null, doc: "client settings; \(own)")
        case .recipient: return .object(n, RecipientSpec.self, def: "recipient", default: .null, doc: "recipient; \(own)")
        case .sender: return .value(n, type: "sender (kind or {kind, …})", default: .null, doc: "sender policy; \(own)",
                                    schema: Schema.ref("sender"))
        }
    }
}
