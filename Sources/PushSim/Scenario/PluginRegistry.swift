/// The plug-in kinds a scenario may name, by family: channels, client strategies and
/// sender policies, each found by its `"kind"` string.
///
/// `PluginRegistry.builtIn` holds PushSim's own kinds. Another package copies it, adds its
/// types and hands the value to decoding (`Scenario.load(path:registry:)`,
/// `SweepPlan.load(path:replications:seed:registry:)`) or to the stock command line
/// (`PushSimCommand.main(registry:)`):
///
/// ```swift
/// var registry = PluginRegistry.builtIn
/// try registry.add(strategy: HintPullRetry.self)
/// ```
///
/// Within a family every kind is unique; the order of each list is the `pushsim list`
/// order (built-ins first, then added kinds in the order added).
public struct PluginRegistry: Sendable {
    /// Push channel kinds, in listing order.
    public private(set) var channels: [any PushChannel.Type]
    /// Client strategy kinds, in listing order.
    public private(set) var strategies: [any ClientStrategy.Type]
    /// Sender policy kinds, in listing order.
    public private(set) var senders: [any SenderPolicy.Type]

    /// Every built-in kind (`Registry.channels`, `Registry.strategies`, `Registry.senders`).
    public static let builtIn = PluginRegistry(uncheckedChannels: Registry.channels,
                                               strategies: Registry.strategies, senders: Registry.senders)

    /// A registry with no kind at all (a scenario decoded with it names no valid kind).
    public static let empty = PluginRegistry(uncheckedChannels: [], strategies: [], senders: [])

    /// A registry of exactly these kinds, in this order.
    /// - Throws: `DuplicateKind` when two types of one family share a kind.
    public init(channels: [any PushChannel.Type] = [], strategies: [any ClientStrategy.Type] = [],
                senders: [any SenderPolicy.Type] = []) throws(DuplicateKind) {
        self = .empty
        for t in channels { try add(channel: t) }
        for t in strategies { try add(strategy: t) }
        for t in senders { try add(sender: t) }
    }

    private init(uncheckedChannels channels: [any PushChannel.Type], strategies: [any ClientStrategy.Type],
                 senders: [any SenderPolicy.Type]) {
        self.channels = channels; self.strategies = strategies; self.senders = senders
    }

    /// Adds a channel type after the existing ones.
    /// - Throws: `DuplicateKind` when a channel of the same kind is already registered.
    public mutating func add(channel type: any PushChannel.Type) throws(DuplicateKind) {
        try Self.requireNew(type.kind, among: channels.map { $0.kind }, family: "channel")
        channels.append(type)
    }

    /// Adds a client strategy type after the existing ones.
    /// - Throws: `DuplicateKind` when a strategy of the same kind is already registered.
    public mutating func add(strategy type: any ClientStrategy.Type) throws(DuplicateKind) {
        try Self.requireNew(type.kind, among: strategies.map { $0.kind }, family: "strategy")
        strategies.append(type)
    }

    /// Adds a sender policy type after the existing ones.
    /// - Throws: `DuplicateKind` when a sender of the same kind is already registered.
    public mutating func add(sender type: any SenderPolicy.Type) throws(DuplicateKind) {
        try Self.requireNew(type.kind, among: senders.map { $0.kind }, family: "sender")
        senders.append(type)
    }

    /// This registry plus the given types (each family's additions in order).
    /// - Throws: `DuplicateKind` for a kind already registered in its family or given twice.
    public func adding(channels: [any PushChannel.Type] = [], strategies: [any ClientStrategy.Type] = [],
                       senders: [any SenderPolicy.Type] = []) throws(DuplicateKind) -> PluginRegistry {
        var r = self
        for t in channels { try r.add(channel: t) }
        for t in strategies { try r.add(strategy: t) }
        for t in senders { try r.add(sender: t) }
        return r
    }

    /// The channel type of `kind`, or nil.
    public func channel(kind: String) -> (any PushChannel.Type)? { channels.first { $0.kind == kind } }
    /// The strategy type of `kind`, or nil.
    public func strategy(kind: String) -> (any ClientStrategy.Type)? { strategies.first { $0.kind == kind } }
    /// The sender type of `kind`, or nil.
    public func sender(kind: String) -> (any SenderPolicy.Type)? { senders.first { $0.kind == kind } }

    private static func requireNew(_ kind: String, among kinds: [String], family: String) throws(DuplicateKind) {
        guard !kind.isEmpty, !kinds.contains(kind) else { throw DuplicateKind(family: family, kind: kind) }
    }

    /// A type whose kind is already registered in its family (or is empty).
    public struct DuplicateKind: Error, Sendable, Equatable, CustomStringConvertible {
        /// `"channel"`, `"strategy"` or `"sender"`.
        public var family: String
        /// The kind registered twice.
        public var kind: String
        /// `the strategy kind "hintPull" is already registered`.
        public var description: String {
            kind.isEmpty ? "a \(family) kind must not be empty" : "the \(family) kind \"\(kind)\" is already registered"
        }
    }
}
