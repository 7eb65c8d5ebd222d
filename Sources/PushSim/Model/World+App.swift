/// The app side of a replication: sessions, force-quits, the strategy's handlers and the
/// pulls they ask for.
extension World {
    /// The user opens the app for `length`: it comes to the foreground, registers its
    /// current token (A10: apps register on every launch; or only when it changed, with
    /// `client.registration: tokenRefresh`), gets any held background push,
    /// and the strategy gets `.foreground`.
    mutating func openApp(for length: SimDuration) {
        // Not while the device is off; opening it unlocks it (I6).
        guard mainDevice.installed, !mainDevice.booting else { return }
        let wasLocked = mainDevice.locked
        mainDevice.locked = false
        app.sessions += 1
        observe(.appOpened)
        let now = queue.now
        app.sessionEndsAt = max(app.sessionEndsAt, now + length)
        queue.schedule(.appSessionEnd, at: queue.now + length)
        app.stopped = false
        startApp(.foreground)
        app.state = .foreground
        mainDevice.registerToken(client.registration, keepsPrevious: keepsPreviousTokens)
        screenMayHaveChanged()
        react(.foreground)
        if let held = app.heldBackground {
            app.heldBackground = nil
            runBackgroundHandler(held)
        }
        if wasLocked { releaseAfterBoot() }
    }

    /// Starts the app's process if it is not running (in `state`). A new process learns a
    /// token that rotated while none ran (F15: FCM's `onNewToken`, like APNs' registration
    /// callback, runs only in the app's process), and with `tokenRefresh` registers it.
    /// The strategy gets `.launched` first thing.
    mutating func startApp(_ state: AppState) {
        guard app.state == .notRunning else { return }
        app.startIfNeeded(state)
        if client.registration == .tokenRefresh && mainDevice.installed { mainDevice.registerToken(.tokenRefresh, keepsPrevious: keepsPreviousTokens) }
        if mainDevice.installed { react(.launched) }
    }

    /// The session ends if its time is up: the app goes to the background (and the strategy
    /// gets `.background`).
    mutating func endSessionIfDue() {
        guard app.state == .foreground, queue.now >= app.sessionEndsAt else { return }
        app.state = .background
        screenMayHaveChanged()
        if mainDevice.installed { react(.background) }
    }

    /// The app's process ends (its timers and pulls with it); the app is not running.
    mutating func endProcess() {
        let now = queue.now
        app.end(at: now)
        replica.processEnded()
    }

    mutating func forceQuit() {
        endProcess()
        app.stopped = true
        dropHeldBackground(.droppedAppForceStopped)
        screenMayHaveChanged()
    }

    /// Runs the push handler; an app that was not running is started in the background.
    mutating func runHandler(_ push: Push) {
        observe(.handlerRan)
        if observer.tracing { observer.trace.handled(push: push.id, at: queue.now) }
        startApp(.background)
        precondition(push.id != 0, "a handled push has the id send(_:to:) gave it (1, 2, …): 0 means no push")
        let batch = keepsChangeLog && push.batch > 0
            ? max(0, Int(push.cursor) - Int(push.batch)) ..< min(Int(push.cursor), changeLog.count) : nil
        react(.push(push), owner: push.id, batch: batch)
    }

    /// Hands `event` to the strategy, then carries out what it asked for.
    /// - Parameters:
    ///   - owner: the push whose `.push` handler this is (0: another event): a
    ///     notification the handler posts is shown for it (F7), and its pull may be
    ///     jittered (`pullJitter`). A handler run inside this reaction (a pull that fails
    ///     at once) is another handler, not credited to the push.
    ///   - batch: the indices of `changeLog` the push carries (S1), which the context then holds.
    ///   - retryAfter: a failed pull's `Retry-After` (the server's 503, fleets), which the context then holds.
    mutating func react(_ event: AppEvent, owner: Int64 = 0, batch: Range<Int>? = nil, retryAfter: SimDuration? = nil) {
        let jitters = owner != 0 && client.pullJitter > .zero
        // The context is the scratch's (shared in a fleet): what the handler asked for is
        // read before anything below can run another handler (which begins it anew), the
        // lists only when the handler filled them (nil: nothing retained).
        let (now, cursor, online, state, session) = (queue.now, replica.cursor, mainDevice.online, app.state, Int(app.sessions))
        if let loop = scratch.handlerStarts(at: now, recipient: Int(queue.owner)) {
            preconditionFailure("strategy \(type(of: strategy).kind) ran \(loop) at t = \(now) s: it never lets time move on "
                                + "(e.g. a pull asked for in .pullFailed fails again at once while offline); set a timer instead")
        }
        defer { scratch.handlerEnds() }
        let (pull, fullSync, advance, payloads, posted, afterPull, timers, cancels) = scratch.context { cx in
            cx.begin(now: now, cursor: cursor, online: online, appState: state, session: session)
            cx.retryAfter = retryAfter
            if let batch { cx.batch.append(contentsOf: changeLog[batch]) }
            strategy.handle(event, &cx)
            return (cx.pullRequested, cx.fullSyncRequested, cx.cursorAdvance, cx.appliedPayloads.isEmpty ? nil : cx.appliedPayloads,
                    cx.notificationsPosted.isEmpty ? nil : cx.notificationsPosted,
                    cx.notificationsAfterPull.isEmpty ? nil : cx.notificationsAfterPull, cx.timers.isEmpty ? nil : cx.timers,
                    cx.timerCancels.isEmpty ? nil : cx.timerCancels)
        }
        // This handler's timers take the next serials now, before a pull it asked for can run
        // a handler of its own (a zero-latency pull's `.pullAnswered`): a cancel takes the
        // timers set before it, the earlier handlers' and this one's first `after`, never a
        // nested handler's.
        let serialBefore = app.timersSet
        if let timers { app.timersSet += Int32(timers.count) }   // traps past 2³¹ − 1 timers in one run, never wraps
        if let cancels { for c in cancels { app.cancelTimers(tag: c.tag, through: serialBefore + c.after) } }
        for change in payloads ?? [] {
            observe(.payloadApplied)
            write(key: change.key, value: change.value, payload: true)
        }
        if advance > replica.cursor {
            precondition(advance <= server.head, "advanceCursor(to: \(advance)) is beyond the server's head \(server.head)")
            replica.cursor = advance
        }
        if let posted { for key in posted { postNotification(key: key, for: owner) } }
        if let afterPull { for key in afterPull { replica.notifyAfterPull.append((key, owner)) } }
        if pull || fullSync {
            if jitters {
                jitteredPullDeadline = backgroundDeadline
                let delay = SimDuration(microseconds: Int64(clientRandom.uniform() * Double(client.pullJitter.microseconds)))
                queue.schedule(.jitteredPull(full: fullSync, process: app.generation), at: queue.now + delay)
            } else {
                requestPull(full: fullSync)
            }
        }
        guard let timers else { return }
        for (i, timer) in timers.enumerated() {
            observe(.timerSet(tag: timer.tag))
            let delay: SimDuration
            switch timer.delay {
            case let .fixed(d): delay = d
            case let .drawn(d): delay = max(SimDuration(microseconds: 1), d.sample(clientRandom))   // time must move on
            }
            queue.schedule(.timer(tag: timer.tag, serial: serialBefore + Int32(i) + 1), at: queue.now + delay)
        }
    }

    /// A notification the app posts, showing its own value for `key`: shown unless the
    /// app is in the foreground, notifications are denied or the value is 0.
    /// `push`: the push whose handler posts it (0: none), for which it is then shown (F7).
    mutating func postNotification(key: Int32, for push: Int64) {
        let value = replica.state[Int(key)]
        guard app.state != .foreground, spec.notificationsAuthorized, value != 0 else { return }
        observe(.posted(key: key, value: value, serverValue: server.state[Int(key)]))
        notificationShown(for: push)
    }

    /// The device showed a notification for push `id` (0: none): the channel may count it
    /// (`PushChannel.notificationShown`, F7).
    mutating func notificationShown(for id: Int64) {
        guard id != 0, channelObservesNotifications else { return }
        withProvider(0) { channel, cx in channel.handle(.notificationShown(id: id), &cx) }
    }

    /// Wall time work started now may take: unlimited in the foreground, else the app's
    /// background handler time (iOS 30 s, I5; Android 10 s, D6; generic unlimited).
    var backgroundDeadline: SimTime {
        if app.state == .foreground { return .distantFuture }
        let limit = spec.app.handlerTime ?? mainDevice.platform.rules.handlerTime
        return limit.map { queue.now + $0 } ?? .distantFuture
    }

    /// Starts a pull, or marks one to follow the pull in flight.
    /// - Parameter deadline: a background deadline set earlier (a jittered pull keeps its
    ///   push handler's); the pull's deadline is the earlier of it and the current one.
    mutating func requestPull(full: Bool, deadline: SimTime = .distantFuture) {
        if full { replica.fullSyncWanted = true }
        if replica.pullInFlight {
            replica.pullAgain = true
            observe(.pullQueued)
            return
        }
        replica.pullInFlight = true
        replica.currentPullIsFull = replica.fullSyncWanted
        replica.fullSyncWanted = false
        replica.pullDeadline = min(backgroundDeadline, deadline)
        guard mainDevice.networkAvailable(at: queue.now) else {
            observe(.pullStarted(full: replica.currentPullIsFull, network: false, latency: nil))
            queue.schedule(.pullComplete(failed: true, process: app.generation), at: queue.now)
            return
        }
        if let hub = scratch.hub, hub.servesPulls { requestSharedPull(hub, recipient: fleetRecipient); return }
        let latency = client.pullLatency.sample(clientRandom)
        observe(.pullStarted(full: replica.currentPullIsFull, network: true, latency: latency))
        let failed = client.pullFailure > 0 && clientRandom.bernoulli(client.pullFailure)
        // A zero-latency pull completes at once, so the cursor moves before the next event.
        if latency == .zero { completePull(failed: failed) } else { queue.schedule(.pullComplete(failed: failed, process: app.generation), at: queue.now + latency) }
    }

    /// A pull's answer arrives: applied if the request succeeded, the device is still
    /// online and the background deadline has not passed (then the strategy gets
    /// `.pullAnswered`); otherwise `.pullFailed`.
    mutating func completePull(failed: Bool, retryAfter: SimDuration? = nil) {
        replica.pullInFlight = false
        let online = mainDevice.online, installed = mainDevice.installed
        if failed || !online || queue.now > replica.pullDeadline || !installed {
            observe(.pullFailed(failed ? .failed : !online ? .offline : !installed ? .uninstalled : .pastDeadline))
            if installed { react(.pullFailed, retryAfter: retryAfter) }
        } else {
            applyPull()
            if !replica.notifyAfterPull.isEmpty {
                for n in replica.notifyAfterPull { postNotification(key: n.key, for: n.push) }
                replica.notifyAfterPull.removeAll(keepingCapacity: true)
            }
            observe(.pullApplied)
            react(.pullAnswered)
        }
        if replica.pullAgain {
            replica.pullAgain = false
            // A server that refused the pull as overloaded asked for a wait: the strategy
            // (told `retryAfter`) decides when to pull again, not the queued request.
            if retryAfter == nil { requestPull(full: false) }
        }
    }

    /// Applies the server's answer to the pull: the changes after the replica's cursor, or
    /// the whole state (a full sync, or a cursor the log no longer reaches), read in place.
    private mutating func applyPull() {
        let range = replica.currentPullIsFull ? nil : server.pullRange(since: replica.cursor)
        if let range {
            let n = range.count
            observe(.pullAnswered(changes: n, reset: false, bytes: client.responseSize + client.changeSize * n))
            for sequence in range {
                let change = server.change(sequence)
                write(key: change.key, value: change.value)
            }
            if n > 0 { replica.cursor = range.upperBound - 1 }
        } else {
            let keys = server.state.count, head = server.head
            observe(.pullAnswered(changes: keys, reset: true, bytes: client.responseSize + client.changeSize * keys))
            for key in 0..<keys { write(key: Int32(key), value: server.state[key]) }
            replica.cursor = head
        }
    }

    /// Writes one key of the client's state (`payload`: a push's operation applied as-is),
    /// keeping the convergence and user-view trackers current.
    mutating func write(key: Int32, value: Int64, payload: Bool = false) {
        let old = replica.state[Int(key)]
        replica.state[Int(key)] = value
        observe(.wrote(key: key, old: old, new: value, server: server.state[Int(key)], payload: payload))
    }
}
