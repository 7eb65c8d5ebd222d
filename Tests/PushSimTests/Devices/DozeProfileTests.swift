import Foundation
import SimKernel
import Testing
@testable import PushSim

/// A device holds only Doze's state (`DozeState`); the world drives it with its profile's
/// timing (`device.doze`). These check that the timing the world passes is the scenario's,
/// not the AOSP defaults, through every input the world gives Doze (screen, charger,
/// motion, Battery Saver's Quick Doze, a restart and the transitions between events).
@Suite("Doze with the profile's timing")
struct DozeProfileTests {
    /// Timing far from AOSP's: the first deep IDLE 9 min after screen-off (AOSP: 64 min 30 s),
    /// light IDLE after 1 min, 20-min IDLE periods, 2-min maintenance windows.
    static let timing = #"{"inactive": "2m", "motionCheck": "3m", "sensing": "2m", "locating": "2m", "idle": "20m", "maxIdle": "40m", "maintenance": "2m", "minMaintenance": "1m", "motionInactive": "4m", "quickDozeDelay": "30s", "lightAfterInactive": "1m", "lightPreIdle": "1m", "lightIdle": "3m"}"#

    /// One Android recipient with that timing, the screen on now and then, the charger, a
    /// restart, motion and Battery Saver at fixed times, no app opens (the screen is off
    /// otherwise). Battery Saver starts while deep Doze is INACTIVE (after the motion at
    /// 5 h 17 min), so Quick Doze's delay is the scenario's 30 s, not AOSP's 60 s.
    static func world() -> (World, DozeParameters) {
        let scenario = try! Scenario.decode(Data("""
            {"name": "doze-profile", "seed": 5, "replications": 1, "horizon": "8h",
             "server": {"keys": 2, "retainLast": 20, "changes": {"count": 4, "start": "30m", "gap": {"kind": "constant", "value": 90, "unit": "m"}}},
             "device": {"platform": "android", "doze": \(timing),
                        "screenOn": [{"from": "1h", "to": "1h5m"}], "charging": [{"from": "3h", "to": "3h30m"}],
                        "restarts": ["4h"], "motion": ["2h", "5h17m"], "batterySaver": [{"from": "5h19m", "to": "7h"}]},
             "strategies": ["recommended"], "variants": [{"name": "v", "channel": {"kind": "fcm"}}]}
            """.utf8), file: "doze-profile.json")
        let simulation = Simulation(scenario: scenario)
        let streams = RandomStreams(generator: scenario.generator, seed: scenario.seed, replication: 0)
        let world = Simulation.world(channel: scenario.variants[0].channel, strategy: scenario.strategies[0].prototype,
                                     setup: simulation.setup(variant: 0), streams: streams, trace: NoTrace())
        return (world, simulation.setup(variant: 0).device.doze)
    }

    @Test("The scenario's Doze timing is the one the device runs, not AOSP's")
    func timingIsTheProfiles() {
        let (_, parameters) = Self.world()
        #expect(parameters != .aosp)
        #expect(parameters.inactive == .minutes(2) && parameters.idle == .minutes(20))
    }

    /// Every minute of the day the world's Doze state is the one a controller with the
    /// scenario's timing reaches through the same inputs; at 9 min (AOSP: still INACTIVE)
    /// it is deep IDLE, and 30 s after Quick Doze began (AOSP: 60 s) too.
    @Test("The world's Doze follows a controller of the profile's timing through every input")
    func worldFollowsTheProfilesController() {
        var (world, parameters) = Self.world()
        var controller = DozeController(parameters: parameters, screenOn: false, charging: false, at: .zero)
        let inputs: [(SimTime, (inout DozeController, SimTime) -> Void)] = [
            (.zero + .hours(1), { $0.setScreen(on: true, at: $1) }), (.zero + .minutes(65), { $0.setScreen(on: false, at: $1) }),
            (.zero + .hours(2), { $0.motion(at: $1) }),
            (.zero + .hours(3), { $0.setCharging(true, at: $1) }), (.zero + .minutes(210), { $0.setCharging(false, at: $1) }),
            // The restart's boot ends after the default boot time, 1 min: Doze starts anew (I6).
            (.zero + .minutes(241), { $0 = DozeController(parameters: $0.parameters, screenOn: false, charging: false, at: $1) }),
            (.zero + .minutes(317), { $0.motion(at: $1) }),
            (.zero + .minutes(319), { $0.setQuickDoze(true, at: $1) }), (.zero + .hours(7), { $0.setQuickDoze(false, at: $1) }),
        ]
        var next = inputs.startIndex
        var idleSeen = false, quickSeen = false
        for step in 1...(8 * 60) {
            let t = SimTime.zero + .minutes(Int64(step)) - .microseconds(1)
            while next < inputs.endIndex, inputs[next].0 <= t { inputs[next].1(&controller, inputs[next].0); next += 1 }
            Simulator.run(&world, until: t)
            controller.advance(to: t)
            var state = world.mainDevice.doze
            state.advance(parameters, to: t)
            #expect(state.deep == controller.deep && state.light == controller.light, "at \(t)")
            if t < .zero + .minutes(10) && state.deep == .idle { idleSeen = true }
            if t == .zero + .minutes(320) - .microseconds(1) { quickSeen = state.deep == .idle }
        }
        #expect(idleSeen, "deep IDLE within 10 min of screen-off (AOSP's timing: 64 min 30 s)")
        #expect(quickSeen, "deep IDLE 30 s after Quick Doze began (AOSP's delay: 60 s)")
    }
}
