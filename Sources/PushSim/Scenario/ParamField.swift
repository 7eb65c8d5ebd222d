/// A parameter bound to the stored property of `Owner` it decodes into, so one list of
/// fields gives both the type's `params` and its decoding:
///
/// ```swift
/// public static let fields: [ParamField<Self>] = [.bind(period, \.period), .bind(lease, \.lease)]
/// public static var params: [AnyParam] { fields.map(\.any) }
/// public init(from decoder: any Decoder) throws {
///     self.init()
///     try ParamReader(decoder, for: Self.self).decode(Self.fields, into: &self)
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
