import Testing
@testable import PushSim

/// `AppContext`, what a handler asks of the world: the cursor advance never moves back, a
/// notification after a pull asks for the pull, and a reused context starts each handler
/// as a fresh one would (the world reuses one context for every handler).
@Suite struct AppContextTests {
    static func context() -> AppContext { AppContext(now: .zero, cursor: 2, online: true, appState: .background, session: 1) }

    @Test("advanceCursor keeps the largest sequence declared: 7 then 4 leaves 7")
    func advanceNeverMovesBack() {
        var app = Self.context()
        app.advanceCursor(to: 7)
        app.advanceCursor(to: 4)
        #expect(app.cursorAdvance == 7)
    }

    @Test("postNotificationAfterPull asks for the pull it waits for")
    func notificationAfterPullRequestsAPull() {
        var app = Self.context()
        app.postNotificationAfterPull(key: 3)
        #expect(app.pullRequested && app.notificationsAfterPull == [3] && app.notificationsPosted.isEmpty)
    }

    @Test("begin clears every request of the previous handler: pull, full sync, cursor advance, payloads, timers, notifications, batch")
    func beginStartsFresh() {
        var app = Self.context()
        app.pull(); app.fullSync(); app.advanceCursor(to: 9)
        app.apply(Change(sequence: 3, key: 0, value: 3))
        app.setTimer(after: .seconds(5), tag: 1)
        app.postNotification(key: 1); app.postNotificationAfterPull(key: 2)
        app.batch = [Change(sequence: 4, key: 1, value: 4)]
        app.begin(now: SimTime(microseconds: 10), cursor: 3, online: false, appState: .foreground, session: 2)
        #expect(!app.pullRequested && !app.fullSyncRequested && app.cursorAdvance == 0)
        #expect(app.appliedPayloads.isEmpty && app.timers.isEmpty && app.notificationsPosted.isEmpty && app.notificationsAfterPull.isEmpty)
        #expect(app.batch.isEmpty)
        #expect(app.now == SimTime(microseconds: 10) && app.cursor == 3 && !app.online && app.appState == .foreground && app.session == 2)
    }
}
