import CGSL
import Foundation
import Testing
@testable import PushSim

/// What a channel put on the queue, in the order the kernel runs it.
private enum Scheduled: Hashable {
    case deliver(id: Int64, at: SimTime)
    case deletedMessages(at: SimTime)
    case other
}

/// Drives one channel by hand: sends pushes at given times and online states, flips
/// connectivity, and drains the queue. It plays the world's part in the ledger: it
/// registers each push before sending it and finishes a push as `delivered` when a copy of
/// it comes off the queue (the tests drain only while the device is online).
private struct Harness<C: PushChannel> {
    var channel: C
    var queue = EventQueue<WorldEvent>()
    var ledger = PushLedger()
    let random: RandomStream
    /// Arrival ranks (the world's `channel.order`).
    let order: RandomStream
    private var nextID: Int64 = 1

    init(_ channel: C, seed: UInt32 = 2024) {
        self.channel = channel
        random = RandomStream(type: .mt19937, seed: seed)
        order = RandomStream(type: .mt19937, seed: seed &+ 1)
    }

    /// Calls `body` with the channel and a context at `t` (online or not).
    mutating func call<R>(at t: SimTime, online: Bool, _ body: (inout C, inout ProviderContext) -> R) -> R {
        var device = DeviceView()
        device.online = online
        return ProviderContext.with(&channel, queue: &queue, ledger: &ledger, now: t, device: device, random: random, order: order,
                                    deviceIndex: 0, body)
    }

    /// Sends the next push (ids 1, 2, 3, … in send order) at `t`; returns its id. A
    /// rejection is recorded as the world records it.
    @discardableResult
    mutating func send(at t: SimTime, online: Bool) -> Int64 {
        let id = nextID
        nextID += 1
        ledger.sent(id)
        let push = Push(id: id, cursor: id, change: Change(sequence: id, key: 0, value: id), sentAt: t)
        if case let .rejected(e, retryAfter) = call(at: t, online: online, { c, cx in c.send(push, &cx) }) {
            ledger.reject(id, Rejection(e, retryAfter: retryAfter))
        }
        return id
    }

    mutating func connectivity(at t: SimTime, online: Bool) {
        call(at: t, online: online) { c, cx in c.handle(.deviceChanged, &cx) }
    }

    /// Pushes with final outcome `outcome` (unfinished pushes count as `pending`).
    func count(_ outcome: PushOutcome) -> Int { ledger.outcomeCounts()[outcome.rawValue] }

    /// Runs every pending event and lists it with its time.
    mutating func drain() -> [Scheduled] {
        var out: [Scheduled] = []
        while let event = queue.next(until: .distantFuture) {
            switch event {
            case let .deliver(id, _):
                ledger.finish(id, .delivered)
                out.append(.deliver(id: id, at: queue.now))
            case .deletedMessages: out.append(.deletedMessages(at: queue.now))
            default: out.append(.other)
            }
        }
        return out
    }

    /// Like `drain`, but returns each delivered copy with its push, copy number and time.
    mutating func drainDeliveries() -> [(push: Push, copy: Int8, at: SimTime)] {
        var out: [(push: Push, copy: Int8, at: SimTime)] = []
        while let event = queue.next(until: .distantFuture) {
            if case let .deliver(id, copy) = event {
                ledger.finish(id, .delivered)
                out.append((ledger.push(id), copy, queue.now))
            }
        }
        return out
    }
}

private func sec(_ s: Int64) -> SimTime { .zero + .seconds(s) }
/// `|count − n·p| ≤ z·√(n·p·(1 − p))`: the normal interval of a Binomial(n, p) count at 1 − α
/// (one check of `budget`).
private func withinBinomialInterval(_ count: Int, n: Int, p: Double, _ budget: StatisticalChecks.Budget) -> Bool {
    let mean = Double(n) * p
    return abs(Double(count) - mean) <= budget.z() * (mean * (1 - p)).squareRoot()
}

private func decodeChannel<C: PushChannel>(_ type: C.Type, _ json: String) throws -> C {
    try JSONDecoder().decode(C.self, from: Data(json.utf8))
}

@Suite("KeepLatestChannel")
struct KeepLatestChannelTests {
    @Test("N pushes offline ⇒ one delivery of the newest at reconnect, N − 1 replaced", arguments: [1, 2, 5, 30])
    func offlineKeepsNewest(n: Int) {
        var h = Harness(KeepLatestChannel())
        var last: Int64 = 0
        for i in 1...n { last = h.send(at: sec(Int64(i)), online: false) }
        #expect(h.drain().isEmpty, "nothing is delivered while offline")
        h.connectivity(at: sec(100), online: true)
        #expect(h.drain() == [.deliver(id: last, at: sec(100))])
        #expect(h.count(.replacedInStorage) == n - 1)
        #expect((1..<last).allSatisfy { h.ledger.outcome($0) == .replacedInStorage })
        #expect(h.ledger.outcome(last) == .delivered && h.count(.delivered) == 1)
        // The stored push is marked as delayed because the device was offline.
        #expect(h.ledger.delayCounts().reasons[DelayReason.delayedDeviceOffline.rawValue] == 1)
        // Storage was emptied: a second reconnect delivers nothing.
        h.connectivity(at: sec(101), online: false)
        h.connectivity(at: sec(102), online: true)
        #expect(h.drain().isEmpty)
    }

    @Test("online pushes go straight through, in send order, at send time")
    func onlinePassThrough() {
        var h = Harness(KeepLatestChannel())
        for i in 1...4 { h.send(at: sec(Int64(i)), online: true) }
        #expect(h.drain() == (1...4).map { .deliver(id: Int64($0), at: sec(Int64($0))) })
        #expect(h.count(.replacedInStorage) == 0)
        #expect(h.count(.delivered) == 4 && h.ledger.delayCounts().noDelay == 4)
    }

    @Test("reconnect without a stored push schedules nothing")
    func reconnectEmpty() {
        var h = Harness(KeepLatestChannel())
        h.connectivity(at: sec(1), online: false)
        h.connectivity(at: sec(2), online: true)
        #expect(h.drain().isEmpty)
    }
}

@Suite("OverflowChannel")
struct OverflowChannelTests {
    @Test("up to the limit offline ⇒ every push delivered at reconnect (in no promised order), no deletedMessages",
          arguments: [0, 1, 5, 20])
    func atLimit(limit: Int) {
        var h = Harness(OverflowChannel(limit: limit, deletedSignal: true))
        for i in 0..<limit { h.send(at: sec(Int64(i + 1)), online: false) }
        h.connectivity(at: sec(50), online: true)
        // They arrive at one instant; their order there is the arrival ranks' (random), not the send order.
        let drained = h.drain()
        #expect(drained.count == limit)
        #expect(Set((0..<limit).map { Scheduled.deliver(id: Int64($0 + 1), at: sec(50)) }) == Set(drained))
        #expect(h.count(.droppedTooManyPendingMessages) == 0)
        #expect(h.count(.delivered) == limit)
        #expect(h.ledger.delayCounts().reasons[DelayReason.delayedDeviceOffline.rawValue] == limit)
    }

    @Test("more than the limit ⇒ nothing delivered, all dropped, one deletedMessages only if signalled",
          arguments: [0, 1, 5, 20], [true, false])
    func overLimit(limit: Int, signal: Bool) {
        for extra in [1, 2, 7] {
            var h = Harness(OverflowChannel(limit: limit, deletedSignal: signal))
            let sent = limit + extra
            for i in 0..<sent { h.send(at: sec(Int64(i + 1)), online: false) }
            h.connectivity(at: sec(60), online: true)
            #expect(h.drain() == (signal ? [.deletedMessages(at: sec(60))] : []), "limit \(limit), sent \(sent)")
            #expect(h.count(.droppedTooManyPendingMessages) == sent)
            #expect(h.count(.delivered) == 0)
        }
    }

    @Test("storeAfterDiscard stores the pushes after the discard; the signal comes before them")
    func storeAfterDiscard() {
        let limit = 3
        var h = Harness(OverflowChannel(limit: limit, deletedSignal: true, storeAfterDiscard: true))
        for i in 0...limit { h.send(at: sec(Int64(i + 1)), online: false) }  // limit + 1: discard
        let kept = (0..<2).map { h.send(at: sec(Int64(10 + $0)), online: false) }
        h.connectivity(at: sec(20), online: true)
        #expect(h.drain() == [.deletedMessages(at: sec(20))] + kept.map { .deliver(id: $0, at: sec(20)) })
        #expect(h.count(.droppedTooManyPendingMessages) == limit + 1)
        #expect(kept.allSatisfy { h.ledger.outcome($0) == .delivered } && h.count(.delivered) == 2)

        var plain = Harness(OverflowChannel(limit: limit, deletedSignal: true, storeAfterDiscard: false))
        for i in 0...limit + 2 { plain.send(at: sec(Int64(i + 1)), online: false) }
        plain.connectivity(at: sec(20), online: true)
        #expect(plain.drain() == [.deletedMessages(at: sec(20))])
        #expect(plain.count(.droppedTooManyPendingMessages) == limit + 3)
    }

    @Test("a reconnect clears the discard: the next offline period stores again")
    func discardEndsAtReconnect() {
        var h = Harness(OverflowChannel(limit: 2, deletedSignal: true))
        for i in 1...3 { h.send(at: sec(Int64(i)), online: false) }
        h.connectivity(at: sec(10), online: true)
        #expect(h.drain() == [.deletedMessages(at: sec(10))])
        h.connectivity(at: sec(11), online: false)
        let ids = (0..<2).map { h.send(at: sec(Int64(12 + $0)), online: false) }
        h.connectivity(at: sec(20), online: true)
        #expect(h.drain() == ids.map { .deliver(id: $0, at: sec(20)) })
        #expect(h.count(.droppedTooManyPendingMessages) == 3)
        #expect(h.count(.delivered) == 2)
    }

    @Test("online pushes go straight through")
    func online() {
        var h = Harness(OverflowChannel(limit: 0))
        for i in 1...3 { h.send(at: sec(Int64(i)), online: true) }
        #expect(h.drain() == (1...3).map { .deliver(id: Int64($0), at: sec(Int64($0))) })
        #expect(h.count(.droppedTooManyPendingMessages) == 0)
        #expect(h.count(.delivered) == 3)
    }
}

@Suite("LossyChannel")
struct LossyChannelTests {
    /// The (loss, duplicate) cases of `lossAndDuplication` (`StatisticalChecks.otherCheckSites` counts them).
    static let lossCases = [(0.3, 0.1), (0.05, 0.5), (0.5, 0.02)]

    @Test("lost and duplicated counts lie in binomial intervals (family-wise 0.001); zero delay delivers at send time",
          arguments: lossCases)
    func lossAndDuplication(loss: Double, duplicate: Double) {
        let budget = StatisticalChecks.Budget("lossAndDuplication")
        defer { #expect(budget.done) }
        let n = 20_000
        var h = Harness(LossyChannel(transport: Transport(loss: loss, duplicate: duplicate, delay: .zero)), seed: 77)
        for i in 0..<n { h.send(at: .zero + .milliseconds(Int64(i)), online: true) }
        let deliveries = h.drainDeliveries()
        let lost = h.count(.lost), duplicated = h.ledger.duplicatesMade
        #expect(withinBinomialInterval(lost, n: n, p: loss, budget), "lost \(lost) of \(n) at p = \(loss)")
        // Duplication is drawn only for pushes that were not lost.
        #expect(withinBinomialInterval(duplicated, n: n - lost, p: duplicate, budget), "duplicated \(duplicated) of \(n - lost) at q = \(duplicate)")
        #expect(deliveries.count == n - lost + duplicated)
        #expect(deliveries.allSatisfy { $0.at == $0.push.sentAt })
        // Every surviving push arrives once or twice; lost ones never.
        var copies: [Int64: [Int8]] = [:]
        for d in deliveries { copies[d.push.id, default: []].append(d.copy) }
        #expect(copies.count == n - lost)
        #expect(copies.values.filter { $0.count == 2 }.count == duplicated)
        // With zero delay both copies arrive at the send instant, in either order (arrival ranks).
        #expect(copies.values.allSatisfy { $0 == [0] || $0.sorted() == [0, 1] }, "copy 0 always, copy 1 only for a duplicate")
        // Each push has exactly one fate: lost, or delivered however many copies arrived.
        #expect(h.count(.delivered) == n - lost)
        #expect(h.count(.lost) + h.count(.delivered) == n && h.ledger.count == n)
    }

    @Test("delay uniformInt 0–4 s: every delay is a whole second in 0…4 and the five are equally frequent")
    func uniformDelay() {
        let budget = StatisticalChecks.Budget("uniformDelay")
        defer { #expect(budget.done) }
        let n = 20_000
        let delay = DurationDistribution(.uniformInt(min: 0, max: 4), unit: "s")
        var h = Harness(LossyChannel(transport: Transport(loss: 0, duplicate: 0, delay: delay)), seed: 91)
        for i in 0..<n { h.send(at: .zero + .milliseconds(Int64(i) * 7), online: true) }
        let deliveries = h.drainDeliveries()
        #expect(deliveries.count == n)
        var counts = [Int](repeating: 0, count: 5)
        for d in deliveries {
            let delta = (d.at - d.push.sentAt).microseconds
            guard delta % 1_000_000 == 0, (0...4).contains(delta / 1_000_000) else {
                Issue.record("delay \(delta) µs is not a whole second in 0…4")
                return
            }
            counts[Int(delta / 1_000_000)] += 1
        }
        #expect(counts.allSatisfy { $0 > 0 }, "\(counts)")
        var x2 = 0.0
        let expected = Double(n) / 5
        for c in counts { x2 += (Double(c) - expected) * (Double(c) - expected) / expected }
        #expect(gsl_cdf_chisq_Q(x2, 4) > budget.alpha(), "counts \(counts), X² = \(x2)")
    }

    @Test("a push sent while the device is offline is dropped as droppedDeviceOffline")
    func offlineDrop() {
        var h = Harness(LossyChannel(transport: Transport(loss: 0.2, duplicate: 0.2, delay: .zero)))
        for i in 1...10 { h.send(at: sec(Int64(i)), online: false) }
        h.connectivity(at: sec(20), online: true)
        #expect(h.drain().isEmpty)
        #expect(h.count(.droppedDeviceOffline) == 10)
        #expect(h.count(.lost) == 0 && h.ledger.duplicatesMade == 0)
    }
}

@Suite("Transport randomness")
struct TransportRandomnessTests {
    /// Sends 200 pushes through `channel` on a stream seeded 4242 and returns the stream's next draw.
    private static func nextDrawAfterSending<C: PushChannel>(_ channel: C) -> Double {
        var h = Harness(channel, seed: 4242)
        for i in 1...200 { h.send(at: sec(Int64(i)), online: true) }
        _ = h.drain()
        return h.random.uniform()
    }

    private static var freshDraw: Double { RandomStream(type: .mt19937, seed: 4242).uniform() }

    @Test("loss 0, duplicate 0, delay \"0s\" draws nothing from the channel stream")
    func perfectDrawsNothing() throws {
        let lossy = try decodeChannel(LossyChannel.self, #"{"kind": "lossy", "loss": 0, "duplicate": 0, "delay": "0s"}"#)
        #expect(Self.nextDrawAfterSending(lossy) == Self.freshDraw)
        let keep = try decodeChannel(KeepLatestChannel.self, #"{"kind": "keepLatest", "transport": {"loss": 0, "duplicate": 0, "delay": "0s"}}"#)
        #expect(Self.nextDrawAfterSending(keep) == Self.freshDraw)
        #expect(Self.nextDrawAfterSending(OverflowChannel()) == Self.freshDraw)
    }

    @Test("an impaired transport does draw (so the comparison above can fail)")
    func impairedDraws() {
        #expect(Self.nextDrawAfterSending(LossyChannel(transport: Transport(loss: 0.1, duplicate: 0, delay: .zero))) != Self.freshDraw)
        #expect(Self.nextDrawAfterSending(LossyChannel(transport: Transport(loss: 0, duplicate: 0.1, delay: .zero))) != Self.freshDraw)
        let delay = DurationDistribution(.uniformInt(min: 0, max: 4), unit: "s")
        #expect(Self.nextDrawAfterSending(LossyChannel(transport: Transport(loss: 0, duplicate: 0, delay: delay))) != Self.freshDraw)
    }
}
