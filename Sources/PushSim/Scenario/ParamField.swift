/// A parameter bound to the stored property of `Owner` it decodes into, so one list of
/// fields gives both the type's `params` and its decoding (see `ParamFieldDeclaring`):
///
/// ```swift
/// public struct Outbox: SenderPolicy, ParamFieldDeclaring {
///     public static let period = Param.duration("period", default: .minutes(1), range: .positive("a sweep period"), doc: "…")
///     public static let fields: [ParamField<Self>] = [.bind(period, \.period)]
///     public var period = Outbox.period.defaultValue
///     public init(from decoder: any Decoder) throws { try decodeFields(from: decoder) }
/// }
/// ```
public struct ParamField<Owner>: Sendable {
    /// The parameter's declaration.
    public let any: AnyParam
    let apply: @Sendable (ParamReader, inout Owner) throws -> Void

    /// Binds `param` to the property at `path`: decoding sets it to the decoded value or the default.
    public static func bind<Value>(_ param: Param<Value>, _ path: WritableKeyPath<Owner, Value> & Sendable) -> ParamField {
        ParamField(any: param.any) { reader, owner in owner[keyPath: path] = try reader.decode(param) }
    }
}

extension ParamReader {
    /// Decodes every field into `owner`, in order (so the first bad value in list order is the one reported).
    public func decode<Owner>(_ fields: [ParamField<Owner>], into owner: inout Owner) throws {
        for field in fields { try field.apply(self, &owner) }
    }
}

/// A type whose parameters are all bound to its stored properties: `fields` is the one
/// list, `params` and decoding follow from it.
public protocol ParamFieldDeclaring: ParamDeclaring {
    /// The parameters with the properties they decode into, in documentation and decoding order.
    static var fields: [ParamField<Self>] { get }
}

extension ParamFieldDeclaring {
    /// `fields`' declarations.
    public static var params: [AnyParam] { fields.map(\.any) }

    /// Decodes every field from the object at `decoder` (after the unknown-key check) into
    /// `self`, whose properties hold their defaults; returns the reader for further checks.
    @discardableResult
    public mutating func decodeFields(from decoder: any Decoder) throws -> ParamReader {
        let reader = try ParamReader(decoder, for: Self.self)
        try reader.decode(Self.fields, into: &self)
        return reader
    }
}

extension Plugin where Self: ParamFieldDeclaring {
    /// `fields`' declarations (this overrides `Plugin`'s empty default).
    public static var params: [AnyParam] { fields.map(\.any) }
}
