import Foundation
import Testing
@testable import PushSim

/// Calls `body` with `channel` and a context at `now` over `queue` and `ledger`, for
/// device `deviceIndex` (0: the main device), online or not.
private func call<C, R>(_ channel: inout C, _ queue: inout EventQueue<WorldEvent>, _ ledger: inout PushLedger, at now: SimTime,
                        online: Bool = true, deviceIndex: Int8 = 0, random: RandomStream, order: RandomStream,
                        _ body: (inout C, inout ProviderContext) -> R) -> R {
    var device = DeviceView()
    device.online = online
    return ProviderContext.with(&channel, queue: &queue, ledger: &ledger, now: now, device: device, random: random, order: order,
                                deviceIndex: deviceIndex, body)
}

private func push(_ id: Int64, at t: SimTime = .zero) -> Push {
    Push(id: id, cursor: id, change: Change(sequence: id, key: 0, value: id), sentAt: t)
}

/// Edges of the channels' shared machinery: a deletedMessages signal for another device,
/// the transport's independent delays per copy, an overflow channel put back for reuse.
@Suite struct ChannelEdgeTests {
    @Test("deletedMessages on another device schedules nothing (no app code runs there) but still draws its rank; on device 0 one signal now")
    func deletedMessagesOnlyForTheMainDevice() {
        var unit = 0, queue = EventQueue<WorldEvent>(), ledger = PushLedger()
        let random = RandomStream(type: .mt19937, seed: 1)
        let order = RandomStream(type: .mt19937, seed: 7), replay = RandomStream(type: .mt19937, seed: 7)
        call(&unit, &queue, &ledger, at: .zero, deviceIndex: 2, random: random, order: order) { _, cx in cx.signalDeletedMessages() }
        #expect(queue.next(until: .distantFuture) == nil, "nothing for another device")
        _ = replay.draws.uniformInt(below: Int(UInt32.max))
        #expect(order.uniform() == replay.uniform(), "one rank drawn for the other device's signal")
        call(&unit, &queue, &ledger, at: SimTime(microseconds: 5), deviceIndex: 0, random: random, order: order) { _, cx in cx.signalDeletedMessages() }
        var events: [WorldEvent] = []
        while let e = queue.next(until: .distantFuture) { events.append(e) }
        #expect(events.count == 1)
        if case .deletedMessages = events.first {} else { Issue.record("expected deletedMessages, got \(events)") }
    }

    @Test("a duplicated push's two copies get independently drawn delays: with delay uniform 0–10 s they arrive at different instants")
    func copiesHaveIndependentDelays() throws {
        let delay = try JSONDecoder().decode(DurationDistribution.self, from: Data(#"{"kind": "uniform", "min": 0, "max": 10, "unit": "s"}"#.utf8))
        var channel = LossyChannel(transport: Transport(loss: 0, duplicate: 1, delay: delay))
        var queue = EventQueue<WorldEvent>(), ledger = PushLedger()
        let random = RandomStream(type: .mt19937, seed: 3), order = RandomStream(type: .mt19937, seed: 4)
        for id: Int64 in 1...20 {
            ledger.sent(id)
            _ = call(&channel, &queue, &ledger, at: .zero, random: random, order: order) { c, cx in c.send(push(id), &cx) }
        }
        var arrivals: [Int64: [SimTime]] = [:]
        while let e = queue.next(until: .distantFuture) {
            if case let .deliver(id, _) = e { arrivals[id, default: []].append(queue.now) }
        }
        #expect(arrivals.count == 20 && arrivals.values.allSatisfy { $0.count == 2 })
        #expect(arrivals.values.allSatisfy { $0[0] != $0[1] }, "a continuous delay drawn twice differs")
    }

    @Test("an overflow channel put back with reset(to:) holds none of the pushes it stored before")
    func overflowResetEmptiesTheStore() {
        let prototype = OverflowChannel(limit: 10)
        var channel = prototype
        var queue = EventQueue<WorldEvent>(), ledger = PushLedger()
        let random = RandomStream(type: .mt19937, seed: 1), order = RandomStream(type: .mt19937, seed: 2)
        for id: Int64 in 1...3 {
            ledger.sent(id)
            _ = call(&channel, &queue, &ledger, at: .zero, online: false, random: random, order: order) { c, cx in c.send(push(id), &cx) }
        }
        channel.reset(to: prototype)
        var fresh = PushLedger()
        call(&channel, &queue, &fresh, at: SimTime(microseconds: 1_000_000), online: true, random: random, order: order) { c, cx in c.handle(.deviceChanged, &cx) }
        #expect(queue.next(until: .distantFuture) == nil, "nothing left to deliver at reconnect")
    }
}
