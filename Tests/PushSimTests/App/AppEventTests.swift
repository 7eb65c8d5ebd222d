import Testing
@testable import PushSim

/// What `EventProbe` saw: (time in s, event name, app state) per event; a class so the
/// copies the world makes share it.
final class EventLog: @unchecked Sendable { var seen: [(t: Double, event: String, state: AppState)] = [] }

/// Test-only strategy: records every `AppEvent`; on a push (ahead of the cursor) it sets
/// timer 1 after `timerDelay`, first cancelling tag 1 (`debounce`) or not; `sameHandler`
/// instead sets tag 1 after 1 s, cancels tag 1, sets tag 1 after 2 s and tag 2 after 3 s,
/// then cancels tag 3 (no such timer); a timer pulls; an app open pulls.
private struct EventProbe: ClientStrategy {
    static let kind = "test.eventProbe"
    static let summary = "records every app event (tests only)"
    let capabilities = StrategyCapabilities()
    let log: EventLog
    var debounce = false
    var sameHandler = false
    var timerDelay = SimDuration.seconds(5)
    init(log: EventLog, debounce: Bool = false, sameHandler: Bool = false) { self.log = log; self.debounce = debounce; self.sameHandler = sameHandler }
    init(from decoder: any Decoder) throws { throw decoder.invalid("not decodable") }

    mutating func handle(_ event: AppEvent, _ app: inout AppContext) {
        let t = Double(app.now.microseconds) / 1e6
        switch event {
        case let .push(push):
            log.seen.append((t, "push", app.appState))
            guard push.cursor > app.cursor else { return }
            if sameHandler {
                app.setTimer(after: .seconds(1), tag: 1)
                app.cancelTimer(tag: 1)
                app.setTimer(after: .seconds(2), tag: 1)
                app.setTimer(after: .seconds(3), tag: 2)
                app.cancelTimer(tag: 3)
            } else {
                if debounce { app.cancelTimer(tag: 1) }
                app.setTimer(after: timerDelay, tag: 1)
            }
        case let .timer(tag):
            log.seen.append((t, "timer\(tag)", app.appState))
            app.pull()
        case .foreground: log.seen.append((t, "foreground", app.appState)); app.pull()
        case .background: log.seen.append((t, "background", app.appState))
        case .offline: log.seen.append((t, "offline", app.appState))
        case .reconnect: log.seen.append((t, "reconnect", app.appState))
        case .pullAnswered: log.seen.append((t, "pullAnswered", app.appState))
        case .pullFailed: log.seen.append((t, "pullFailed", app.appState))
        case .tokenChanged: log.seen.append((t, "tokenChanged", app.appState))
        case .deletedMessages: log.seen.append((t, "deletedMessages", app.appState))
        case .launched: log.seen.append((t, "launched", app.appState))
        }
    }
}

/// Test-only strategy: on a push, asks for a pull and cancels tag 7; when the pull's answer
/// (zero latency: inside the push's handling) is applied, sets tag 7 after 1 s; records
/// the timer. Or (`pullOnFailure`) pulls again on every failed pull, letting no time pass.
private struct NestedProbe: ClientStrategy {
    static let kind = "test.nestedProbe"
    static let summary = "cancels in an outer handler, sets in a nested one (tests only)"
    let capabilities = StrategyCapabilities()
    let log: EventLog
    var pullOnFailure = false
    /// Instead: the push sets tag 1 after 1 s and pulls; the answer cancels tag 1.
    var cancelInAnswer = false
    init(log: EventLog, pullOnFailure: Bool = false, cancelInAnswer: Bool = false) {
        self.log = log; self.pullOnFailure = pullOnFailure; self.cancelInAnswer = cancelInAnswer
    }
    init(from decoder: any Decoder) throws { throw decoder.invalid("not decodable") }

    mutating func handle(_ event: AppEvent, _ app: inout AppContext) {
        switch event {
        case .push where cancelInAnswer:
            app.setTimer(after: .seconds(1), tag: 1)
            app.pull()
        case .push:
            app.pull()
            app.cancelTimer(tag: 7)
        case .pullAnswered where cancelInAnswer: app.cancelTimer(tag: 1)
        case .pullAnswered: if !pullOnFailure { app.setTimer(after: .seconds(1), tag: 7) }
        case .pullFailed: if pullOnFailure { app.pull() }
        case let .timer(tag): log.seen.append((Double(app.now.microseconds) / 1e6, "timer\(tag)", app.appState))
        default: break
        }
    }
}

/// A run of `NestedProbe(pullOnFailure: true)` on a device that goes offline while the
/// push's 2 s pull is under way (`offline`: the pull fails, and every pull asked for then
/// fails at once, as a new event at the same instant) or whose pulls all fail with no
/// latency (a failure nested in the pull's request).
func runEndlessPullLoop(offline: Bool) throws {
    let device = offline ? #"{"app": {"initialState": "background"}, "offline": [{"from": "2s", "to": "10s"}]}"#
                         : #"{"app": {"initialState": "background"}}"#
    let sc = try appScenario(server: #"{"keys": 1, "retainLast": 100, "changes": {"count": 1, "start": "1s"}}"#, device: device,
                             client: offline ? #"{"pullLatency": "2s"}"# : #"{"pullFailure": 1}"#, horizon: "60s")
    _ = appRun(sc, NestedProbe(log: EventLog(), pullOnFailure: true))
}

@Suite("App events and timer cancellation")
struct AppEventTests {
    /// Three changes at 1, 2 and 3 s, each a push straight through; the app runs in the background.
    private static func threePushes() throws -> Scenario {
        try appScenario(server: #"{"keys": 1, "retainLast": 100, "changes": {"count": 3, "start": "1s", "interval": "1s"}}"#,
                        device: #"{"app": {"initialState": "background"}}"#, horizon: "60s")
    }

    @Test("a debounce (cancelTimer, then setTimer) leaves one timer, 5 s after the last push; without the cancel all three fire")
    func debounceLeavesOneTimer() throws {
        let sc = try Self.threePushes()
        let debounced = EventLog(), plain = EventLog()
        let d = appRun(sc, EventProbe(log: debounced, debounce: true))
        let p = appRun(sc, EventProbe(log: plain, debounce: false))
        #expect(debounced.seen.filter { $0.event == "timer1" }.map(\.t) == [8])
        #expect(plain.seen.filter { $0.event == "timer1" }.map(\.t) == [6, 7, 8])
        #expect(d.counts[.pulls] == 1 && p.counts[.pulls] == 3)
        #expect(d.converged && p.converged)
    }

    @Test("a cancel takes the timers its handler set before it, not those set after it, and only its own tag")
    func cancelWithinOneHandler() throws {
        let sc = try appScenario(device: #"{"app": {"initialState": "background"}}"#, horizon: "60s")   // one push at 1 s
        let log = EventLog()
        _ = appRun(sc, EventProbe(log: log, sameHandler: true))
        let timers = log.seen.filter { $0.event.hasPrefix("timer") }
        #expect(timers.map(\.event) == ["timer1", "timer2"] && timers.map(\.t) == [3, 4])
    }

    @Test("every event reaches the strategy where the app runs: launched, foreground, pull answered, offline, reconnect, token changed, background")
    func eventsInOrder() throws {
        let sc = try appScenario(server: #"{"keys": 1, "retainLast": 100, "changes": {"count": 1, "start": "500s"}}"#,
                                 device: #"{"offline": [{"from": "20s", "to": "30s"}], "tokenRotations": ["40s"], "#
                                    + #""app": {"initialState": "notRunning", "sessions": [{"at": "10s", "length": "50s"}]}}"#,
                                 horizon: "120s")
        let log = EventLog()
        _ = appRun(sc, EventProbe(log: log))
        let seen = log.seen.map { "\($0.event)@\(Int($0.t))" }
        #expect(seen == ["launched@10", "foreground@10", "pullAnswered@10", "offline@20", "reconnect@30", "tokenChanged@40", "background@60"])
        #expect(log.seen.last?.state == .background, "`.background` comes after the app left the foreground")
    }

    @Test("no event while the app's process is not running: a token rotation and a disconnect before the first launch reach nobody")
    func nothingWhileNotRunning() throws {
        let sc = try appScenario(server: #"{"keys": 1, "retainLast": 100, "changes": {"count": 1, "start": "500s"}}"#,
                                 device: #"{"offline": [{"from": "2s", "to": "3s"}], "tokenRotations": ["4s"], "#
                                    + #""app": {"initialState": "notRunning", "sessions": [{"at": "10s", "length": "5s"}]}}"#,
                                 horizon: "60s")
        let log = EventLog()
        _ = appRun(sc, EventProbe(log: log))
        #expect(log.seen.map(\.event) == ["launched", "foreground", "pullAnswered", "background"])
    }

    @Test("a cancel in a push's handler does not take a timer that the nested .pullAnswered of its zero-latency pull sets after it")
    func cancelDoesNotReachANestedHandler() throws {
        let sc = try appScenario(device: #"{"app": {"initialState": "background"}}"#, horizon: "60s")   // one push at 1 s, pulls answered at once
        let log = EventLog()
        _ = appRun(sc, NestedProbe(log: log))
        #expect(log.seen.map(\.event) == ["timer7"] && log.seen.map(\.t) == [2])
    }

    @Test("a nested .pullAnswered (zero-latency pull) cancels the timer its push handler set: the push's timers are set before its pull runs")
    func nestedHandlerCancelsTheOuterTimer() throws {
        let sc = try appScenario(device: #"{"app": {"initialState": "background"}}"#, horizon: "60s")
        let cancelled = EventLog(), control = EventLog()
        _ = appRun(sc, NestedProbe(log: cancelled, cancelInAnswer: true))
        #expect(cancelled.seen.isEmpty, "\(cancelled.seen)")
        // The same push handler without the answer's cancel: the timer fires at 2 s.
        let sc2 = try appScenario(device: #"{"app": {"initialState": "background"}}"#, client: #"{"pullLatency": "5s"}"#, horizon: "60s")
        _ = appRun(sc2, NestedProbe(log: control, cancelInAnswer: true))
        #expect(control.seen.map(\.event) == ["timer1"] && control.seen.map(\.t) == [2], "a 5 s pull is answered after the timer fired")
    }

    @Test("a strategy that pulls again in .pullFailed at the same instant stops the run with a message, nested or in a row, instead of hanging or overflowing")
    func endlessPullLoopTraps() async throws {
        // The message, not only the failure: a stack overflow would fail the process too.
        let inARow = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { try runEndlessPullLoop(offline: true) }
        let nested = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { try runEndlessPullLoop(offline: false) }
        let rowText = String(decoding: inARow?.standardErrorContent ?? [], as: UTF8.self)
        let nestedText = String(decoding: nested?.standardErrorContent ?? [], as: UTF8.self)
        #expect(rowText.contains("strategy test.nestedProbe ran 100000 handlers in a row at t = 3.000000 s: it never lets time move on"), "\(rowText)")
        #expect(nestedText.contains("strategy test.nestedProbe ran 200 handlers one inside another at t = 1.000000 s"), "\(nestedText)")
    }

    @Test("a push to an app that is not running launches it in the background: .launched, then .push")
    func launchedBeforeThePush() throws {
        let sc = try appScenario(device: #"{"app": {"initialState": "notRunning"}}"#, horizon: "60s")   // one push at 1 s
        let log = EventLog()
        _ = appRun(sc, EventProbe(log: log))
        #expect(log.seen.prefix(2).map(\.event) == ["launched", "push"] && log.seen.first?.state == .background && log.seen.first?.t == 1)
    }
}
