/// What the device does with a push that reaches it, by platform:
///
/// - generic: the app's handler runs, whatever the app's state (unless force-quit).
/// - Android (F1, D5): a force-stopped app gets nothing (`dropped_app_force_stopped`). In
///   the foreground every message reaches the handler. In the background a data message
///   starts the app and reaches the handler; notification and both are drawn in the tray
///   (the data of `both` reaches the app only if the user taps). A high-priority message
///   grants the app a temporary Doze exemption (F6, AOSP: 5 min).
/// - iOS (I1–I5): in the foreground the handler sees every push (and the OS draws nothing).
///   Otherwise alerts are drawn by the OS whatever the app's state, force-quit included
///   (if notifications are authorized). A
///   background push (data, or the data of both) after a force-quit never runs the
///   handler (I2); in Low Power Mode, or when the budget is spent, it is held: a newer one
///   replaces it (`throttled`), a launch delivers it (I3, `heldBackgroundPush`).
///
/// Before any of that, a copy of a message that already reached the installed app counts
/// as a duplicate, and an app that de-duplicates by notification id (`client.dedupe`)
/// drops it (`delivered`, nothing shown, no handler). A copy a force-stopped app drops
/// (anything but an iOS alert, which the OS draws) reaches neither the app nor the tray:
/// it is not seen, so a later copy of the same message is not a duplicate.
extension World {
    mutating func deliver(_ push: Push, copy: Int8) {
        guard online else { ledger.finish(push.id, .droppedDeviceOffline); return }
        observe(.copyArrived(bytes: Int(push.size), screenOn: screenOn))
        guard installed else { ledger.finish(push.id, .droppedAppForceStopped); return }
        // The same drops as the platform branches below make for a stopped app (D5, I2).
        if stopped && (spec.platform != .ios || push.type == .data) { ledger.finish(push.id, .droppedAppForceStopped); return }
        if dropsDuplicate(push, device: 0) { ledger.finish(push.id, .delivered); return }
        switch spec.platform {
        case .generic:
            if stopped { ledger.finish(push.id, .droppedAppForceStopped); return }
            ledger.finish(push.id, .delivered)
            runHandler(push)
        case .android:
            if stopped { ledger.finish(push.id, .droppedAppForceStopped); return }
            if push.priority == .high { exemptUntil = queue.now + spec.highPriorityExemption }
            ledger.finish(push.id, .delivered)
            if appState == .foreground || push.type == .data { runHandler(push) } else { display(push) }
        case .ios:
            if appState == .foreground { ledger.finish(push.id, .delivered); runHandler(push); return }
            if push.type != .data { ledger.finish(push.id, .delivered); display(push) }
            guard push.type != .notification else { return }
            if stopped { ledger.finish(push.id, .droppedAppForceStopped); return }
            if !lowPower && takeBudgetToken() { runBackgroundHandler(push) } else { holdBackground(push) }
        }
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
        guard installed else { return }
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
        observe(.deletedSignalArrived(screenOn: screenOn))
        guard installed, !stopped else { return }
        observe(.deletedSignalReceived)
        startProcessIfNeeded(.background)
        react { s, app in s.onDeletedMessages(&app) }
    }
}
