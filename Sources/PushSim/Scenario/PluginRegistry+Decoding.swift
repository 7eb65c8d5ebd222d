import Foundation

extension PluginRegistry {
    /// The `JSONDecoder.userInfo` key under which scenario and sweep decoding find the
    /// registry; a decoder without it uses `builtIn`.
    public static let userInfoKey = CodingUserInfoKey(rawValue: "PushSim.PluginRegistry")!

    /// The registry `decoder` was given in its `userInfo`, else `builtIn`.
    public static func of(_ decoder: any Decoder) -> PluginRegistry {
        decoder.userInfo[userInfoKey] as? PluginRegistry ?? .builtIn
    }

    /// Decodes a sender at `decoder`: a kind string (`"perChange"`, every parameter at its
    /// default) or an object `{"kind": "outbox", …}`.
    /// - Throws: at the value's path for an unknown kind (listing this registry's senders)
    ///   or invalid parameters.
    public func decodeSender(from decoder: any Decoder) throws -> any SenderPolicy {
        if let kind = try? decoder.singleValueContainer().decode(String.self) {
            let i = try lookUpKind(kind, in: senders.map { $0.kind }, family: "sender", codingPath: decoder.codingPath)
            return try decodeKindShorthand(senders[i], family: "sender", decoder: decoder)
        }
        let i = try lookUpKind(in: senders.map { $0.kind }, family: "sender", decoder: decoder)
        return try senders[i].init(from: decoder)
    }

    /// Decodes the channel object at `decoder` by its `"kind"`.
    /// - Throws: at the object's path for a missing or unknown kind (listing this
    ///   registry's channels) or invalid parameters.
    public func decodeChannel(from decoder: any Decoder) throws -> any PushChannel {
        let i = try lookUpKind(in: channels.map { $0.kind }, family: "channel", decoder: decoder)
        return try channels[i].init(from: decoder)
    }

    /// Decodes a strategy at `decoder`: a kind string (`"hintPull"`, every parameter at
    /// its default) or an object `{"kind": "polling", …}`.
    /// - Throws: at the value's path for a missing or unknown kind (listing this
    ///   registry's strategies) or invalid parameters.
    public func decodeStrategy(from decoder: any Decoder) throws -> any ClientStrategy {
        if let kind = try? decoder.singleValueContainer().decode(String.self) {
            let i = try lookUpKind(kind, in: strategies.map { $0.kind }, family: "strategy", codingPath: decoder.codingPath)
            return try decodeKindShorthand(strategies[i], family: "strategy", decoder: decoder)
        }
        let i = try lookUpKind(in: strategies.map { $0.kind }, family: "strategy", decoder: decoder)
        return try strategies[i].init(from: decoder)
    }
}
