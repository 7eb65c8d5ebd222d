import Foundation
import SimKernel
import Testing
@testable import PushSim

/// The shared sender's view of a fleet: registration r is registration r mod 16 of
/// recipient r / 16 (a device's current token, then with `tokenStore: perToken` its
/// previous one), as `FleetSenderServices` documents.
@Suite("FleetSenderServices")
struct FleetSenderServicesTests {
    static func scenario(_ tokenStore: String) -> Scenario { try! Scenario.decode(Data("""
        {"name": "services", "seed": 3, "replications": 1, "horizon": "1h", "recipient": {"tokenStore": "\(tokenStore)"},
         "server": {"keys": 1, "retainLast": 5, "changes": {"count": 1, "start": "10m"}},
         "strategies": ["hintPull"], "variants": [{"name": "v", "channel": {"kind": "lossy"}}]}
        """.utf8), file: "services.json") }

    /// Three recipients (perToken), each device's current token 1 and previous 100 + r;
    /// `body` gets the services and the worlds.
    static func withServices(_ tokenStore: String = "perToken", _ body: (FleetSenderServices, FleetWorlds) -> Void) {
        withServicesAndList(tokenStore) { s, worlds, _ in body(s, worlds) }
    }

    /// The same, with the fleet's scratch, whose one event list the worlds share (recipient
    /// 3's owner set, as after a turn of a fourth recipient; the timelines dropped).
    static func withServicesAndList(_ tokenStore: String = "perToken",
                                    _ body: (FleetSenderServices, FleetWorlds, WorldScratch) -> Void) {
        let scenario = Self.scenario(tokenStore)
        let simulation = Simulation(scenario: scenario)
        let worlds = FleetWorlds(count: 3)
        let scratch = WorldScratch()
        for r in 0..<3 {
            let streams = RandomStreams(generator: scenario.generator, seed: scenario.seed, replication: r)
            let setup = WorldSetup(simulation.setup(variant: 0), channel: scenario.variants[0].channel, strategy: scenario.strategies[0].prototype)
            var w = World(setup: setup, streams: streams, trace: NoTrace(), reusable: false, scratch: scratch)
            w.mainDevice.previousRegisteredToken = 100 + r
            worlds.store(r, w)
        }
        scratch.queue = EventQueue(reservingCapacity: 0)
        let hub = FleetHub(spec: try! JSONDecoder().decode(FleetSpec.self, from: Data(#"{"population": {"count": 3}}"#.utf8)),
                           horizon: .zero + .hours(1), topicTemplate: nil)
        scratch.queue.owner = 3
        let random = RandomStreams(generator: scenario.generator, seed: scenario.seed, replication: 0).stream("fleet.sender")
        body(FleetSenderServices(worlds: worlds, hub: hub, now: .zero, scratch: scratch, ties: nil, random: random), worlds, scratch)
    }

    @Test("A perToken recipient r holds registrations 16r (current token) and 16r + 1 (previous token)")
    func perTokenRegistrations() {
        Self.withServices { s, _ in
            #expect(s.registrations(ofRecipient: 2) == 32..<34)
            #expect(s.token(of: 32) == 1)
            #expect(s.token(of: 33) == 102)
            #expect(s.token(of: 17) == 101)
        }
    }

    @Test("A perDevice recipient holds one registration per device")
    func perDeviceRegistrations() {
        Self.withServices("perDevice") { s, _ in
            #expect(s.registrations(ofRecipient: 1) == 16..<17)
            #expect(s.token(of: 17) == 0)
        }
    }

    @Test("A token is found among its device's current and previous registrations, and only its recipient's")
    func registrationHoldingToken() {
        Self.withServices { s, _ in
            #expect(s.registration(holding: 101, sameDeviceAs: 16) == 17)
            #expect(s.registration(holding: 1, sameDeviceAs: 17) == 16)
            #expect(s.registration(holding: 102, sameDeviceAs: 16) == nil)
        }
    }

    @Test("A count raised for a registration reaches that registration's recipient alone")
    func raiseReachesTheRecipient() {
        Self.withServices { s, worlds in
            s.raise(.attemptsMax, to: 4, registration: 33)
            #expect(worlds.read(2) { $0.observer.counts[.attemptsMax] } == 4)
            #expect(worlds.read(1) { $0.observer.counts[.attemptsMax] } == 0)
        }
    }

    @Test("A send reaches its recipient's world with the one list's owner set to it: what it schedules is that recipient's, and the owner before is restored")
    func sendSchedulesAsTheRecipient() {
        Self.withServicesAndList { s, worlds, list in
            var push = Push(id: 0, cursor: 1, change: Change(sequence: 1, key: 0, value: 1), sentAt: .zero)
            // The message, as a recipient's server opens it for the shared sender.
            push.notification = worlds.withWorld(1) { $0.messages.open() } | 1 << FleetSenderServices.messageShift
            _ = s.send(push, to: 16)   // recipient 1's current registration
            #expect(list.queue.pendingCount > 0, "the channel scheduled the copy's arrival")
            #expect(list.queue.nextKey?.owner == 1)
            #expect(list.queue.owner == 3, "the owner before the send is restored")
            #expect(worlds.read(1) { $0.ledger.count == 1 })
            #expect(worlds.read(0) { $0.ledger.count == 0 })
        }
    }
}
