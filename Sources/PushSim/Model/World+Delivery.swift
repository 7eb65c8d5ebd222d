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
        guard devices[0].online else { ledger.finish(push.id, .droppedDeviceOffline); return }
        observe(.copyArrived(bytes: Int(push.size), screenOn: devices[0].screenOn))
        guard devices[0].installed else { devices[0].reportUninstall(at: queue.now); ledger.finish(push.id, .droppedAppForceStopped); return }
        let plan = devices[0].platform.rules.arrival(push, app.state == .foreground)
        if app.stopped && plan.dropsWhenStopped { ledger.finish(push.id, .droppedAppForceStopped); return }
        if dropsDuplicate(push, device: 0) { ledger.finish(push.id, .delivered); return }
        if plan.exempt { devices[0].exemptUntil = queue.now + spec.highPriorityExemption }
        if plan.handler { ledger.finish(push.id, .delivered); runHandler(push) }
        if plan.display { ledger.finish(push.id, .delivered); display(push) }
        guard plan.background else { return }
        if app.stopped { ledger.finish(push.id, .droppedAppForceStopped); return }
        if !devices[0].lowPower && takeBudgetToken() { runBackgroundHandler(push) } else { holdBackground(push) }
    }

    /// The OS draws the push's notification (if the user allows notifications); a tag
    /// replaces the notification already shown under it. The user may tap it.
    mutating func display(_ push: Push) {
        guard spec.notificationsAuthorized else { return }
        let key = push.change.key
        let replaced = app.tray.show(push)
        observe(.displayed(push: push.id, key: key, value: push.change.value, serverValue: server.state[Int(key)], replaced: replaced))
        notificationShown(for: push.id)
        let app = spec.app
        if app.tapProbability > 0, userRandom.bernoulli(app.tapProbability) {
            queue.schedule(.tap(id: push.id), at: queue.now + app.tapDelay.sample(userRandom))
        }
    }

    /// The user taps the notification (if it is still shown): the app opens and its code
    /// gets the push's data.
    mutating func tap(_ push: Push) {
        guard devices[0].installed else { return }
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
        observe(.deletedSignalArrived(screenOn: devices[0].screenOn))
        guard devices[0].installed, !app.stopped else { return }
        observe(.deletedSignalReceived)
        startApp(.background)
        react { s, app in s.onDeletedMessages(&app) }
    }
}
