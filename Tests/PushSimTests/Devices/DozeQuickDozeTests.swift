import Foundation
import Testing
@testable import PushSim

/// Minutes (and seconds) after t = 0.
private func at(h: Int64 = 0, m: Int64 = 0, s: Int64 = 0) -> SimTime { .zero + .hours(h) + .minutes(m) + .seconds(s) }

/// A controller whose screen went off at 0, with Quick Doze on from 0 if `quick`, advanced to `t`.
private func dozing(_ p: DozeParameters = .aosp, quick: Bool = true, advancedTo t: SimTime) -> DozeController {
    var d = DozeController(parameters: p, screenOn: false, charging: false, at: .zero)
    d.setQuickDoze(quick, at: .zero)
    d.advance(to: t)
    return d
}

/// Quick Doze (rule I8: Android Battery Saver's `enableQuickDoze`; AOSP DeviceIdleController
/// `updateQuickDozeFlagLocked`, `becomeInactiveIfAppropriateLocked`, `handleMotionDetectedLocked`).
@Suite("Android Doze state machine: Quick Doze (rule I8)")
struct DozeQuickDozeTests {
    @Test("Screen off with Quick Doze: QUICK_DOZE_DELAY 60 s, then IDLE 1 h, maintenance 5 min, IDLE 2 h")
    func entry() {
        let steps = DozeController.schedule(parameters: .aosp, screenOffAt: .zero, until: at(h: 3, m: 10), quickDoze: true)
        #expect(steps.map(\.time) == [at(), at(m: 1), at(h: 1, m: 1), at(h: 1, m: 6), at(h: 3, m: 6)])
        #expect(steps.map(\.deep) == [.quickDozeDelay, .idle, .idleMaintenance, .idle, .idleMaintenance])
        #expect(steps.map(\.light) == [.inactive, .override, .override, .override, .override])
        let before = dozing(advancedTo: at(s: 60) - .microseconds(1))
        #expect(before.deep == .quickDozeDelay && !before.isRestricted && before.nextTransition == at(s: 60))
        let idle = dozing(advancedTo: at(s: 60))
        #expect(idle.deep == .idle && idle.isRestricted && idle.nextTransition == at(h: 1, m: 1))
    }

    @Test("quickDozeDelay is a parameter; 0 s goes straight to IDLE")
    func delayParameter() {
        #expect(DozeParameters.aosp.quickDozeDelay == .seconds(60))
        #expect(dozing(DozeParameters(quickDozeDelay: .minutes(3)), advancedTo: at(m: 3) - .microseconds(1)).deep == .quickDozeDelay)
        #expect(dozing(DozeParameters(quickDozeDelay: .minutes(3)), advancedTo: at(m: 3)).deep == .idle)
        let zero = dozing(DozeParameters(quickDozeDelay: .zero), advancedTo: .zero)
        #expect(zero.deep == .idle && zero.nextTransition == at(h: 1))
    }

    @Test("Motion never leaves Quick Doze: the sensor is off in QUICK_DOZE_DELAY and the IDLE after it")
    func motionIgnored() {
        for t in [at(s: 30), at(m: 30), at(h: 1, m: 3)] {
            var moved = dozing(advancedTo: t)
            moved.motion(at: t)
            #expect(moved == dozing(advancedTo: t), "motion at \(t)")
        }
    }

    @Test("Quick Doze turned on mid-ladder (IDLE_PENDING): QUICK_DOZE_DELAY at once, IDLE 60 s later; light Doze carries on")
    func onMidLadder() {
        var d = dozing(quick: false, advancedTo: at(m: 40))
        #expect(d.deep == .idlePending && d.light == .idle)
        d.setQuickDoze(true, at: at(m: 40))
        #expect(d.deep == .quickDozeDelay && d.light == .idle && d.nextTransition == at(m: 41))
        d.advance(to: at(m: 41))
        #expect(d.deep == .idle && d.light == .override && d.nextTransition == at(h: 1, m: 41))
        d.motion(at: at(m: 50))
        #expect(d.deep == .idle, "the motion sensor stopped at QUICK_DOZE_DELAY")
    }

    @Test("Quick Doze turned on while idling changes nothing; motion then comes out briefly, through QUICK_DOZE_DELAY")
    func onWhileIdling() {
        var d = dozing(quick: false, advancedTo: at(m: 90))
        #expect(d.deep == .idle)
        let next = d.nextTransition
        d.setQuickDoze(true, at: at(m: 90))
        #expect(d.deep == .idle && d.nextTransition == next && d.quickDoze)
        d.motion(at: at(m: 100))
        #expect(d.deep == .quickDozeDelay && d.light == .inactive && !d.isRestricted && d.nextTransition == at(m: 101))
        d.advance(to: at(m: 101))
        #expect(d.deep == .idle && d.nextTransition == at(h: 2, m: 41), "1 h again")
        d.motion(at: at(m: 110))
        #expect(d.deep == .idle, "after QUICK_DOZE_DELAY motion is not watched")
    }

    @Test("Quick Doze turned off leaves deep Doze where it is (AOSP); screen-on, then screen-off, follows the normal ladder")
    func off() {
        var d = dozing(advancedTo: at(m: 10))
        let next = d.nextTransition
        d.setQuickDoze(false, at: at(m: 10))
        #expect(d.deep == .idle && d.nextTransition == next && !d.quickDoze)
        d.motion(at: at(m: 20))
        #expect(d.deep == .idle, "the sensor is still off")
        d.advance(to: at(h: 1, m: 1))
        #expect(d.deep == .idleMaintenance)
        d.setScreen(on: true, at: at(h: 1, m: 2))
        #expect(d.deep == .active && d.light == .active)
        d.setScreen(on: false, at: at(h: 1, m: 10))
        #expect(d.deep == .inactive && d.nextTransition == at(h: 1, m: 11))
        d.advance(to: at(h: 1, m: 40))
        #expect(d.deep == .idlePending, "30 min INACTIVE, the normal ladder")
    }

    @Test("With Quick Doze on, screen-on and charging still end Doze; screen-off or unplugging starts QUICK_DOZE_DELAY again")
    func screenAndCharging() {
        var d = dozing(advancedTo: at(m: 10))
        d.setScreen(on: true, at: at(m: 10))
        #expect(d.deep == .active && d.light == .active && d.nextTransition == nil)
        d.setQuickDoze(true, at: at(m: 12))   // screen on: nothing to do
        #expect(d.deep == .active && d.nextTransition == nil)
        d.setScreen(on: false, at: at(m: 20))
        #expect(d.deep == .quickDozeDelay && d.light == .inactive && d.nextTransition == at(m: 21))
        d.setCharging(true, at: at(m: 30))
        #expect(d.deep == .active && d.nextTransition == nil)
        d.setCharging(false, at: at(m: 40))
        #expect(d.deep == .quickDozeDelay && d.nextTransition == at(m: 41))
        let plugged = DozeController(parameters: .aosp, screenOn: false, charging: true, at: .zero)
        var q = plugged
        q.setQuickDoze(true, at: .zero)
        #expect(q.deep == .active && q.nextTransition == nil)
    }

    @Test("Quick Doze needs deep Doze: with deep Doze disabled light Doze runs as before")
    func deepDisabled() {
        let p = DozeParameters(deepEnabled: false)
        #expect(dozing(p, advancedTo: at(m: 30)) == dozing(p, quick: false, advancedTo: at(m: 30)).withQuickDoze())
    }

    @Test("A negative quickDozeDelay is refused at its key")
    func rejectsNegative() throws {
        let error = try #require(throws: DecodingError.self) {
            try JSONDecoder().decode(DozeParameters.self, from: Data(#"{"quickDozeDelay": "-1s"}"#.utf8))
        }
        guard case .dataCorrupted(let c) = error else { Issue.record("unexpected \(error)"); return }
        #expect(c.codingPath.map(\.stringValue) == ["quickDozeDelay"])
    }
}

private extension DozeController {
    /// The same controller with Quick Doze turned on at its time (for comparisons).
    func withQuickDoze() -> DozeController {
        var d = self
        d.setQuickDoze(true, at: time)
        return d
    }
}
