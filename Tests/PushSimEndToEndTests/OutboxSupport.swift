import Foundation
@testable import PushSim

// Helpers for the sender scenarios (Scenarios/outbox/*.json).

/// `Scenarios/outbox/<name>.json`.
func outboxScenario(_ name: String) throws -> Scenario {
    Family.reseeded(try Scenario.load(path: scenarioURL("Scenarios/outbox/\(name).json").path).scenario)
}

/// Seconds since the scenario's start of a UTC instant (the scenario must have a `start`).
func simTime(_ scenario: Scenario, utc: String) -> SimTime {
    SimTime(microseconds: (LocalClock.epochSeconds(utc: utc)! - scenario.start!) * 1_000_000)
}

/// Runs one replication of `variant`, whose sender must be an `outbox`, with the outbox's
/// step log switched on and the recording strategy around `strategy`; built exactly as
/// `Simulation.run` builds a run. Returns the outcome, what the app saw and the outbox as
/// it was at the horizon.
func traceOutbox<S: ClientStrategy>(_ scenario: Scenario, _ variant: String, replication: Int = 0,
                                    strategy: S = HintPull()) -> (outcome: RunOutcome, log: AppLog, outbox: Outbox) {
    let index = scenario.variantIndex(variant)
    let setup = Simulation(scenario: scenario).setup(variant: index)
    var outbox = setup.sender as! Outbox
    outbox.log = []
    let streams = RandomStreams(generator: scenario.generator, seed: scenario.seed, replication: replication)
    let appLog = AppLog()
    func run<C: PushChannel>(_ channel: C) -> (RunOutcome, Outbox) {
        var world = World(server: setup.server, device: setup.device, client: setup.client, templates: setup.templates,
                          notifies: setup.notifies, channel: channel, strategy: Recording(strategy, log: appLog), sender: outbox,
                          recipient: setup.recipient, streams: streams, horizon: setup.horizon, trace: NoTrace())
        let outcome = world.run(until: setup.horizon)
        return (outcome, world.sender as! Outbox)
    }
    let (outcome, final) = run(scenario.variants[index].channel)
    return (outcome, appLog, final)
}
