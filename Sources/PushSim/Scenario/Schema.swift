/// The JSON Schema (draft 2020-12) of scenario files, generated from the parameter
/// declarations (`Param`, `ParamDeclaring`) and `Registry`: one fragment per plug-in kind,
/// assembled into `channel` (chosen by `"kind"` with `if`/`then`), `strategy` and `sender`
/// definitions, and a document that places them where a scenario file has them.
///
/// The schema checks structure: keys, types, ranges, kinds. A few checks stay with the
/// decoder: duration strings beyond 100 years, error rates that add up to more than 1,
/// `Retry-After` on a final code inside `{rate, retryAfter}`, cross-parameter rules (a
/// backoff cap below `initial`), a distribution's own parameter ranges, key patterns
/// counted in bytes rather than characters.
public enum Schema {
    /// The dialect every document declares.
    public static let dialect = "https://json-schema.org/draft/2020-12/schema"

    static let durationRef = "#/$defs/duration"
    static let positiveDurationRef = "#/$defs/positiveDuration"
    static let distributionRef = "#/$defs/durationDistribution"

    /// A duration string: one or more `<number><unit>` terms.
    static let duration: OrderedJSON = .object([
        "type": "string", "pattern": "^([0-9]+(\\.[0-9]*)?|\\.[0-9]+)(us|ms|s|m|h|d)(([0-9]+(\\.[0-9]*)?|\\.[0-9]+)(us|ms|s|m|h|d))*$",
        "description": "a duration with its unit: us, ms, s, m, h, d (e.g. \"250ms\", \"30s\", \"1h30m\")",
    ])

    /// A duration string that is not zero.
    static let positiveDuration: OrderedJSON = .object([
        "$ref": .string(durationRef), "not": .object(["pattern": "^([0.]+(us|ms|s|m|h|d))+$"]),
    ])

    /// A collapse-key pattern (the decoder counts the 64 in bytes).
    static let keyPattern: OrderedJSON = .object(["type": "string", "minLength": 1, "maxLength": 64])

    /// The object `T` declares: its parameters, its reserved keys as strings, nothing else.
    public static func object<T: ParamDeclaring>(of type: T.Type) -> OrderedJSON {
        adding(T.schemaRules, to: object(T.params, reserved: T.reservedKeys.map { ($0, .object(["type": "string"])) }, requireReserved: []))
    }

    /// An object of `params` plus `reserved` keys (with their schemas); `additionalProperties: false`.
    static func object(_ params: [AnyParam], reserved: [(String, OrderedJSON)], requireReserved: [String]) -> OrderedJSON {
        let properties = reserved.map { OrderedJSON.Member($0.0, $0.1) } + params.map { OrderedJSON.Member($0.name, $0.documentedSchema) }
        let required = requireReserved + params.filter(\.isRequired).map(\.name)
        return .object([
            "type": "object",
            "properties": .object(properties),
            "required": required.isEmpty ? nil : .array(required.map { .string($0) }),
            "additionalProperties": false,
        ])
    }

    /// `ErrorRates` accepting `allowed`: each code a probability or `{rate, retryAfter}`
    /// (`retryAfter` only for a retryable code).
    static func errorRates(_ allowed: [SendError]) -> OrderedJSON {
        let probability: OrderedJSON = .object(["type": "number", "minimum": 0, "maximum": 1])
        let codes = allowed.map { e -> OrderedJSON.Member in
            let detail = ErrorRates.Detail.params.filter { e.isRetryable || $0.name != ErrorRates.Detail.retryAfter.name }
            return .init(e.rawValue, .object(["anyOf": .array([probability, object(detail, reserved: [], requireReserved: [])])]))
        }
        return .object(["type": "object", "properties": .object(codes), "additionalProperties": false])
    }

    /// A duration distribution: a duration string, or a distribution object with `"unit"`.
    static var durationDistribution: OrderedJSON {
        let branches = Distribution.kinds.map(\.kind).map { kind -> OrderedJSON in
            let names = Distribution.parameterNames(of: kind) ?? []
            let properties = names.map { name -> OrderedJSON.Member in
                switch name {
                case "weights", "values": .init(name, .object(["type": "array", "items": .object(["type": "number"])]))
                case "file", "column": .init(name, .object(["type": "string"]))
                case "interpolate": .init(name, .object(["type": "boolean"]))
                default: .init(name, .object(["type": "number"]))
                }
            }
            // discrete's values are optional; empirical takes values or file (decoding checks which).
            let required = kind == "empirical" ? [] : names.filter { !(kind == "discrete" && $0 == "values") }
            return .object([
                "if": .object(["properties": .object(["kind": .object(["const": .string(kind)])])]),
                "then": .object(["properties": .object(properties), "required": .array(required.map { .string($0) })]),
            ])
        }
        let object: OrderedJSON = .object([
            "type": "object",
            "properties": .object([
                "kind": .object(["enum": .array(Distribution.kinds.map { .string($0.kind) })]),
                "unit": .object(["enum": .array(SimDuration.units.map { .string($0.name) })]),
            ]),
            "required": ["kind", "unit"],
            "allOf": .array(branches),
            "unevaluatedProperties": false,
        ])
        return .object(["anyOf": .array([.object(["$ref": .string(durationRef)]), object])])
    }

    /// The definitions every fragment may `$ref`.
    static var valueDefinitions: [OrderedJSON.Member] {
        [.init("duration", duration), .init("positiveDuration", positiveDuration), .init("durationDistribution", durationDistribution)]
    }
}
