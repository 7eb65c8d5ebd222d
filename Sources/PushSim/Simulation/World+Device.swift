/// The device side of a replication: connectivity, screen, Doze, Low Power Mode, tokens,
/// installation. Every change ends in `deviceChanged()`, which lets the channel deliver
/// what it now may.
extension World {
    /// The device as the provider sees it now.
    var deviceView: DeviceView {
        var v = DeviceView()
        v.online = online
        v.platform = spec.platform
        v.dozeRestricted = doze?.isRestricted ?? false
        v.awake = screenOn
        v.token = !installed ? .uninstalled : (registeredToken == token ? .valid : .stale)
        v.offlineFor = online ? .zero : queue.now - offlineSince
        v.standbyBucket = spec.standbyBucket
        v.notificationsAuthorized = spec.notificationsAuthorized
        return v
    }

    /// Calls `body` with `device`'s channel and a context for it (0: the main device;
    /// 1, 2, …: the other devices, with their own streams `channel.<n>`, `channel.<n>.order`).
    /// `timerSlot`: the slot of the timer being handled.
    mutating func withProvider<R>(_ device: Int, timerSlot: UInt8 = 0, _ body: (inout any PushChannel, inout ProviderContext) -> R) -> R {
        let now = queue.now
        let view = device == 0 ? deviceView : others[device - 1].view(at: now)
        let random = device == 0 ? channelRandom : others[device - 1].random
        let order = device == 0 ? channelOrder : others[device - 1].order
        return ProviderContext.with(&providers[device], queue: &queue, ledger: &ledger, now: now, device: view, random: random,
                                    order: order, deviceIndex: Int8(device), timerSlot: timerSlot, body)
    }

    /// The screen is on during explicit screen-on periods and while the app is in the
    /// foreground; a `generic` device counts as always awake.
    var screenOn: Bool { spec.platform == .generic || explicitScreenOn || appState == .foreground }

    /// Whether the app can reach the network now: online, and on Android not held back by
    /// Doze (unless in the foreground or within a high-priority message's exemption).
    var networkAvailable: Bool {
        guard online else { return false }
        guard let doze, doze.isRestricted else { return true }
        return appState == .foreground || queue.now < exemptUntil
    }

    mutating func setOnline(_ isOnline: Bool) {
        guard isOnline != online else { return }
        online = isOnline
        if !isOnline {
            offlineSince = queue.now == .zero ? queue.now - spec.lastConnectedBefore : queue.now
        }
        deviceChanged()
        if isOnline, installed, !stopped, appState == .foreground || (appState == .background && spec.platform != .ios) {
            react { s, app in s.onReconnect(&app) }
        }
    }

    mutating func screenMayHaveChanged() {
        let on = screenOn, now = queue.now
        doze?.setScreen(on: on, at: now)
        deviceChanged()
    }

    mutating func setLowPower(_ on: Bool) {
        lowPower = on
        if !on, let held = heldBackground, spec.platform == .ios, appState != .foreground, takeBudgetToken() {
            heldBackground = nil
            runBackgroundHandler(held)
        }
    }

    mutating func setInstalled(_ yes: Bool) {
        guard yes != installed else { return }
        installed = yes
        if yes {
            // A reinstall: a new token (registered at the next launch) and empty local state.
            token += 1
            appToken = 0
            for key in clientState.indices where clientState[key] != 0 { write(key: Int32(key), value: 0) }
            clientCursor = 0
            strategy = strategyPrototype
            pullAgain = false; fullSyncWanted = false
        } else {
            dropHeldBackground(.droppedAppForceStopped)
            tray.removeAll(); untaggedShown.removeAll()
            pullAgain = false; fullSyncWanted = false
        }
        endProcess()
        stopped = false
        screenMayHaveChanged()
    }

    /// Lets the channel act on the device's current state and keeps the Doze timer current.
    mutating func deviceChanged() {
        rescheduleDoze()
        withProvider(0) { channel, cx in channel.deviceChanged(&cx) }
    }

    /// Keeps exactly one `.doze` event pending, at the controller's next transition.
    mutating func rescheduleDoze() {
        let next = doze?.nextTransition
        if let current = dozeEvent {
            if current.time == next { return }
            queue.cancel(current.id)
            dozeEvent = nil
        }
        if let next { dozeEvent = (queue.schedule(.doze, at: next), next) }
    }

    /// The iOS background budget as a token bucket (I1).
    mutating func takeBudgetToken() -> Bool { budget.take(at: queue.now) }
}
