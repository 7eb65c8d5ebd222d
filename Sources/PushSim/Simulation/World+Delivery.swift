/// What the device does with a push that reaches it: the platform's `Arrival` plan
/// (`PlatformRules`: generic, Android F1/D5/F6, iOS I1–I5) carried out.
///
/// Before any of that, a copy of a message that already reached the installed app counts
/// as a duplicate, and an app that de-duplicates by notification id (`client.dedupe`)
/// drops it (`delivered`, nothing shown, no handler). A copy a force-stopped app drops
/// (anything but an iOS alert, which the OS draws) reaches neither the app nor the tray:
/// it is not seen, so a later copy of the same message is not a duplicate.
extension World {
    mutating func deliver(_ push: Push, copy: Int8) {
        guard device.online else { ledger.finish(push.id, .droppedDeviceOffline); return }
        observe(.copyArrived(bytes: Int(push.size), screenOn: device.screenOn))
        guard device.installed else { ledger.finish(push.id, .droppedAppForceStopped); return }
        let plan = device.platform.rules.arrival(push, appState == .foreground)
        if stopped && plan.dropsWhenStopped { ledger.finish(push.id, .droppedAppForceStopped); return }
        if dropsDuplicate(push, device: 0) { ledger.finish(push.id, .delivered); return }
        if plan.exempt { device.exemptUntil = queue.now + spec.highPriorityExemption }
        if plan.handler { ledger.finish(push.id, .delivered); runHandler(push) }
        if plan.display { ledger.finish(push.id, .delivered); display(push) }
        guard plan.background else { return }
        if stopped { ledger.finish(push.id, .droppedAppForceStopped); return }
        if !device.lowPower && takeBudgetToken() { runBackgroundHandler(push) } else { holdBackground(push) }
    }

    /// The OS draws the push's notification (if the user allows notifications); a tag
    /// replaces the notification already shown under it. The user may tap it.
    mutating func display(_ push: Push) {
        guard spec.notificationsAuthorized else { return }
        let key = push.change.key
        let replaced = push.displayTag.map { tray[$0] != nil } ?? false
        observe(.displayed(push: push.id, key: key, value: push.change.value, serverValue: server.state[Int(key)], replaced: replaced))
        if let tag = push.displayTag { tray[tag] = push.id } else { untaggedShown.insert(push.id) }
        let app = spec.app
        if app.tapProbability > 0, userRandom.bernoulli(app.tapProbability) {
            queue.schedule(.tap(id: push.id), at: queue.now + app.tapDelay.sample(userRandom))
        }
    }

    /// The user taps the notification (if it is still shown): the app opens and its code
    /// gets the push's data.
    mutating func tap(_ push: Push) {
        guard device.installed else { return }
        if let tag = push.displayTag {
            guard tray[tag] == push.id else { return }
            tray[tag] = nil
        } else {
            guard untaggedShown.remove(push.id) != nil else { return }
        }
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
        heldBackground = push
    }

    mutating func dropHeldBackground(_ outcome: PushOutcome) {
        if let old = heldBackground { ledger.finish(old.id, outcome) }
        heldBackground = nil
    }

    mutating func deletedMessages() {
        observe(.deletedSignalArrived(screenOn: device.screenOn))
        guard device.installed, !stopped else { return }
        observe(.deletedSignalReceived)
        startProcessIfNeeded(.background)
        react { s, app in s.onDeletedMessages(&app) }
    }
}
