/// The keys of a sweep file, of an axis (and its range) and of a constraint, declared
/// from the decoders' `CodingKeys` (see `AnyParam.keyed`).
extension SweepSpec: ParamDeclaring {
    /// One declaration per top-level key of a sweep file.
    public static var params: [AnyParam] { AnyParam.keyed(CodingKeys.self, param) }

    private static func param(_ key: CodingKeys) -> AnyParam {
        let n = key.stringValue, base = "overrides the base scenario's"
        switch key {
        case .name: return .value(n, type: "folder name", default: nil, doc: "short name; names the default results folder",
                                  schema: Schema.folderName)
        case .description: return .string(n, default: "", doc: "free text")
        case .base: return .string(n, default: nil, doc: "the base scenario file, relative to the sweep file")
        case .replications: return .value(n, type: "integer 1 … 100000000", default: .null, doc: "replications per point; \(base)",
                                          schema: .object(["type": "integer", "minimum": 1, "maximum": 100_000_000]))
        case .seed: return .value(n, type: "integer ≥ 0 (UInt64)", default: .null, doc: "seed; \(base)",
                                  schema: .object(["type": "integer", "minimum": 0]))
        case .horizon: return .value(n, type: "duration", unit: SimDuration.unitList, default: .null, doc: "horizon; \(base)",
                                     schema: Schema.ref("duration"))
        case .variants: return .value(n, type: "non-empty list of variant names", default: .null, doc: "the base's variants to keep",
                                      schema: Schema.list(.object(["type": "string"]), count: 1...Int.max))
        case .strategies: return .value(n, type: "list of strategies", default: .null, doc: "strategies; \(base)",
                                        schema: Schema.list(Schema.ref("strategy"), count: 1...Int.max))
        case .combine: return Param.enumeration(n, default: Combine.grid, doc: "grid: every combination; zip: the i-th values together").any
        case .axes: return .list(n, of: Axis.self, def: "axis", count: 1...Int.max, default: nil, doc: "the swept parameters (names unique)")
        case .constraints: return .list(n, of: Constraint.self, default: .array([]), doc: "points to skip: those whose axis values fail one")
        case .metric: return .string(n, default: "convergence_rate",
                                     doc: "the summary.csv column the compare plot draws first against the first axis (what the sweep is about)")
        case .cost: return .string(n, default: "mean_pulls",
                                   doc: "the summary.csv column the cost plot draws on x against staleness (and the compare plot last)")
        }
    }
}

extension Axis: ParamDeclaring {
    /// One declaration per key of `axes[]`.
    public static var params: [AnyParam] { AnyParam.keyed(CodingKeys.self, param) }

    /// Exactly one of `values` and `range`.
    public static var schemaRules: [OrderedJSON.Member] { [Schema.exactlyOne(of: [CodingKeys.values.stringValue, CodingKeys.range.stringValue])] }

    private static func param(_ key: CodingKeys) -> AnyParam {
        let n = key.stringValue
        switch key {
        case .name: return .value(n, type: "string", default: .null, doc: "the axis column in the reports (default: the path)",
                                  schema: .object(["type": "string"]))
        case .path: return .string(n, default: nil, doc: "where the value goes in the scenario, e.g. variants[lossy].channel.loss; "
                                       + "a key after a list names its element of that kind, e.g. strategies.polling.interval")
        case .values: return .value(n, type: "list of JSON values, at least one", default: .null, doc: "the values (or give range)",
                                    schema: Schema.list(.object([]), count: 1...Int.max))
        case .range:
            let params = AnyParam.keyed(RangeKeys.self, rangeParam)
            guard case .object(let members) = Schema.object(params, reserved: [], requireReserved: []) else { preconditionFailure() }
            let schema = OrderedJSON.object(members + [Schema.exactlyOne(of: [RangeKeys.step.stringValue, RangeKeys.factor.stringValue])])
            return .value(n, type: "object {\(params.map(\.name).joined(separator: ", "))}", default: .null,
                          doc: "from, to, and step (arithmetic) or factor (geometric); with unit, duration strings", schema: schema, nested: params)
        }
    }

    private static func rangeParam(_ key: RangeKeys) -> AnyParam {
        let n = key.stringValue
        switch key {
        case .from: return Param.number(n, default: nil, range: -1e15...1e15, doc: "first value").any
        case .to: return Param.number(n, default: nil, range: -1e15...1e15, doc: "last value at most").any
        case .step: return .value(n, type: "number > 0", default: .null, doc: "arithmetic step",
                                  schema: .object(["type": "number", "exclusiveMinimum": 0]))
        case .factor: return .value(n, type: "number in [1.000001, 1000000]", default: .null, doc: "geometric factor",
                                    schema: .object(["type": "number", "minimum": 1.000001, "maximum": 1e6]))
        case .unit: return .value(n, type: SimDuration.unitList, default: .null, doc: "makes every value a duration string in this unit",
                                  schema: .object(["enum": .array(SimDuration.units.map { .string($0.name) })]))
        }
    }
}

extension Constraint: ParamDeclaring {
    /// One declaration per key of `constraints[]`.
    public static var params: [AnyParam] { AnyParam.keyed(CodingKeys.self, param) }

    private static func param(_ key: CodingKeys) -> AnyParam {
        let n = key.stringValue
        switch key {
        case .axis: return .string(n, default: nil, doc: "an axis name")
        case .op: return .names(n, ["<", "<=", "==", "!=", ">=", ">"], default: nil, doc: "the comparison")
        case .other: return .string(n, default: nil, doc: "another axis name")
        }
    }
}
