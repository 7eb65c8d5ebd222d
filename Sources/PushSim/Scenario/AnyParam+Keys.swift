/// Declarations for the keys of objects whose decoders read their `CodingKeys` directly
/// (the scenario, server, device, message, recipient, variant, sweep). Such a type gets
/// its `params` from `AnyParam.keyed(CodingKeys.self) { key in switch key { … } }`: the
/// key list stays the decoder's own `CodingKeys` (so the unknown-key check, `pushsim list`
/// and the schema agree by construction), and the exhaustive `switch` makes the compiler
/// ask for a declaration of every key added to the decoder.
extension AnyParam {
    /// The declarations of every case of `keys`, in case order.
    /// - Precondition: `describe` names each declaration after its key.
    static func keyed<K: CodingKey & CaseIterable>(_ keys: K.Type, _ describe: (K) -> AnyParam) -> [AnyParam] {
        keys.allCases.map { key in
            let p = describe(key)
            precondition(p.name == key.stringValue, "declaration \"\(p.name)\" for key \"\(key.stringValue)\"")
            return p
        }
    }

    /// A value described by its schema; `default` `nil` makes it required.
    static func value(_ name: String, type: String, unit: String? = nil, default d: OrderedJSON?, doc: String,
                      schema: OrderedJSON, nested: [AnyParam] = []) -> AnyParam {
        AnyParam(name: name, type: type, unit: unit, defaultJSON: d, doc: doc, nested: nested, schema: schema)
    }

    /// A string (`minLength` 1 when `nonEmpty`); `default` `nil` makes it required.
    static func string(_ name: String, default d: String?, nonEmpty: Bool = false, doc: String) -> AnyParam {
        value(name, type: nonEmpty ? "non-empty string" : "string", default: d.map { .string($0) }, doc: doc,
              schema: .object(["type": "string", "minLength": nonEmpty ? 1 : nil]))
    }

    /// One of `names` (strings); `default` `nil` makes it required.
    static func names(_ name: String, _ names: [String], default d: String?, doc: String) -> AnyParam {
        value(name, type: names.map { "\"\($0)\"" }.joined(separator: " | "), default: d.map { .string($0) }, doc: doc,
              schema: .object(["enum": .array(names.map { .string($0) })]))
    }

    /// A list of duration strings (any order; the decoder sorts them); default empty.
    static func durations(_ name: String, doc: String) -> AnyParam {
        value(name, type: "list of durations", unit: SimDuration.unitList, default: .array([]), doc: doc,
              schema: .object(["type": "array", "items": .object(["$ref": .string(Schema.durationRef)])]))
    }

    /// A list of `{"from", "to"}` periods, sorted and not overlapping; default empty.
    static func periods(_ name: String, doc: String) -> AnyParam {
        value(name, type: "list of periods {from, to}", unit: SimDuration.unitList, default: .array([]), doc: doc,
              schema: .object(["type": "array", "items": Schema.ref("period")]), nested: Period.params)
    }

    /// An object `T` declares, as `#/$defs/<def>` (inline when `def` is `nil`); `default`
    /// `nil` makes it required.
    static func object<T: ParamDeclaring>(_ name: String, _ type: T.Type, def: String? = nil, default d: OrderedJSON?,
                                          doc: String) -> AnyParam {
        value(name, type: "object {\(T.params.map(\.name).joined(separator: ", "))}", default: d, doc: doc,
              schema: def.map(Schema.ref) ?? Schema.object(of: T.self), nested: T.params)
    }

    /// An object of the keys `params` (inline); `default` `nil` makes it required.
    static func object(_ name: String, params: [AnyParam], default d: OrderedJSON?, doc: String) -> AnyParam {
        value(name, type: "object {\(params.map(\.name).joined(separator: ", "))}", default: d, doc: doc,
              schema: Schema.object(params, reserved: [], requireReserved: []), nested: params)
    }

    /// A list of objects `T` declares, each `#/$defs/<def>` (inline when `def` is `nil`).
    static func list<T: ParamDeclaring>(_ name: String, of type: T.Type, def: String? = nil, count: ClosedRange<Int>? = nil,
                                        default d: OrderedJSON?, doc: String) -> AnyParam {
        let items = count.map { " (\($0.lowerBound) … \($0.upperBound))" } ?? ""
        return value(name, type: "list of objects {\(T.params.map(\.name).joined(separator: ", "))}" + items, default: d, doc: doc,
                     schema: Schema.list(def.map(Schema.ref) ?? Schema.object(of: T.self), count: count), nested: T.params)
    }
}

extension Schema {
    /// An array of `items`, with `count` as `minItems`/`maxItems` when given.
    static func list(_ items: OrderedJSON, count: ClosedRange<Int>? = nil) -> OrderedJSON {
        .object([
            "type": "array", "items": items,
            "minItems": count.map { .number(Double($0.lowerBound)) },
            "maxItems": count.flatMap { $0.upperBound == Int.max ? nil : .number(Double($0.upperBound)) },
        ])
    }

    /// `schema` (an object schema) with `members` appended (e.g. a `oneOf` over required keys).
    static func adding(_ members: [OrderedJSON.Member], to schema: OrderedJSON) -> OrderedJSON {
        guard case .object(let own) = schema else { return schema }
        return .object(own + members)
    }

    /// `{"oneOf": [{"required": [a]}, {"required": [b]}, …]}`: exactly one of `keys`.
    static func exactlyOne(of keys: [String]) -> OrderedJSON.Member {
        .init("oneOf", .array(keys.map { .object(["required": .array([.string($0)])]) }))
    }
}
