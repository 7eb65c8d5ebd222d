import SimKernel
import Testing
@testable import PushSim

/// The app's process around a pull, in the world (docs/model.md, "App code"): timers and
/// pulls belong to the process that set them; when it ends, its pull answer is dropped
/// (counted in `pull_failures`), a remembered follow-up pull or full sync is forgotten, a
/// notification promised after a pull is not posted, and the new process can pull at once.
/// The swipe (`app.swipeAway`) on a generic device ends the process without stopping the app.
@Suite("App process life around a pull")
struct AppLifeTests {
    /// Pulls take 10 s.
    static let slowPulls = #"{"pullLatency": "10s"}"#
    /// Changes of key 0 at 1 s and 2 s.
    static let twoChanges = #"{"keys": 1, "retainLast": 100, "changes": {"count": 2, "start": "1s", "interval": "1s"}}"#

    @Test("a pull answer that comes after its process ended is dropped: a pull failure, nothing applied")
    func deadProcessAnswerDropped() throws {
        // Push at 1 s → pull, answer due at 11 s; the swipe at 5 s ends the process.
        let sc = try appScenario(device: #"{"app": {"swipeAway": ["5s"]}}"#, client: Self.slowPulls)
        let o = appRun(sc, ScriptedStrategy(push: .pull))
        #expect(o.counts[.pulls] == 1 && o.counts[.pullFailures] == 1)
        #expect(o.finalCursor == 0 && !o.converged, "the answer of the dead process is not applied")
    }

    @Test("after a process ended with a pull in flight, the next process's pull starts at once and is applied")
    func nextProcessPullsAtOnce() throws {
        // The dead pull's answer would come at 11 s; the app opened at 6 s pulls (answer at 16 s).
        let sc = try appScenario(device: #"{"app": {"swipeAway": ["5s"], "foreground": ["6s"]}}"#, client: Self.slowPulls)
        let o = appRun(sc, ScriptedStrategy(push: .pull, foreground: .pull))
        #expect(o.counts[.pulls] == 2, "the open's pull is not queued behind the dead one")
        #expect(o.counts[.pullFailures] == 1 && o.finalCursor == 1 && o.converged)
    }

    @Test("a follow-up pull asked for in a process that ended is forgotten")
    func followUpForgotten() throws {
        // 1 s: pull; 2 s: asked again while in flight (a follow-up); 5 s: process ends;
        // 20 s: open, pull (answer at 30 s, cursor 2); no follow-up after it.
        let sc = try appScenario(server: Self.twoChanges, device: #"{"app": {"swipeAway": ["5s"], "foreground": ["20s"]}}"#,
                                 client: Self.slowPulls)
        let o = appRun(sc, ScriptedStrategy(push: .pull, foreground: .pull))
        #expect(o.counts[.pulls] == 2 && o.counts[.pullFailures] == 1)
        #expect(o.finalCursor == 2 && o.converged)
    }

    @Test("a full sync asked for in a process that ended is forgotten: the next process's pull is incremental")
    func fullSyncForgotten() throws {
        let sc = try appScenario(server: Self.twoChanges, device: #"{"app": {"swipeAway": ["5s"], "foreground": ["20s"]}}"#,
                                 client: Self.slowPulls)
        let o = appRun(sc, ScriptedStrategy(push: .fullSync, foreground: .pull))
        #expect(o.counts[.pulls] == 2, "the 1 s sync (dropped) and the 20 s pull")
        #expect(o.counts[.resets] == 0, "the dropped sync was never answered; the 20 s pull reads the log")
        #expect(o.finalCursor == 2 && o.converged)
    }

    @Test("a full sync asked for while a pull is in flight follows that pull as a full sync")
    func fullSyncFollowsInFlightPull() throws {
        // Open at 0 s: pull (answer at 10 s); push at 1 s asks for a full sync, which follows.
        let sc = try appScenario(device: #"{"app": {"foreground": ["0s"]}}"#, client: Self.slowPulls)
        let o = appRun(sc, ScriptedStrategy(push: .fullSync, foreground: .pull))
        #expect(o.counts[.pulls] == 2 && o.counts[.resets] == 1)
        #expect(o.finalCursor == 1 && o.converged)
    }

    @Test("a notification promised after a pull dies with its process; the next process's promise is posted once")
    func promiseDiesWithProcess() throws {
        // Changes at 1 s and 20 s; the 1 s push promises, its pull dies with the swipe at 5 s;
        // the 20 s push starts a new process, promises again, its pull is applied at 30 s.
        let server = #"{"keys": 1, "retainLast": 100, "changes": {"count": 2, "start": "1s", "interval": "19s"}}"#
        let sc = try appScenario(server: server, device: #"{"app": {"swipeAway": ["5s"]}}"#, client: Self.slowPulls)
        let o = appRun(sc, ScriptedStrategy(push: .notifyAfterPull))
        #expect(o.counts[.localNotifications] == 1)
        #expect(o.counts[.pulls] == 2 && o.counts[.pullFailures] == 1 && o.converged)
    }

    @Test("a notification promised after a pull is posted at the first applied pull only, not at later ones")
    func promisePostedOnce() throws {
        // 1 s: promise and pull (applied at 11 s, posted); 20 s: a plain pull (applied at 30 s).
        let server = #"{"keys": 1, "retainLast": 100, "changes": {"count": 2, "start": "1s", "interval": "19s"}}"#
        let sc = try appScenario(server: server, client: Self.slowPulls)
        let o = appRun(sc, ScriptedStrategy(push: .notifyFirstThenPull))
        #expect(o.counts[.pulls] == 2 && o.counts[.localNotifications] == 1)
    }

    @Test("a strategy timer set by a process that has ended does not fire in the next process")
    func deadTimerDoesNotFire() throws {
        // Open at 0 s sets a 60 s timer; swipe at 10 s; open at 20 s (a new process, no timer).
        let sc = try appScenario(server: #"{"keys": 1, "retainLast": 100, "changes": {"count": 0}}"#,
                                 device: #"{"app": {"swipeAway": ["10s"], "foreground": ["0s", "20s"]}}"#)
        let o = appRun(sc, ScriptedStrategy(timer: .pull, timerInFirstSession: .seconds(60)))
        #expect(o.counts[.pulls] == 0)
        // Without the swipe the same timer fires: the test can see a firing.
        let live = try appScenario(server: #"{"keys": 1, "retainLast": 100, "changes": {"count": 0}}"#,
                                   device: #"{"app": {"foreground": ["0s", "20s"]}}"#)
        #expect(appRun(live, ScriptedStrategy(timer: .pull, timerInFirstSession: .seconds(60))).counts[.pulls] == 1)
    }

    @Test("a jittered pull asked for by a process that has ended does not run in the next process")
    func deadJitteredPullDoesNotRun() throws {
        // Push at 1 s: pull after a uniform [0, 10 s) jitter; swipe 1 µs later; open 1 µs after that.
        let device = #"{"app": {"swipeAway": ["1000001us"], "foreground": ["1000002us"]}}"#
        let sc = try appScenario(device: device, client: #"{"pullJitter": "10s"}"#)
        #expect(appRun(sc, ScriptedStrategy(push: .pull)).counts[.pulls] == 0)
    }

    @Test("a jittered pull keeps its push handler's background deadline")
    func jitteredPullKeepsDeadline() throws {
        // Background handler time 1 µs: the pull, started after a jitter in [0, 10 s), is past
        // the handler's deadline (1 s + 1 µs) unless the jitter is under 1 µs.
        let sc = try appScenario(device: #"{"app": {"handlerTime": "1us"}}"#, client: #"{"pullJitter": "10s"}"#)
        let o = appRun(sc, ScriptedStrategy(push: .pull))
        #expect(o.counts[.pulls] == 1 && o.counts[.pullFailures] == 1 && o.finalCursor == 0)
    }

    @Test("a generic device gives background work unlimited time: a 60 s pull from a background push is applied")
    func genericUnlimitedHandlerTime() throws {
        let sc = try appScenario(client: #"{"pullLatency": "60s"}"#)
        let o = appRun(sc, ScriptedStrategy(push: .pull))
        #expect(o.counts[.pullFailures] == 0 && o.finalCursor == 1 && o.converged)
    }
}

/// Sessions: an open extends the foreground to the later of the two ends; a process that
/// ends takes its session with it.
@Suite("App sessions")
struct AppSessionTests {
    @Test("opening the app inside a longer session does not shorten it")
    func openInsideLongerSession() throws {
        let device = #"{"app": {"sessions": [{"at": "0s", "length": "10m"}, {"at": "1m", "length": "1m"}]}}"#
        let sc = try appScenario(device: device, horizon: "20m")
        var w = appWorld(sc, ScriptedStrategy())
        Simulator.run(&w, until: .zero + .seconds(180))
        #expect(w.app.state == .foreground, "the 10 min session still holds at 3 min")
        Simulator.run(&w, until: .zero + .seconds(600))
        #expect(w.app.state == .background, "it ends at 10 min")
    }

    @Test("a force-quit ends the session: the app reopened later leaves the foreground when its own session ends")
    func forceQuitEndsSession() throws {
        let device = #"{"app": {"sessions": [{"at": "0s", "length": "10m"}, {"at": "2m", "length": "1m"}], "forceQuit": ["1m"]}}"#
        let sc = try appScenario(device: device, horizon: "20m")
        var w = appWorld(sc, ScriptedStrategy())
        Simulator.run(&w, until: .zero + .seconds(150))
        #expect(w.app.state == .foreground)
        Simulator.run(&w, until: .zero + .seconds(300))
        #expect(w.app.state == .background, "the 2 min open lasts 1 min; the quit 10 min session holds nothing")
    }
}
