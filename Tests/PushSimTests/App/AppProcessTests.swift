import Testing
@testable import PushSim

/// `AppProcess`: the generation that ties timers and pulls to one process, the session end,
/// and `reset` (docs/model.md, "App code": a timer or pull of a process that has ended is
/// dropped; a new process starts when a stopped app is opened or started by a push).
@Suite("AppProcess")
struct AppProcessTests {
    private static func push(_ id: Int64) -> Push {
        Push(id: id, cursor: id, change: Change(sequence: id, key: 0, value: id), sentAt: .zero)
    }

    @Test("a process starts with the spec's initial state, generation 0, no session and not stopped")
    func initialState() {
        var spec = DeviceSpec()
        spec.app.initialState = .notRunning
        let app = AppProcess(spec)
        #expect(app.state == .notRunning && app.generation == 0 && app.sessions == 0)
        #expect(!app.stopped && app.sessionEndsAt == .zero && app.heldBackground == nil)
    }

    @Test("starting a stopped app begins a new process (a new generation); starting a running one changes nothing")
    func startBumpsGenerationOnlyWhenNotRunning() {
        var spec = DeviceSpec()
        spec.app.initialState = .notRunning
        var app = AppProcess(spec)
        app.startIfNeeded(.background)
        #expect(app.state == .background && app.generation == 1)
        app.startIfNeeded(.foreground)
        #expect(app.state == .background && app.generation == 1, "already running: neither state nor generation moves")
    }

    @Test("ending the process: not running, a new generation (its timers and pulls die), the session ends now")
    func endEndsEverything() {
        var app = AppProcess(DeviceSpec())
        app.state = .foreground
        app.sessionEndsAt = .zero + .seconds(600)
        let before = app.generation
        app.end(at: .zero + .seconds(60))
        #expect(app.state == .notRunning)
        #expect(app.generation == before &+ 1, "a timer or pull tagged with the old generation no longer matches")
        #expect(app.sessionEndsAt == .zero + .seconds(60), "a session of the ended process does not hold a later one")
    }

    @Test("reset restores the prototype and empties the tray, the messages held until unlock and the extension starts")
    func resetRestoresPrototype() {
        var spec = DeviceSpec()
        spec.app.initialState = .foreground
        let prototype = AppProcess(spec)
        var app = prototype
        app.state = .notRunning
        app.sessions = 3
        app.generation = 7
        app.stopped = true
        app.sessionEndsAt = .zero + .seconds(99)
        app.heldBackground = Self.push(9)
        _ = app.tray.show(Self.push(1))
        app.heldUntilUnlock = [Self.push(2)]
        app.extensionStarts = [(push: 3, at: .zero)]
        app.reset(to: prototype)
        #expect(app.state == .foreground && app.sessions == 0 && app.generation == 0 && !app.stopped)
        #expect(app.sessionEndsAt == .zero && app.heldBackground == nil)
        #expect(app.heldUntilUnlock.isEmpty && app.extensionStarts.isEmpty)
        let stillShown = app.tray.take(Self.push(1))
        #expect(!stillShown, "the previous run's notification is no longer shown")
    }
}
