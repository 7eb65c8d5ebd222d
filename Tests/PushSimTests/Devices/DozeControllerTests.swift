import Foundation
import Testing
@testable import PushSim

/// Minutes (and seconds) after t = 0.
private func at(h: Int64 = 0, m: Int64 = 0, s: Int64 = 0) -> SimTime { .zero + .hours(h) + .minutes(m) + .seconds(s) }

private struct Step: Equatable, CustomStringConvertible {
    var time: SimTime; var deep: DozeController.DeepState; var light: DozeController.LightState
    var description: String { "\(time) \(deep) \(light)" }
}

/// The schedule of a device whose screen goes off at 0, as comparable values.
private func trace(_ p: DozeParameters = .aosp, until: SimTime) -> [Step] {
    DozeController.schedule(parameters: p, screenOffAt: .zero, until: until).map { Step(time: $0.time, deep: $0.deep, light: $0.light) }
}

/// Only the entries where the deep (or light) state changed.
private func deepChanges(_ steps: [Step]) -> [Step] {
    steps.enumerated().filter { $0.offset == 0 || steps[$0.offset - 1].deep != $0.element.deep }.map(\.element)
}
private func lightChanges(_ steps: [Step]) -> [Step] {
    steps.enumerated().filter { $0.offset == 0 || steps[$0.offset - 1].light != $0.element.light }.map(\.element)
}

/// Lengths of the periods spent in `state`, for periods that ended within the trace.
private func lengths(_ changes: [Step], _ state: (Step) -> Bool) -> [SimDuration] {
    zip(changes, changes.dropFirst()).filter { state($0.0) }.map { $0.1.time - $0.0.time }
}

/// A controller whose screen went off at 0, advanced to `t`.
private func dozing(_ p: DozeParameters = .aosp, advancedTo t: SimTime) -> DozeController {
    var d = DozeController(parameters: p, screenOn: false, charging: false, at: .zero)
    d.advance(to: t)
    return d
}

@Suite("Android Doze state machine (rules D1–D3, F6)")
struct DozeControllerTests {
    @Test("Deep Doze: INACTIVE 30 min, IDLE_PENDING 30 min, SENSING 4 min, LOCATING 30 s, IDLE at 64 min 30 s")
    func deepEntry() {
        #expect(deepChanges(trace(until: at(m: 65))) == [
            Step(time: at(), deep: .inactive, light: .inactive),
            Step(time: at(m: 30), deep: .idlePending, light: .idle),
            Step(time: at(m: 60), deep: .sensing, light: .idle),
            Step(time: at(m: 64), deep: .locating, light: .idle),
            Step(time: at(m: 64, s: 30), deep: .idle, light: .override),
        ])
        #expect(dozing(advancedTo: at(m: 64, s: 30) - .microseconds(1)).deep == .locating)
        let d = dozing(advancedTo: at(m: 64, s: 30))
        #expect(d.deep == .idle)
        #expect(d.nextTransition == at(m: 124, s: 30))
    }

    @Test("Deep idle periods are 1, 2, 4, 6, 6 h and maintenance windows 5, 10, 10, 10 min")
    func deepCycle() {
        let changes = deepChanges(trace(until: at(h: 24)))
        #expect(lengths(changes) { $0.deep == .idle }.prefix(5) == [.hours(1), .hours(2), .hours(4), .hours(6), .hours(6)])
        #expect(lengths(changes) { $0.deep == .idleMaintenance }.prefix(4) == [.minutes(5), .minutes(10), .minutes(10), .minutes(10)])
        #expect(changes.filter { $0.deep == .idleMaintenance }.map(\.time).prefix(4) == [
            at(m: 124, s: 30), at(m: 249, s: 30), at(m: 499, s: 30), at(m: 869, s: 30),
        ])
    }

    @Test("Light Doze: LIGHT_IDLE from 4 min, 5, 10, 15, 15 min with 1 min maintenance, overridden at deep IDLE")
    func lightCycle() {
        let changes = lightChanges(trace(until: at(m: 70)))
        #expect(changes.map(\.time) == [
            at(), at(m: 1), at(m: 4), at(m: 9), at(m: 10), at(m: 20), at(m: 21), at(m: 36), at(m: 37),
            at(m: 52), at(m: 53), at(m: 64, s: 30),
        ])
        #expect(changes.map(\.light) == [
            .inactive, .preIdle, .idle, .idleMaintenance, .idle, .idleMaintenance, .idle, .idleMaintenance, .idle,
            .idleMaintenance, .idle, .override,
        ])
        #expect(lengths(changes) { $0.light == .idle }.prefix(4) == [.minutes(5), .minutes(10), .minutes(15), .minutes(15)])
        #expect(lengths(changes) { $0.light == .idleMaintenance } == [.minutes(1), .minutes(1), .minutes(1), .minutes(1)])
        let late = dozing(advancedTo: at(h: 20))
        #expect(late.light == .override)
        #expect(dozing(advancedTo: at(m: 125)).light == .override)  // deep maintenance: still overridden
    }

    @Test("Restriction and maintenance windows at chosen instants", arguments: [
        (at(m: 2), false, false),               // light PRE_IDLE
        (at(m: 6), true, false),                // LIGHT_IDLE
        (at(m: 9, s: 30), false, true),         // light maintenance
        (at(m: 50), true, false),               // LIGHT_IDLE while deep IDLE_PENDING
        (at(m: 52, s: 30), false, true),        // light maintenance while deep IDLE_PENDING
        (at(m: 90), true, false),               // deep IDLE
        (at(m: 125), false, true),              // deep maintenance
        (at(m: 129, s: 29), false, true),       // last second of it
        (at(m: 129, s: 30), true, false),       // deep IDLE again
        (at(m: 255), false, true),              // second deep maintenance (10 min)
    ])
    func restriction(time: SimTime, restricted: Bool, maintenance: Bool) {
        let d = dozing(advancedTo: time)
        #expect(d.isRestricted == restricted)
        #expect(d.isMaintenance == maintenance)
    }

    @Test("Screen on mid-idle: ACTIVE at once, unrestricted, no timer; screen off restarts the count")
    func screenOn() {
        var d = dozing(advancedTo: at(m: 80))
        d.setScreen(on: true, at: at(m: 90))
        #expect(d.deep == .active && d.light == .active)
        #expect(!d.isRestricted && !d.isMaintenance)
        #expect(d.nextTransition == nil)
        d.setScreen(on: true, at: at(m: 95))
        #expect(d.nextTransition == nil)
        d.setScreen(on: false, at: at(m: 100))
        #expect(d.deep == .inactive && d.light == .inactive)
        #expect(d.nextTransition == at(m: 101))
        d.advance(to: at(m: 164, s: 30) - .microseconds(1))
        #expect(d.deep == .locating)
        d.advance(to: at(m: 164, s: 30))
        #expect(d.deep == .idle && d.nextTransition == at(m: 224, s: 30))
    }

    @Test("Charging mid-idle: ACTIVE at once, unrestricted, no timer; unplugging restarts the count")
    func charging() {
        var d = dozing(advancedTo: at(m: 80))
        d.setCharging(true, at: at(m: 90))
        #expect(d.deep == .active && d.light == .active)
        #expect(!d.isRestricted && !d.isMaintenance && d.nextTransition == nil)
        d.setScreen(on: false, at: at(m: 95))  // already off: no change
        #expect(d.deep == .active && d.nextTransition == nil)
        d.setCharging(false, at: at(m: 100))
        #expect(d.deep == .inactive && d.light == .inactive && d.nextTransition == at(m: 101))
        let plugged = DozeController(parameters: .aosp, screenOn: false, charging: true, at: .zero)
        #expect(plugged.deep == .active && plugged.nextTransition == nil)
    }

    @Test("Motion during IDLE_PENDING goes back to INACTIVE for 10 min (AOSP MOTION_INACTIVE_TIMEOUT); light Doze carries on")
    func motionInIdlePending() {
        var d = dozing(advancedTo: at(m: 40))
        #expect(d.deep == .idlePending && d.light == .idle)
        d.motion(at: at(m: 40))
        #expect(d.deep == .inactive && d.light == .idle)
        #expect(d.nextTransition == at(m: 50))
        d.advance(to: at(m: 50) - .microseconds(1))
        #expect(d.deep == .inactive)
        d.advance(to: at(m: 50))
        #expect(d.deep == .idlePending)
        d.advance(to: at(m: 84, s: 30) - .microseconds(1))
        #expect(d.deep == .locating)
        d.advance(to: at(m: 84, s: 30))
        #expect(d.deep == .idle && d.light == .override)
    }

    @Test("Motion in ACTIVE or INACTIVE changes nothing: AOSP watches for motion only from IDLE_PENDING on")
    func motionUnwatchedInInactive() {
        // At 10 min: a restart would mean INACTIVE until 20 min (10 min later) instead of 30.
        var moved = dozing(advancedTo: at(m: 10))
        #expect(moved.deep == .inactive)
        moved.motion(at: at(m: 10))
        var still = dozing(advancedTo: at(m: 10))
        #expect(moved == still)
        moved.advance(to: at(m: 30)); still.advance(to: at(m: 30))
        #expect(moved.deep == .idlePending && moved == still, "IDLE_PENDING at 30 min, as if never moved")
        var awake = DozeController(parameters: .aosp, screenOn: true, charging: false, at: .zero)
        awake.motion(at: at(m: 5))
        #expect(awake.deep == .active && awake.nextTransition == nil)
    }

    @Test("Motion during deep IDLE returns to INACTIVE for 10 min and resets the idle and maintenance lengths")
    func motionInIdle() {
        var d = dozing(advancedTo: at(m: 180))  // second idle period (2 h)
        #expect(d.deep == .idle && d.nextTransition == at(m: 249, s: 30))
        d.motion(at: at(m: 180))
        #expect(d.deep == .inactive && d.light == .inactive && !d.isRestricted)
        #expect(d.nextTransition == at(m: 181))
        d.advance(to: at(m: 184))
        #expect(d.light == .idle)
        d.advance(to: at(m: 190))
        #expect(d.deep == .idlePending, "10 min after the motion")
        d.advance(to: at(m: 224, s: 30))
        #expect(d.deep == .idle && d.light == .override)
        #expect(d.nextTransition == at(m: 284, s: 30))  // 1 h again
        d.advance(to: at(m: 284, s: 30))
        #expect(d.deep == .idleMaintenance && d.nextTransition == at(m: 289, s: 30))  // 5 min again
        d.advance(to: at(m: 289, s: 30))
        #expect(d.nextTransition == at(m: 409, s: 30))  // then 2 h
    }

    @Test("motionInactive is a parameter: 0 s goes straight to IDLE_PENDING after motion")
    func motionInactiveParameter() {
        var d = DozeController(parameters: DozeParameters(motionInactive: .zero), screenOn: false, charging: false, at: .zero)
        d.advance(to: at(m: 40))
        d.motion(at: at(m: 40))
        #expect(d.deep == .idlePending && d.nextTransition == at(m: 52), "light maintenance at 52 min comes before SENSING at 70")
    }

    @Test("advance(to:) called late gives the same state as stepping through every transition")
    func lateAdvance() {
        var stepped = dozing(advancedTo: .zero)
        for k in Int64(0)...200 {
            let t = SimTime.zero + .seconds(433) * k  // 7 min 13 s grid, past 24 h
            while let next = stepped.nextTransition, next <= t { stepped.advance(to: next) }
            stepped.advance(to: t)
            #expect(dozing(advancedTo: t) == stepped, "at \(t)")
        }
        var late = dozing(advancedTo: at(m: 10))
        late.motion(at: at(h: 3))  // transitions up to 3 h happen first, then the motion
        var exact = dozing(advancedTo: at(h: 3))
        exact.motion(at: at(h: 3))
        #expect(late == exact && late.deep == .inactive)
    }

    @Test("Zero-length phases pass in the same instant: no SENSING or LOCATING shows")
    func zeroLengthPhases() {
        let p = DozeParameters(sensing: .zero, locating: .zero)
        #expect(deepChanges(trace(p, until: at(m: 61))).map(\.deep) == [.inactive, .idlePending, .idle])
        #expect(dozing(p, advancedTo: at(m: 60)).deep == .idle)
    }

    @Test("Disabled deep Doze never overrides light Doze; disabled light Doze stays ACTIVE until deep IDLE")
    func disabled() {
        let lightOnly = dozing(DozeParameters(deepEnabled: false), advancedTo: at(h: 24, m: 6))
        #expect(lightOnly.deep == .active && lightOnly.light == .idle && lightOnly.isRestricted)
        let deepOnly = DozeParameters(lightEnabled: false)
        #expect(dozing(deepOnly, advancedTo: at(m: 10)).light == .active)
        #expect(!dozing(deepOnly, advancedTo: at(m: 10)).isRestricted)
        #expect(dozing(deepOnly, advancedTo: at(m: 65)).light == .override)
    }

    @Test("Legacy light setting lightAfterInactive 3m moves LIGHT_IDLE to 6 min")
    func legacyLight() throws {
        let p = try JSONDecoder().decode(DozeParameters.self, from: Data(#"{"lightAfterInactive": "3m"}"#.utf8))
        #expect(p == DozeParameters(lightAfterInactive: .minutes(3)))
        #expect(lightChanges(trace(p, until: at(m: 12))).map(\.time) == [at(), at(m: 3), at(m: 6), at(m: 11), at(m: 12)])
        #expect(dozing(p, advancedTo: at(m: 6)).light == .idle)
        #expect(dozing(p, advancedTo: at(m: 6) - .microseconds(1)).light == .preIdle)
    }
}

@Suite("DozeParameters decoding")
struct DozeParametersDecodingTests {
    private func decode(_ json: String) throws -> DozeParameters {
        try JSONDecoder().decode(DozeParameters.self, from: Data(json.utf8))
    }

    @Test("An empty object is the AOSP defaults; given keys override them")
    func decodes() throws {
        #expect(try decode("{}") == .aosp)
        let p = try decode(#"{"inactive": "15m", "idleFactor": 1.5, "maxIdle": "4h", "minMaintenance": "0s", "lightEnabled": false}"#)
        #expect(p == DozeParameters(inactive: .minutes(15), idleFactor: 1.5, maxIdle: .hours(4), minMaintenance: .zero, lightEnabled: false))
    }

    @Test("parameterDocs lists every key once, and its defaults decode to .aosp")
    func docs() throws {
        #expect(DozeParameters.parameterDocs.map(\.name) == DozeParameters.CodingKeys.allCases.map(\.stringValue))
        let fields = DozeParameters.parameterDocs.map { "\"\($0.name)\": " + ($0.type == "duration" ? "\"\($0.defaultValue)\"" : $0.defaultValue) }
        #expect(try decode("{" + fields.joined(separator: ", ") + "}") == .aosp)
    }

    @Test("Bad values fail with a DecodingError whose coding path ends at the key", arguments: [
        (#"{"idleFactr": 2}"#, "idleFactr"),
        (#"{"idle": "-1h"}"#, "idle"),
        (#"{"sensing": "30"}"#, "sensing"),
        (#"{"locating": 30}"#, "locating"),
        (#"{"idleFactor": 0.5}"#, "idleFactor"),
        (#"{"lightIdleFactor": 0}"#, "lightIdleFactor"),
        (#"{"maintenance": "0s"}"#, "maintenance"),
        (#"{"lightMaintenance": "0m"}"#, "lightMaintenance"),
        (#"{"deepEnabled": "yes"}"#, "deepEnabled"),
    ])
    func rejects(json: String, key: String) throws {
        let error = try #require(throws: DecodingError.self) { try decode(json) }
        let path: [any CodingKey]
        switch error {
        case .dataCorrupted(let c): path = c.codingPath
        case .typeMismatch(_, let c), .valueNotFound(_, let c), .keyNotFound(_, let c): path = c.codingPath
        @unknown default: path = []
        }
        #expect(path.map(\.stringValue) == [key])
    }
}
