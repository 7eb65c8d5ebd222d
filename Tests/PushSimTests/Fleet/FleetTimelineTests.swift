import SimKernel
import Testing
@testable import PushSim

/// The fleet's timeline: one row per minute [m, m + 1) up to the horizon's own minute.
@Suite("FleetTimeline")
struct FleetTimelineTests {
    @Test("A horizon of exactly 3 minutes has minutes 0, 1, 2 and 3")
    func minutesToTheHorizon() {
        #expect(FleetTimeline(horizon: .zero + .minutes(3)).minutes.count == 4)
        #expect(FleetTimeline(horizon: .zero + .seconds(59)).minutes.count == 1)
    }

    @Test("A queue length set once holds in every later minute up to the horizon's")
    func queueHoldsToTheHorizon() {
        var t = FleetTimeline(horizon: .zero + .minutes(3))
        t.queueLength(2, at: .zero + .seconds(30))
        t.finish()
        #expect(t.minutes.map(\.queueMax) == [2, 2, 2, 2])
    }

    @Test("A queue that empties holds its length only until the minute it empties")
    func queueEmpties() {
        var t = FleetTimeline(horizon: .zero + .minutes(3))
        t.queueLength(5, at: .zero + .seconds(10))
        t.queueLength(0, at: .zero + .seconds(130))
        t.finish()
        #expect(t.minutes.map(\.queueMax) == [5, 5, 5, 0])
    }

    @Test("APNs TooManyRequests and FCM QUOTA_EXCEEDED count as quota rejections, other errors not")
    func quotaRejections() {
        var t = FleetTimeline(horizon: .zero + .minutes(1))
        t.rejected(.apnsTooManyRequests, at: .zero)
        t.rejected(.quotaExceeded, at: .zero)
        t.rejected(.unregistered, at: .zero)
        #expect(t.minutes[0].rejectedQuota == 2)
        #expect(t.minutes[0].rejectedOther == 1)
    }

    @Test("Sends, acceptances, arrived copies and started pulls are noted, in their own columns; other observations not")
    func notedObservations() {
        #expect(FleetTimeline.noted(.accepted(duplicate: false, inQuietHours: false)) == .accepted)
        #expect(FleetTimeline.noted(.copyArrived(bytes: 10, screenOn: true)) == .delivered)
        #expect(FleetTimeline.noted(.pullStarted(full: true, network: true, latency: nil)) == .pullStarted)
        #expect(FleetTimeline.noted(.pullQueued) == nil)
        #expect(FleetTimeline.noted(.duplicateArrived(suppressed: false)) == nil)
        #expect(FleetTimeline.noted(.pullAnswered(changes: 1, reset: false, bytes: 5)) == nil)
        var t = FleetTimeline(horizon: .zero + .minutes(1))
        for (n, times) in [(FleetTimeline.Noted.sent, 1), (.accepted, 2), (.delivered, 3), (.pullStarted, 4)] {
            for _ in 0..<times { t.note(n, at: .zero + .seconds(61)) }
        }
        let m = t.minutes[1]
        #expect([m.sent, m.accepted, m.delivered, m.pullsStarted] == [1, 2, 3, 4])
        #expect(t.minutes[0].sent == 0)
    }
}
