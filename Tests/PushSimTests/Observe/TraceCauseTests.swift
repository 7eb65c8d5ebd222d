import Testing
@testable import PushSim

/// Cause links of a `pushsim trace` for what the user does (a tap, an app open) and for
/// what a process leaves behind when it ends (`RunTracer`, `World+Trace`; docs/model.md,
/// Traces: a tap's cause is the notification tapped, a pull's the event whose handler asked
/// for it, a timer's the handler that set it).
@Suite("Trace cause links")
struct TraceCauseTests {
    private static func record(_ records: [TraceRecord], _ seq: Int?) -> TraceRecord? { seq.map { records[$0 - 1] } }

    @Test("a tap is caused by the notification it tapped; the pull its handler starts is caused by the tap")
    func tapCause() throws {
        // Android, a notification message in the background: the OS draws it at 1 s; the
        // user taps it 5 s later; hintPull's onPush then pulls (the push is ahead of cursor 0).
        let sc = try appScenario(device: #"{"platform": "android", "app": {"tap": {"probability": 1, "delay": "5s"}}}"#,
                                 message: #"{"type": "notification"}"#)
        let records = appTrace(sc, HintPull())
        let tap = try #require(records.first { $0.kind == .tap })
        #expect(tap.message == 1 && tap.time == .zero + .seconds(6))
        let shown = try #require(Self.record(records, tap.cause))
        #expect(shown.kind == .notification && shown.message == 1 && shown.time == .zero + .seconds(1))
        let pull = try #require(records.first { $0.kind == .pull })
        #expect(pull.cause == tap.seq && pull.message == 1)
    }

    @Test("the push's delivered outcome is recorded before the notification the OS draws for it")
    func outcomeBeforeNotification() throws {
        let sc = try appScenario(device: #"{"platform": "android"}"#, message: #"{"type": "notification"}"#)
        let records = appTrace(sc, HintPull())
        let outcome = try #require(records.firstIndex { $0.kind == .outcome && $0.message == 1 })
        let shown = try #require(records.firstIndex { $0.kind == .notification && $0.message == 1 })
        #expect(records[outcome].details == [.text("outcome", "delivered")])
        #expect(outcome < shown)
    }

    @Test("an app open has no cause; the pull its foreground handler starts is caused by the open and names no push")
    func openCause() throws {
        let sc = try appScenario(server: #"{"keys": 1, "retainLast": 100, "changes": {"count": 2, "start": "1s", "interval": "1s"}}"#,
                                 device: #"{"app": {"foreground": ["10s"]}}"#)
        let records = appTrace(sc, ScriptedStrategy(foreground: .pull))
        let open = try #require(records.first { $0.kind == .appOpen })
        #expect(open.cause == nil)
        let pull = try #require(records.first { $0.kind == .pull })
        #expect(pull.cause == open.seq && pull.message == nil)
        // The changes' records carry the value each commits: the k-th change writes k.
        let values = records.filter { $0.kind == .change }.map { $0.details.first { $0.name == "value" }?.value }
        #expect(values == [.int(1), .int(2)])
    }

    @Test("a follow-up pull remembered before a force-quit is not the cause of the next process's pull")
    func followUpForgottenAtForceQuit() throws {
        // 1 s: pull (10 s); 2 s: a follow-up asked for; 5 s: force-quit; 20 s: open, pull.
        let sc = try appScenario(server: #"{"keys": 1, "retainLast": 100, "changes": {"count": 2, "start": "1s", "interval": "1s"}}"#,
                                 device: #"{"app": {"forceQuit": ["5s"], "foreground": ["20s"]}}"#, client: #"{"pullLatency": "10s"}"#)
        let records = appTrace(sc, ScriptedStrategy(push: .pull, foreground: .pull))
        let pulls = records.filter { $0.kind == .pull }
        #expect(pulls.count == 2)
        let cause = try #require(Self.record(records, pulls.last?.cause))
        #expect(cause.kind == .appOpen && cause.time == .zero + .seconds(20))
    }

    @Test("the answer of a pull whose process has ended is traced as not live; the next process's answer as live")
    func pullCompleteLiveFlag() throws {
        // 1 s: pull (answer at 11 s); 5 s: force-quit; 20 s: open, pull (answer at 30 s).
        let sc = try appScenario(device: #"{"app": {"forceQuit": ["5s"], "foreground": ["20s"]}}"#, client: #"{"pullLatency": "10s"}"#)
        let answers = appTrace(sc, ScriptedStrategy(push: .pull, foreground: .pull)).filter { $0.kind == .pullComplete }
        #expect(answers.map(\.time) == [.zero + .seconds(11), .zero + .seconds(30)])
        #expect(answers.map { $0.details.contains(.flag("live", false)) } == [true, false])
        #expect(answers.map { $0.details.contains(.flag("live", true)) } == [false, true])
    }

    @Test("a timer of a process that has ended is traced as not live; one of the running process as live, caused by its open")
    func timerLiveFlag() throws {
        let server = #"{"keys": 1, "retainLast": 100, "changes": {"count": 0}}"#
        let dead = try appScenario(server: server, device: #"{"app": {"swipeAway": ["10s"], "foreground": ["0s", "20s"]}}"#)
        let deadTimer = try #require(appTrace(dead, ScriptedStrategy(timer: .pull, timerInFirstSession: .seconds(60))).first { $0.kind == .timer })
        #expect(deadTimer.details.contains(.flag("live", false)))
        let live = try appScenario(server: server, device: #"{"app": {"foreground": ["0s", "20s"]}}"#)
        let records = appTrace(live, ScriptedStrategy(timer: .pull, timerInFirstSession: .seconds(60)))
        let timer = try #require(records.first { $0.kind == .timer })
        #expect(timer.details.contains(.flag("live", true)))
        let setter = try #require(Self.record(records, timer.cause))
        #expect(setter.kind == .appOpen && setter.time == .zero)
    }

    @Test("trace states that differ only in the cursor differ; the same state is equal")
    func traceStateCursor() {
        let a = TraceState(app: .background, online: true, screenOn: false, doze: nil, cursor: 1)
        var b = a
        #expect(a == b)
        b.cursor = 2
        #expect(a != b, "a pull that only moves the cursor leaves a state record")
        var c = a
        c.screenOn = true
        #expect(a != c)
    }

    @Test("a pull that only moves the cursor is followed by a state record with the new cursor")
    func cursorStateRecord() throws {
        let sc = try appScenario(client: #"{"pullLatency": "10s"}"#)
        let records = appTrace(sc, ScriptedStrategy(push: .pull))
        let answered = try #require(records.first { $0.kind == .pullComplete })
        let state = try #require(records.first { $0.kind == .state && $0.cause == answered.seq })
        #expect(state.details == [.int("cursor", 1)])
    }
}
