/// Strict decoding of a JSON object whose keys are declared by `Param`s: the initializer
/// rejects every key that is neither a declared parameter nor a reserved key (`"kind"`,
/// `"name"`), then `decode(_:)` reads each parameter, applying its default when absent and
/// its range check when present. Every error carries the JSON path of the offending value.
public struct ParamReader {
    /// The decoder of the object.
    public let decoder: any Decoder
    /// The object's keys.
    let container: KeyedDecodingContainer<AnyCodingKey>

    /// Reads the object at `decoder`, which may hold `params` and `reserved` keys only.
    /// - Throws: at the first unknown key (in key order), naming the valid keys; or when
    ///   the value is not an object.
    public init(_ decoder: any Decoder, params: [AnyParam], reserved: [String] = []) throws {
        try decoder.rejectUnknownKeys(allowed: reserved + params.map(\.name))
        self.decoder = decoder
        container = try decoder.container(keyedBy: AnyCodingKey.self)
    }

    /// Reads the object at `decoder` as `T` declares it (`T.params`, `T.reservedKeys`).
    public init<T: ParamDeclaring>(_ decoder: any Decoder, for type: T.Type) throws {
        try self.init(decoder, params: T.params, reserved: T.reservedKeys)
    }

    /// The value of `p`: its default when the key is absent, else the decoded and
    /// range-checked value.
    /// - Throws: at the key's path for a bad value or a `null` (unless `null` is one of
    ///   `p`'s values); `keyNotFound` for a missing required one.
    public func decode<V>(_ p: Param<V>) throws -> V {
        let key = AnyCodingKey(p.name)
        guard container.contains(key) else {
            guard let v = p.fallback else {
                throw DecodingError.keyNotFound(key, .init(codingPath: decoder.codingPath, debugDescription: "No value associated with key \"\(p.name)\""))
            }
            return v
        }
        if !p.nullIsValue { try container.refuseNull(key) }
        return try p.read(container, key)
    }

    /// The value of `p` when the key is present, else `nil`.
    /// - Throws: as `decode(_:)`.
    public func decodeIfPresent<V>(_ p: Param<V>) throws -> V? {
        let key = AnyCodingKey(p.name)
        guard container.contains(key) else { return nil }
        if !p.nullIsValue { try container.refuseNull(key) }
        return try p.read(container, key)
    }

    /// Whether the object names `p`.
    public func contains<V>(_ p: Param<V>) -> Bool { container.contains(AnyCodingKey(p.name)) }

    /// Whether `p`'s value is an object that has the key `key` (e.g. whether `apns` names its own `transport`).
    public func object<V>(_ p: Param<V>, hasKey key: String) throws -> Bool {
        guard contains(p), try !container.decodeNil(forKey: AnyCodingKey(p.name)) else { return false }
        return try container.nestedContainer(keyedBy: AnyCodingKey.self, forKey: AnyCodingKey(p.name)).contains(AnyCodingKey(key))
    }

    /// A validation error at `p`'s path (for checks across parameters).
    public func invalid<V>(_ p: Param<V>, _ message: String) -> DecodingError {
        container.invalid(AnyCodingKey(p.name), message)
    }
}
