/// The app side of a replication: sessions, force-quits, the strategy's handlers and the
/// pulls they ask for.
extension World {
    /// The user opens the app for `length`: it comes to the foreground, registers its
    /// current token (A10: apps register on every launch; or only when it changed, with
    /// `client.registration: tokenRefresh`), gets any held background push,
    /// and the strategy's `onForeground` runs.
    mutating func openApp(for length: SimDuration) {
        guard device.installed else { return }
        sessions += 1
        observe(.appOpened)
        sessionEndsAt = max(sessionEndsAt, queue.now + length)
        queue.schedule(.appSessionEnd, at: queue.now + length)
        stopped = false
        startProcessIfNeeded(.foreground)
        appState = .foreground
        device.registerToken(client.registration)
        screenMayHaveChanged()
        react { s, app in s.onForeground(&app) }
        if let held = heldBackground {
            heldBackground = nil
            runBackgroundHandler(held)
        }
    }

    mutating func endSessionIfDue() {
        guard appState == .foreground, queue.now >= sessionEndsAt else { return }
        appState = .background
        screenMayHaveChanged()
    }

    /// The app's process ends (its timers with it); the app is not running.
    mutating func endProcess() {
        appState = .notRunning
        appProcess &+= 1
        sessionEndsAt = queue.now
        pullInFlight = false; pullAgain = false; fullSyncWanted = false
        notifyAfterPull.removeAll(keepingCapacity: true)
    }

    /// A stopped app's code starts: in the background (a push or signal) or the foreground.
    mutating func startProcessIfNeeded(_ state: AppState) {
        if appState == .notRunning { appProcess &+= 1; appState = state }
    }

    mutating func forceQuit() {
        endProcess()
        stopped = true
        sessionEndsAt = queue.now
        dropHeldBackground(.droppedAppForceStopped)
        screenMayHaveChanged()
    }

    /// Runs the push handler; an app that was not running is started in the background.
    mutating func runHandler(_ push: Push) {
        observe(.handlerRan)
        startProcessIfNeeded(.background)
        react { s, app in s.onPush(push, &app) }
    }

    /// Calls one strategy handler, then carries out what it asked for.
    mutating func react(_ handler: (inout any ClientStrategy, inout AppContext) -> Void) {
        var app = AppContext(now: queue.now, cursor: clientCursor, online: device.online, appState: appState, session: sessions)
        handler(&strategy, &app)
        for change in app.appliedPayloads {
            observe(.payloadApplied)
            write(key: change.key, value: change.value, payload: true)
        }
        if !app.notificationsPosted.isEmpty { for key in app.notificationsPosted { postNotification(key: key) } }
        if !app.notificationsAfterPull.isEmpty { notifyAfterPull += app.notificationsAfterPull }
        if app.pullRequested || app.fullSyncRequested { requestPull(full: app.fullSyncRequested) }
        for timer in app.timers {
            observe(.timerSet(tag: timer.tag))
            let delay: SimDuration
            switch timer.delay {
            case let .fixed(d): delay = d
            case let .drawn(d): delay = max(SimDuration(microseconds: 1), d.sample(clientRandom))   // time must move on
            }
            queue.schedule(.timer(tag: timer.tag, process: appProcess), at: queue.now + delay)
        }
    }

    /// A notification the app posts, showing its own value for `key`: shown unless the
    /// app is in the foreground, notifications are denied or the value is 0.
    mutating func postNotification(key: Int32) {
        let value = clientState[Int(key)]
        guard appState != .foreground, spec.notificationsAuthorized, value != 0 else { return }
        observe(.posted(key: key, value: value, serverValue: server.state[Int(key)]))
    }

    /// Wall time work started now may take: unlimited in the foreground, else the app's
    /// background handler time (iOS 30 s, I5; Android 10 s, D6; generic unlimited).
    var backgroundDeadline: SimTime {
        if appState == .foreground { return .distantFuture }
        let limit = spec.app.handlerTime ?? device.platform.rules.handlerTime
        return limit.map { queue.now + $0 } ?? .distantFuture
    }

    /// Starts a pull, or marks one to follow the pull in flight.
    mutating func requestPull(full: Bool) {
        if full { fullSyncWanted = true }
        if pullInFlight {
            pullAgain = true
            observe(.pullQueued)
            return
        }
        pullInFlight = true
        currentPullIsFull = fullSyncWanted
        fullSyncWanted = false
        pullDeadline = backgroundDeadline
        guard device.networkAvailable(at: queue.now) else {
            observe(.pullStarted(full: currentPullIsFull, latency: nil))
            queue.schedule(.pullComplete(failed: true, process: appProcess), at: queue.now)
            return
        }
        let latency = client.pullLatency.sample(clientRandom)
        observe(.pullStarted(full: currentPullIsFull, latency: latency))
        let failed = client.pullFailure > 0 && clientRandom.bernoulli(client.pullFailure)
        // A zero-latency pull completes at once, so the cursor moves before the next event.
        if latency == .zero { completePull(failed: failed) } else { queue.schedule(.pullComplete(failed: failed, process: appProcess), at: queue.now + latency) }
    }

    /// A pull's answer arrives: applied if the request succeeded, the device is still
    /// online and the background deadline has not passed; otherwise `onPullFailed`.
    mutating func completePull(failed: Bool) {
        pullInFlight = false
        let online = device.online, installed = device.installed
        if failed || !online || queue.now > pullDeadline || !installed {
            observe(.pullFailed(failed ? .failed : !online ? .offline : !installed ? .uninstalled : .pastDeadline))
            if installed { react { s, app in s.onPullFailed(&app) } }
        } else {
            apply(currentPullIsFull ? .reset(snapshot: server.state, cursor: server.head) : server.changes(since: clientCursor))
            if !notifyAfterPull.isEmpty {
                for key in notifyAfterPull { postNotification(key: key) }
                notifyAfterPull.removeAll(keepingCapacity: true)
            }
            observe(.pullApplied)
        }
        if pullAgain {
            pullAgain = false
            requestPull(full: false)
        }
    }

    private mutating func apply(_ result: PullResult) {
        switch result {
        case let .events(changes):
            observe(.pullAnswered(changes: changes.count, reset: false, bytes: client.responseSize + client.changeSize * changes.count))
            for change in changes { write(key: change.key, value: change.value) }
            if let last = changes.last { clientCursor = last.sequence }
        case let .reset(snapshot, cursor):
            observe(.pullAnswered(changes: snapshot.count, reset: true, bytes: client.responseSize + client.changeSize * snapshot.count))
            for key in snapshot.indices { write(key: Int32(key), value: snapshot[key]) }
            clientCursor = cursor
        }
    }

    /// Writes one key of the client's state (`payload`: a push's operation applied as-is),
    /// keeping the convergence and user-view trackers current.
    mutating func write(key: Int32, value: Int64, payload: Bool = false) {
        let old = clientState[Int(key)]
        clientState[Int(key)] = value
        observe(.wrote(key: key, old: old, new: value, server: server.state[Int(key)], payload: payload))
    }
}
