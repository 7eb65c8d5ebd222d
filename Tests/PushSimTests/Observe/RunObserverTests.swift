import Testing
@testable import PushSim

/// `RunObserver`: what each observation adds to the run's counts (docs/csv.md's column
/// definitions), and `reset`.
@Suite("RunObserver")
struct RunObserverTests {
    private static func observer() -> RunObserver { RunObserver(keys: 2, foreground: false, trace: NoTrace()) }
    private static let t = SimTime.zero + .seconds(5)

    @Test("device_wakeups: a push copy or a deletedMessages signal counts one only when the screen is off")
    func wakeups() {
        var o = Self.observer()
        o.record(.copyArrived(bytes: 10, screenOn: false), at: Self.t)
        #expect(o.counts[.deviceWakeups] == 1)
        o.record(.copyArrived(bytes: 20, screenOn: true), at: Self.t)
        #expect(o.counts[.deviceWakeups] == 1, "a copy with the screen on wakes nothing")
        #expect(o.counts[.copiesArrived] == 2 && o.counts[.bytesArrived] == 30)
        o.record(.deletedSignalArrived(screenOn: false), at: Self.t)
        #expect(o.counts[.deviceWakeups] == 2)
        o.record(.deletedSignalArrived(screenOn: true), at: Self.t)
        #expect(o.counts[.deviceWakeups] == 2, "a signal with the screen on wakes nothing")
        #expect(o.counts[.deletedSignals] == 0, "arriving is not receiving: the app may be stopped")
        o.record(.deletedSignalReceived, at: Self.t)
        #expect(o.counts[.deletedSignals] == 1 && o.counts[.deviceWakeups] == 2)
    }

    @Test("a pull counts a server request only when it had network; a dropped answer counts a pull failure")
    func pullsAndRequests() {
        var o = Self.observer()
        o.record(.pullStarted(full: false, network: false, latency: nil), at: Self.t)
        #expect(o.counts[.pulls] == 1 && o.counts[.serverRequests] == 0, "no network: no request reached the server")
        o.record(.pullStarted(full: true, network: true, latency: .seconds(1)), at: Self.t)
        #expect(o.counts[.pulls] == 2 && o.counts[.serverRequests] == 1)
        o.record(.pullStarted(full: false, network: true, latency: nil), at: Self.t)
        #expect(o.counts[.pulls] == 3 && o.counts[.serverRequests] == 2, "a pull to a fleet's shared server has no latency drawn up front, yet reached it")
        o.record(.pullFailed(.offline), at: Self.t)
        o.record(.pullDropped, at: Self.t)
        #expect(o.counts[.pullFailures] == 2, "a failed pull and a dropped answer are both pulls without an applied answer")
        o.record(.pullAnswered(changes: 3, reset: true, bytes: 70), at: Self.t)
        o.record(.pullAnswered(changes: 1, reset: false, bytes: 5), at: Self.t)
        #expect(o.counts[.resets] == 1 && o.counts[.bytesPulled] == 75)
    }

    @Test("duplicates: a suppressed copy counts as suppressed, a shown one as displayed")
    func duplicates() {
        var o = Self.observer()
        o.record(.duplicateArrived(suppressed: true), at: Self.t)
        o.record(.duplicateArrived(suppressed: true), at: Self.t)
        o.record(.duplicateArrived(suppressed: false), at: Self.t)
        #expect(o.counts[.duplicatesSuppressed] == 2 && o.counts[.duplicatesDisplayed] == 1)
    }

    @Test("accepted requests: duplicates and those inside quiet hours counted apart")
    func accepted() {
        var o = Self.observer()
        o.record(.accepted(duplicate: true, inQuietHours: false), at: Self.t)
        o.record(.accepted(duplicate: false, inQuietHours: true), at: Self.t)
        o.record(.accepted(duplicate: false, inQuietHours: false), at: Self.t)
        #expect(o.counts[.duplicatesSent] == 1 && o.counts[.quietHoursAccepted] == 1)
    }

    @Test("a committed change sets the last change time; raise keeps the maximum; an accepted woken row is counted")
    func lastChangeRaiseWoken() {
        var o = Self.observer()
        o.record(.changeCommitted(key: 1, sequence: 1, old: 0, new: 1, client: 0, notify: false), at: Self.t)
        #expect(o.lastChangeTime == Self.t)
        o.raise(.attemptsMax, to: 4)
        o.raise(.attemptsMax, to: 2)
        #expect(o.counts[.attemptsMax] == 4)
        o.wokenAccepted(lateness: .seconds(3))
        #expect(o.counts[.wokenAccepted] == 1)
    }

    @Test("reset: every count 0 and the last change time back to 0")
    func reset() {
        var o = Self.observer()
        o.record(.changeCommitted(key: 0, sequence: 1, old: 0, new: 1, client: 0, notify: true), at: Self.t)
        o.record(.copyArrived(bytes: 10, screenOn: false), at: Self.t)
        o.eventStarts((kind: .change, entity: 0, message: 0, tag: 0), at: Self.t, details: nil)
        o.reset(foreground: false)
        #expect(o.counts == Counts())
        #expect(o.lastChangeTime == .zero, "a run without changes must not measure from the previous run's last change")
        #expect(o.convergence.mismatches == 0)
    }

    @Test("an event is counted and fingerprinted: the same events give the same fingerprint, another event another")
    func eventsFingerprinted() {
        var a = Self.observer(), b = Self.observer(), c = Self.observer()
        a.eventStarts((kind: .change, entity: 0, message: 0, tag: 0), at: Self.t, details: nil)
        b.eventStarts((kind: .change, entity: 0, message: 0, tag: 0), at: Self.t, details: nil)
        c.eventStarts((kind: .change, entity: 1, message: 0, tag: 0), at: Self.t, details: nil)
        #expect(a.counts[.events] == 1)
        #expect(a.fingerprint == b.fingerprint && a.fingerprint != c.fingerprint)
    }
}
