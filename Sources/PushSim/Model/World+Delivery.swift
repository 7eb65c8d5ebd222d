/// What the device does with a push that reaches it: the platform's `Arrival` plan
/// (`PlatformRules`: generic, Android F1/D5/F6, iOS I1–I5) carried out.
///
/// Before any of that, a copy of a message that already reached the installed app counts
/// as a duplicate, and an app that de-duplicates by notification id (`client.dedupe`)
/// drops it (`delivered`, nothing shown, no handler). A copy a force-stopped app drops
/// (anything but an iOS alert, which the OS draws) reaches neither the app nor the tray:
/// it is not seen, so a later copy of the same message is not a duplicate. A copy that
/// finds the app uninstalled makes the device report the missing app (A12).
extension World {
    mutating func deliver(_ push: Push, copy: Int8) {
        guard mainDevice.online else { ledger.finish(push.id, .droppedDeviceOffline); return }
        observe(.copyArrived(bytes: Int(push.size), screenOn: mainDevice.screenOn))
        observe(.messageReached(message: push.notification, device: 0))
        if observer.tracing { observer.trace.arrived(push: push.id, device: 0, at: queue.now) }
        guard mainDevice.installed else { mainDevice.reportUninstall(at: queue.now); ledger.finish(push.id, .droppedAppForceStopped); return }
        // Before the first unlock after a boot an Android app gets no message (I6).
        if mainDevice.locked && mainDevice.platform == .android { app.heldUntilUnlock.append(push); return }
        handOver(push)
    }

    /// The platform's plan for a copy that reached the installed app.
    mutating func handOver(_ push: Push) {
        let plan = mainDevice.platform.rules.arrival(push, app.state == .foreground)
        if app.stopped && plan.dropsWhenStopped { ledger.finish(push.id, .droppedAppForceStopped); return }
        if dropsDuplicate(push, device: 0) { ledger.finish(push.id, .delivered); return }
        if plan.exempt { mainDevice.exemptUntil = queue.now + spec.highPriorityExemption }
        if plan.handler { ledger.finish(push.id, .delivered); runHandler(push) }
        if plan.display { ledger.finish(push.id, .delivered); display(push) }
        guard plan.background else { return }
        if app.stopped { ledger.finish(push.id, .droppedAppForceStopped); return }
        // Low Power Mode (I5), and after a boot the first unlock and the launch delay (I6),
        // hold it; else the budget decides (I1).
        if !mainDevice.lowPower && launchesAllowed && takeBudgetToken() { runBackgroundHandler(push) } else { holdBackground(push) }
    }

    /// The OS draws the push's notification (if the user allows notifications), after the
    /// app's Notification Service Extension for an iOS alert with `mutable-content` (I7).
    mutating func display(_ push: Push) {
        guard spec.notificationsAuthorized else { return }
        if push.mutableContent && mainDevice.platform == .ios && setup.strategyCapabilities.serviceExtension == .refetch {
            runServiceExtension(push)
            return
        }
        show(push, value: push.change.value)
    }

    /// The extension fetches the push's key (one server request, latency and failure as a
    /// pull's, drawn on its own stream `client.extension` so the strategy's pulls keep their
    /// draws): the answer within `serviceExtensionTime` shows the server's value then, else
    /// the payload is shown at the deadline (or when the request fails). The app's own
    /// state does not change. (The push has just reached the device, so it is online.)
    mutating func runServiceExtension(_ push: Push) {
        let now = queue.now, limit = spec.app.serviceExtensionTime
        let stream = extensionRandom()
        let latency = client.pullLatency.sample(stream)
        let failed = client.pullFailure > 0 && stream.bernoulli(client.pullFailure)
        observe(.serviceExtensionFetch)
        app.extensionStarts.append((push.id, now))
        queue.schedule(.serviceExtensionDone(id: push.id, fresh: !failed && latency <= limit), at: now + min(latency, limit))
    }

    /// The extension is done: the OS shows the notification, unless the app was uninstalled
    /// or the device switched off meanwhile (the notification is lost, an assumption); an
    /// answer that came while the device was offline failed, so the payload is shown.
    mutating func serviceExtensionDone(_ push: Push, fresh: Bool) {
        let start = app.extensionStarts.firstIndex { $0.push == push.id }.map { app.extensionStarts.remove(at: $0).at } ?? queue.now
        guard mainDevice.installed, !mainDevice.booting else { return }
        let answered = fresh && mainDevice.online && mainDevice.offlineSince < start
        show(push, value: answered ? server.state[Int(push.change.key)] : push.change.value)
    }

    /// The `client.extension` stream, looked up at the first extension fetch (I7).
    mutating func extensionRandom() -> RandomStream {
        if let s = extensionStream { return s }
        let s = streams.stream(StreamName.serviceExtension)
        extensionStream = s
        return s
    }

    /// The notification shows `value` for the push's key; a tag replaces the notification
    /// already shown under it. The user may tap it.
    mutating func show(_ push: Push, value: Int64) {
        let key = push.change.key
        let replaced = app.tray.show(push)
        observe(.displayed(push: push.id, message: push.notification, key: key, value: value, serverValue: server.state[Int(key)], replaced: replaced))
        notificationShown(for: push.id)
        let app = spec.app
        if app.tapProbability > 0, userRandom.bernoulli(app.tapProbability) {
            queue.schedule(.tap(id: push.id), at: queue.now + app.tapDelay.sample(userRandom))
        }
    }

    /// The user taps the notification (if it is still shown): the app opens and its code
    /// gets the push's data.
    mutating func tap(_ push: Push) {
        guard mainDevice.installed, !mainDevice.booting else { return }
        guard app.tray.take(push) else { return }
        observe(.tapped)
        openApp(for: spec.app.sessionLength)
        runHandler(push)
    }

    /// iOS: a background push runs the handler with the app launched in the background.
    mutating func runBackgroundHandler(_ push: Push) {
        ledger.finish(push.id, .delivered)
        runHandler(push)
    }

    mutating func holdBackground(_ push: Push) {
        ledger.delay(push.id, .delayedMessageThrottled)
        if spec.heldBackgroundPush == .drop { ledger.finish(push.id, .throttled); return }
        dropHeldBackground(.throttled)
        app.heldBackground = push
    }

    mutating func dropHeldBackground(_ outcome: PushOutcome) {
        if let old = app.heldBackground { ledger.finish(old.id, outcome) }
        app.heldBackground = nil
    }

    mutating func deletedMessages() {
        observe(.deletedSignalArrived(screenOn: mainDevice.screenOn))
        guard mainDevice.installed, !app.stopped else { return }
        observe(.deletedSignalReceived)
        startApp(.background)
        react(.deletedMessages)
    }
}
