/// One JSON parameter of a plug-in (or of an object inside one), declared once: its key,
/// value type and range, default, unit and meaning. The declaration drives strict decoding
/// (`ParamReader.decode(_:)`), the `pushsim list` line (`AnyParam.parameterDoc`) and the
/// JSON Schema fragment (`AnyParam.schema`).
///
/// Declare it as a static property of the type that owns it and list it in that type's
/// `params`:
///
/// ```swift
/// static let window = Param.duration("window", default: .seconds(30), range: .positive("a window"),
///                                    doc: "at most one push per this window")
/// static let params = [window.any]
/// public var window = Coalesce.window.defaultValue
/// // in init(from:): let p = try ParamReader(decoder, for: Self.self); window = try p.decode(Self.window)
/// ```
///
/// The constructors (`duration`, `probability`, `integer`, `number`, `boolean`,
/// `enumeration`, `distribution`, `keyPattern`, `object`, `errorRates`) are in
/// `Param+Kinds.swift`.
public struct Param<Value: Sendable>: Sendable {
    /// The declaration without its Swift type: name, type text, default, doc, schema.
    public let any: AnyParam
    /// The value when the key is absent; `nil` for a required parameter.
    let fallback: Value?
    /// Whether a JSON `null` is a value of this parameter (`switchableObject`: off); for
    /// every other parameter `null` is refused (docs/model.md, "null").
    var nullIsValue = false
    /// Decodes and checks the value at `key` (which is present).
    let read: @Sendable (KeyedDecodingContainer<AnyCodingKey>, AnyCodingKey) throws -> Value

    /// - Parameters:
    ///   - fallback: the default; `nil` makes the parameter required.
    ///   - defaultJSON: the default as JSON (for docs and the schema); ignored when required.
    ///   - type: value type, range and unit as `pushsim list` prints them.
    ///   - schema: the JSON Schema of the value.
    ///   - nested: the parameters of an object value (shown under this one by `pushsim list`).
    public init(_ name: String, type: String, unit: String? = nil, default fallback: Value?, defaultJSON: OrderedJSON?,
                doc: String, schema: OrderedJSON, nested: [AnyParam] = [],
                read: @escaping @Sendable (KeyedDecodingContainer<AnyCodingKey>, AnyCodingKey) throws -> Value) {
        self.fallback = fallback
        self.read = read
        let json = fallback == nil ? nil : defaultJSON
        any = AnyParam(name: name, type: type, unit: unit, defaultJSON: json, doc: doc, nested: nested,
                       schema: schema)
    }

    /// The JSON key.
    public var name: String { any.name }

    /// Whether the key must be present.
    public var isRequired: Bool { fallback == nil }

    /// The value used when the key is absent.
    /// - Precondition: the parameter is not required.
    public var defaultValue: Value {
        guard let fallback else { preconditionFailure("parameter \"\(name)\" is required and has no default") }
        return fallback
    }
}

/// A parameter declaration without its Swift value type, for lists, docs and schemas.
public struct AnyParam: Sendable {
    /// JSON key.
    public let name: String
    /// Value type and range, e.g. `"duration > 0"`, `"integer 1 … 64"`, `"probability"`.
    public let type: String
    /// Unit of the value where it has one (`"duration"`: a string with its unit).
    public let unit: String?
    /// The default as JSON; `nil` when the parameter is required.
    public let defaultJSON: OrderedJSON?
    /// What it means.
    public let doc: String
    /// The parameters of an object value (a transport's `loss`, `duplicate`, `delay`); else empty.
    public let nested: [AnyParam]
    /// JSON Schema (draft 2020-12) of the value; may `$ref` `#/$defs/duration` and
    /// `#/$defs/durationDistribution` (see `Schema`).
    public let schema: OrderedJSON

    /// Whether the key must be present.
    public var isRequired: Bool { defaultJSON == nil }

    /// Whether the key is optional without a value of its own: absent means none (or, in
    /// a variant, the scenario's); its documented default is `null`, which is no value a
    /// file may write (docs/model.md, "null").
    public var defaultsToNone: Bool { defaultJSON == .null }

    /// The default as `pushsim list` and docs/plugins.md write it: compact JSON, `none`
    /// (`defaultsToNone`), or `required`.
    public var defaultText: String { defaultsToNone ? "none" : defaultJSON?.compact ?? "required" }

    /// The `pushsim list` entry: the default as `defaultText`; an object's parameters as its `fields`.
    public var parameterDoc: ParameterDoc {
        var entry = ParameterDoc(name, type, defaultText, doc)
        entry.fields = nested.map(\.parameterDoc)
        return entry
    }

    /// The schema with the default (none for `defaultsToNone`: `null` is no value) and the doc attached.
    public var documentedSchema: OrderedJSON {
        guard case .object(var members) = schema else { return schema }
        members.append(.init("description", .string(doc)))
        if let defaultJSON, !defaultsToNone { members.append(.init("default", defaultJSON)) }
        return .object(members)
    }
}

/// A type whose JSON object is described by parameter declarations: plug-ins (channels,
/// strategies, senders) and the objects inside them (transport, backoff, …).
public protocol ParamDeclaring {
    /// The parameters, in documentation order; `pushsim list`, the schema and the
    /// unknown-key check all come from this list.
    static var params: [AnyParam] { get }
    /// Keys the object may carry besides its parameters and that its owner decodes
    /// (`"kind"` for a plug-in, also `"name"` for a strategy). Default: none.
    static var reservedKeys: [String] { get }
    /// Schema keywords the object adds to its `properties`/`required`/`additionalProperties`
    /// (e.g. a `oneOf` saying exactly one of two keys is given). Default: none.
    static var schemaRules: [OrderedJSON.Member] { get }
}

extension ParamDeclaring {
    public static var reservedKeys: [String] { [] }
    public static var schemaRules: [OrderedJSON.Member] { [] }
}
