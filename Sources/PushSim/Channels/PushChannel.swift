/// A push channel: the provider's rules (acceptance, storage while unreachable, collapse,
/// lifetime, priority) followed by transport (loss, duplication, delay). Built-ins are
/// chosen by `"kind"`.
///
/// A channel schedules `.deliver`, `.deletedMessages` and `.channelTimer` events on the
/// queue (the first two with `env.arrivalRank()` as their rank, so simultaneous arrivals
/// come in a random order; `Transport.transmit` does it for deliveries) and records each push's fate in the ledger (every push ends in exactly one
/// `PushOutcome`; a push the channel hands to transport is finished by the world when it
/// arrives). The value decoded from JSON is the prototype; every replication starts from
/// a fresh copy, so conforming types keep their run state in stored properties with
/// initial values.
public protocol PushChannel: Plugin {
    /// The server sends `push` at `env.now`.
    mutating func send(_ push: Push, env: ChannelEnvironment, queue: inout EventQueue<WorldEvent>, ledger: inout PushLedger)
    /// Something the provider cares about changed on the device (connectivity, Doze,
    /// screen, token): deliver what may now be delivered.
    mutating func deviceChanged(env: ChannelEnvironment, queue: inout EventQueue<WorldEvent>, ledger: inout PushLedger)
    /// A timer the channel set with `.channelTimer(tag:)` fired.
    mutating func timer(tag: Int32, env: ChannelEnvironment, queue: inout EventQueue<WorldEvent>, ledger: inout PushLedger)
    /// The run ends at `env.now`: stored pushes whose lifetime ran out become `expired`
    /// (the rest stay `pending`).
    mutating func finish(env: ChannelEnvironment, ledger: inout PushLedger)
}

extension PushChannel {
    public mutating func deviceChanged(env: ChannelEnvironment, queue: inout EventQueue<WorldEvent>, ledger: inout PushLedger) {}
    public mutating func timer(tag: Int32, env: ChannelEnvironment, queue: inout EventQueue<WorldEvent>, ledger: inout PushLedger) {}
    public mutating func finish(env: ChannelEnvironment, ledger: inout PushLedger) {}
}
