/// The keys of `server`, of a change schedule and of a stage, declared from the decoders'
/// `CodingKeys` (see `AnyParam.keyed`).
extension ServerSpec: ParamDeclaring {
    /// One declaration per key of `server`.
    public static var params: [AnyParam] { AnyParam.keyed(CodingKeys.self, param) }

    private static func param(_ key: CodingKeys) -> AnyParam {
        let n = key.stringValue
        switch key {
        case .keys: return Param.integer(n, default: nil, range: 1...1_000_000, doc: "number of keys in the server state").any
        case .retainLast: return Param.integer(n, default: nil, range: 0...10_000_000,
                                               doc: "changes the log keeps for changes(since:); an older cursor gets a reset").any
        case .changes:
            let one = Schema.ref("changeSchedule")
            return .value(n, type: "schedule or non-empty list of schedules", default: nil,
                          doc: "when changes happen (a list is merged in time order, earlier schedule first at equal times)",
                          schema: .object(["anyOf": .array([one, Schema.list(one, count: 1...Int.max)])]), nested: ChangeSchedule.params)
        }
    }
}

extension ChangeSchedule: ParamDeclaring {
    /// One declaration per key of a change schedule.
    public static var params: [AnyParam] { AnyParam.keyed(CodingKeys.self, param) }

    private static func param(_ key: CodingKeys) -> AnyParam {
        let n = key.stringValue
        switch key {
        case .count: return .value(n, type: "integer 0 … 10000000", default: .null, doc: "number of changes, or of entities with stages (required unless trace)",
                                   schema: .object(["type": "integer", "minimum": 0, "maximum": 10_000_000]))
        case .start: return Param.duration(n, default: .zero, doc: "time of the first change (first entity's start)").any
        case .interval: return Param.optionalDuration(n, doc: "fixed spacing between changes (give interval or gap when count > 1)").any
        case .gap: return .value(n, type: "duration distribution", unit: SimDuration.unitList, default: .null,
                                 doc: "gaps between changes drawn from a distribution (instead of interval)",
                                 schema: .object(["$ref": .string(Schema.distributionRef)]))
        case .stages: return .list(n, of: Stage.self, count: 1...64, default: .null,
                                   doc: "ordered stages each entity goes through (names unique); entity i writes key firstKey + i")
        case .firstKey: return Param.integer(n, default: 0, range: 0...999_999, doc: "with stages: the key of entity 0").any
        case .message: return .object(n, MessageTemplate.self, def: "message", default: .null,
                                      doc: "message sent for these changes (default: the variant's or scenario's)")
        case .notify: return .value(n, type: "boolean", default: .null,
                                    doc: "whether each change is meant to notify (default: unless the message type is data)",
                                    schema: .object(["type": "boolean"]))
        case .trace: return .object(n, ChangeTraces.self, default: .null,
                                    doc: "recorded change times (CSV: time_s, optional key), a file or a folder of them (not with count, start, interval, gap, stages)")
        }
    }
}

extension ChangeSchedule.Stage: ParamDeclaring {
    /// One declaration per key of a stage.
    public static var params: [AnyParam] { AnyParam.keyed(CodingKeys.self, param) }

    private static func param(_ key: CodingKeys) -> AnyParam {
        let n = key.stringValue
        switch key {
        case .name: return .value(n, type: "string of 1 to 64 bytes", default: nil, doc: "the stage's name, shown in traces",
                                  schema: .object(["type": "string", "minLength": 1, "maxLength": 64]))
        case .after: return Param.distribution(n, default: .zero, doc: "time from the previous stage (stage 0: the entity's start)").any
        }
    }
}
