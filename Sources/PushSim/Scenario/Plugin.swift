import Foundation

/// A built-in model component chosen in JSON by its `"kind"` string (channels, client
/// strategies, sender policies). The registry lists the conforming types.
///
/// A kind declares its JSON parameters once, as `Param`s listed in `params`; `parameters`
/// (for `pushsim list`), the unknown-key check and the JSON Schema (`Schema`) derive from
/// that list. `reservedKeys` defaults to `["kind"]` (`["kind", "name"]` for a strategy).
public protocol Plugin: Decodable, Sendable, ParamDeclaring {
    /// The JSON `"kind"` that selects this type, e.g. `"lossy"`.
    static var kind: String { get }
    /// One line for `pushsim list`.
    static var summary: String { get }
    /// The JSON parameters this kind accepts (besides `"kind"`), for `pushsim list` and docs.
    /// Default: derived from `params`.
    static var parameters: [ParameterDoc] { get }
    /// Makes this instance `prototype`'s state again, for the next replication of a reused
    /// world (a worker keeps its worlds and resets them between runs). Default:
    /// `self = prototype`. A kind that fills arrays or dictionaries during a run may
    /// override it to keep their storage: move each buffer out (emptied, capacity kept),
    /// assign `self = prototype`, move the buffers back (as `OverflowStore.reset(to:)`
    /// does), so that no other field keeps a value of the last run. Either way the next
    /// run must draw and do exactly what a fresh copy of `prototype` would.
    mutating func reset(to prototype: Self)
}

extension Plugin {
    /// No parameters, unless the kind declares some.
    public static var params: [AnyParam] { [] }
    /// The `pushsim list` entries of `params`, in order.
    public static var parameters: [ParameterDoc] { params.map(\.parameterDoc) }
    /// A plug-in object carries its `"kind"`.
    public static var reservedKeys: [String] { ["kind"] }

    public mutating func reset(to prototype: Self) { self = prototype }
}

// `reset(to:)` with the prototype as an existential of the instance's own type (one per
// plug-in protocol: converting to `any Plugin` would box the value anew). The prototype is
// opened and, its type checked equal, read as `Self`: `as! Self` was measured to look up
// protocol conformances at every reset.
// - Precondition: `prototype` is a `Self`.
extension Plugin {
    fileprivate mutating func reset<P: Plugin>(toOpened prototype: P) {
        precondition(P.self == Self.self, "a reused world's plug-in is reset to a prototype of another type")
        reset(to: withUnsafePointer(to: prototype) { UnsafeRawPointer($0).load(as: Self.self) })
    }
}
extension PushChannel {
    mutating func reset(toPrototype prototype: any PushChannel) { reset(toOpened: prototype) }
}
extension ClientStrategy {
    mutating func reset(toPrototype prototype: any ClientStrategy) { reset(toOpened: prototype) }
}
extension SenderPolicy {
    mutating func reset(toPrototype prototype: any SenderPolicy) { reset(toOpened: prototype) }
}

extension ClientStrategy {
    /// A strategy object carries its `"kind"` and may carry its report `"name"`.
    public static var reservedKeys: [String] { ["kind", "name"] }
}

/// One documented JSON parameter of a plug-in kind.
public struct ParameterDoc: Sendable {
    /// JSON key.
    public var name: String
    /// Value type and unit, e.g. `"probability"`, `"duration"`, `"duration distribution"`.
    public var type: String
    /// Default when absent, or `"required"`.
    public var defaultValue: String
    /// What it means.
    public var summary: String
    /// The parameters of an object value (e.g. a transport's `loss`, `duplicate`, `delay`).
    public var fields: [ParameterDoc] = []

    public init(_ name: String, _ type: String, _ defaultValue: String, _ summary: String) {
        self.name = name; self.type = type; self.defaultValue = defaultValue; self.summary = summary
    }
}

/// Reads the `"kind"` of the JSON object at `decoder` and finds it among `kinds`.
/// - Returns: the index of the matching kind.
/// - Throws: at the object's path when `"kind"` is missing or names no known kind; the
///   message lists every valid kind of the family.
func lookUpKind(in kinds: [String], family: String, decoder: any Decoder) throws -> Int {
    let container = try decoder.container(keyedBy: AnyCodingKey.self)
    let key = AnyCodingKey("kind")
    guard container.contains(key) else {
        throw DecodingError.keyNotFound(key, .init(codingPath: decoder.codingPath,
            debugDescription: "a \(family) needs a \"kind\"; valid kinds: \(kinds.joined(separator: ", "))"))
    }
    let kind = try container.decode(String.self, forKey: key)
    return try lookUpKind(kind, in: kinds, family: family, codingPath: decoder.codingPath + [key])
}

/// Finds `kind` among `kinds`.
/// - Throws: `DecodingError.dataCorrupted` at `codingPath`: `unknownKindMessage`.
func lookUpKind(_ kind: String, in kinds: [String], family: String, codingPath: [any CodingKey]) throws -> Int {
    guard let index = kinds.firstIndex(of: kind) else {
        throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: unknownKindMessage(kind, in: kinds, family: family)))
    }
    return index
}

/// `unknown strategy kind "hintPul"; did you mean "hintPull"? valid kinds: …` (the
/// suggestion only when one is near: `Suggestion`).
func unknownKindMessage(_ kind: String, in kinds: [String], family: String) -> String {
    "unknown \(family) kind \"\(kind)\"\(Suggestion.separator(for: kind, among: kinds))valid kinds: \(kinds.joined(separator: ", "))"
}

/// Decodes the JSON string shorthand `"<kind>"` as the object `{"kind": "<kind>"}` at the
/// same path (`KindShorthandDecoder`): the kind with every parameter at its default.
/// - Throws: at `decoder`'s path when that fails (a required parameter), with the real
///   error in the message: `strategy "polling" takes parameters; write it as an object
///   {"kind": "polling", …} ($.strategies[0].interval: missing required key "interval")`.
func decodeKindShorthand<T: Plugin>(_ type: T.Type, family: String, decoder: any Decoder) throws -> T {
    do {
        return try T(from: KindShorthandDecoder(kind: T.kind, codingPath: decoder.codingPath, userInfo: decoder.userInfo))
    } catch let error as DecodingError {
        let inner = ScenarioError(decoding: error, file: "")
        throw decoder.invalid("\(family) \"\(T.kind)\" takes parameters; write it as an object {\"kind\": \"\(T.kind)\", …} (\(inner.path): \(inner.message))")
    }
}
