@testable import PushSim

/// A scripted run for unit tests of sender policies: no channel, provider answers
/// from `answer`, timers kept in scheduling order and run by `drive`; `call` hands a
/// policy handler a `SenderContext` backed by it.
struct FakeSenderHost {
    var now = SimTime.zero
    var recipient = RecipientSpec()
    /// Whether the server holds a token, per device.
    var tokens = [true]
    var deviceCount: Int { tokens.count }
    /// The provider's answer to request number n (0-based) of `push` for `device`.
    var answer: (_ push: Push, _ device: Int, _ n: Int) -> ProviderAnswer = { p, _, _ in .accepted(messageID: p.id) }
    private(set) var requests: [(at: SimTime, push: Push, device: Int, answer: ProviderAnswer)] = []
    var timers: [(at: SimTime, tag: Int32)] = []
    private(set) var settled: [(message: Int64, fate: MessageFate)] = []
    var counts = Counts()
    var lateness = DeferralLateness()
    let random = RandomStream(type: GeneratorType.named("mt19937")!, seed: 7)

    /// The token value per device while `tokens[device]` (1 when not given): a test
    /// changes it to model the app registering a new token.
    var tokenValues: [Int] = []

    func hasToken(_ device: Int) -> Bool { tokens[device] }
    func token(of device: Int) -> Int { tokens[device] ? (device < tokenValues.count ? tokenValues[device] : 1) : 0 }
    mutating func deleteToken(_ device: Int) { tokens[device] = false }

    mutating func send(_ message: Push, to device: Int) -> ProviderAnswer {
        precondition(tokens[device], "send without a token")
        var push = message
        push.id = Int64(requests.count + 1)
        push.sentAt = now
        let a = answer(push, device, requests.count)
        requests.append((now, push, device, a))
        return a
    }

    mutating func setTimer(at time: SimTime, tag: Int32) {
        precondition(time >= now)
        timers.append((time, tag))
    }

    mutating func senderRandom() -> RandomStream { random }
    mutating func settle(_ message: Int64, _ fate: MessageFate) { settled.append((message, fate)) }

    /// Request times.
    var times: [SimTime] { requests.map(\.at) }

    /// Runs `body` with a context whose services are this host (changes are kept).
    mutating func call(_ body: (inout SenderContext) -> Void) {
        let services = FakeSenderServices(self)
        var cx = SenderContext(services)
        body(&cx)
        self = services.host
    }
}

/// `FakeSenderHost` as a context's services (reference semantics for the call's duration).
final class FakeSenderServices: SenderServices {
    var host: FakeSenderHost
    init(_ host: FakeSenderHost) { self.host = host }
    var now: SimTime { host.now }
    var recipient: RecipientSpec { host.recipient }
    var deviceCount: Int { host.deviceCount }
    var registrationCount: Int { host.deviceCount }
    func token(of device: Int) -> Int { host.token(of: device) }
    func deleteToken(_ device: Int) { host.deleteToken(device) }
    func send(_ push: Push, to device: Int) -> ProviderAnswer { host.send(push, to: device) }
    func setSenderTimer(at time: SimTime, tag: Int32) { host.setTimer(at: time, tag: tag) }
    func senderRandom() -> RandomStream { host.senderRandom() }
    func settle(_ message: Int64, _ fate: MessageFate) { host.settle(message, fate) }
    func count(_ c: Count, by n: Int, registration: Int?) { host.counts[c] += n }
    func raise(_ c: Count, to value: Int, registration: Int?) { host.counts[c] = max(host.counts[c], value) }
    func wokenAccepted(lateness: SimDuration, registration: Int?) { host.counts[.wokenAccepted] += 1; host.lateness.add(lateness) }
}

/// Message `n` (1-based) for `key` at time `t`: cursor n, notification n.
func message(_ n: Int64, key: Int32 = 0, at t: SimTime, lifetime: SimDuration? = nil) -> Push {
    var p = Push(id: 0, cursor: n, change: Change(sequence: n, key: key, value: n), sentAt: t)
    p.notification = n
    p.lifetime = lifetime
    return p
}

/// Runs `policy` as the world would: messages at their times (before timers due at the same
/// time, as the world's timeline runs before in-run events), timers in (time, scheduling)
/// order, up to `horizon`; then `finish`.
func drive<P: SenderPolicy>(_ policy: inout P, _ host: inout FakeSenderHost, messages: [Push], until horizon: SimTime) {
    var pending = messages.sorted { $0.sentAt < $1.sentAt }
    while true {
        let timer = host.timers.indices.min { (host.timers[$0].at, $0) < (host.timers[$1].at, $1) }
        let timerAt = timer.map { host.timers[$0].at }
        if let m = pending.first, m.sentAt <= horizon, timerAt == nil || m.sentAt <= timerAt! {
            pending.removeFirst()
            host.now = m.sentAt
            host.call { policy.handle(.message(m), &$0) }
        } else if let i = timer, let t = timerAt, t <= horizon {
            let tag = host.timers.remove(at: i).tag
            host.now = t
            host.call { policy.handle(.timer(tag: tag), &$0) }
        } else {
            break
        }
    }
    host.now = horizon
    host.call { policy.handle(.finish, &$0) }
}

/// `s` seconds after the start.
func seconds(_ s: Int64) -> SimTime { .zero + .seconds(s) }

/// `m` minutes after the start.
func minutes(_ m: Int64) -> SimTime { .zero + .minutes(m) }
