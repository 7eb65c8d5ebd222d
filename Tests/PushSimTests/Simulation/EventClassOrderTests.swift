import Testing
@testable import PushSim

/// The equal-time order of `EventClass` (docs/model.md, Event order) where the order of the
/// `schedule` calls would say otherwise: a session's end runs before the run-time events of
/// its instant, and a boot's end right after the connectivity changes, before the timeline.
@Suite("Event classes at equal times")
struct EventClassOrderTests {
    /// A push at 1 s sets a timer for `timerAt` − 1 s (scheduled at 1 s); the app is opened
    /// at 10 s for 50 s, so its session end (scheduled at 10 s, after the timer) is due at 60 s.
    private static func pulls(timerAt: SimDuration) throws -> Int {
        let sc = try appScenario(device: #"{"app": {"sessions": [{"at": "10s", "length": "50s"}]}}"#)
        return appRun(sc, ScriptedStrategy(timer: .pullIfForeground, timerAtPush: timerAt - .seconds(1))).counts[.pulls]
    }

    @Test("a strategy timer due at the instant a session ends finds the app in the background, though scheduled first")
    func sessionEndBeforeTimer() throws {
        #expect(try Self.pulls(timerAt: .seconds(60)) == 0)
        #expect(try Self.pulls(timerAt: .microseconds(59_999_999)) == 1, "1 µs earlier the app is still in the foreground")
    }

    @Test("a change at the instant a boot ends finds the device on again: its push is delivered, not dropped offline")
    func bootEndBeforeChange() throws {
        // Restart at 10 s, boot 1 min: the device is on again at 70 s, when the change comes.
        let sc = try appScenario(server: #"{"keys": 1, "retainLast": 100, "changes": {"count": 1, "start": "70s"}}"#,
                                 device: #"{"restarts": ["10s"]}"#)
        let o = appRun(sc, ScriptedStrategy(push: .pull))
        #expect(o[.delivered] == 1 && o[.droppedDeviceOffline] == 0)
        #expect(o.finalCursor == 1)
    }

    @Test("an app open at the instant a boot ends is not lost")
    func bootEndBeforeOpen() throws {
        let sc = try appScenario(server: #"{"keys": 1, "retainLast": 100, "changes": {"count": 0}}"#,
                                 device: #"{"restarts": ["10s"], "app": {"foreground": ["70s"]}}"#)
        #expect(appRun(sc, ScriptedStrategy()).counts[.appOpens] == 1)
    }
}
