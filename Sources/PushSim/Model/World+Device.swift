/// The device side of a replication: what happens to the main device (connectivity,
/// screen, Doze, Low Power Mode, tokens, installation; `Device` holds its state) and the
/// provider calls. Every change ends in `deviceChanged()`, which lets the channel deliver
/// what it now may.
extension World {
    /// How many devices the recipient has (1 + its other devices).
    var deviceCount: Int { 1 + otherDevices.count }

    /// `body` of device `d` of the recipient, read in place: 0 the main device
    /// (`mainDevice`), 1, 2, … its other devices (`otherDevices[d - 1]`).
    /// - Precondition: `0 ..< deviceCount`.
    ///
    /// Not a subscript: a `_read` accessor yielding a value this large (a `Device` was 320
    /// bytes then, 232 now) copied it and allocated the accessor's frame, a fifth more time on the
    /// lone study (perf: `memmove`, `malloc`).
    @inline(__always) func device<R>(_ d: Int, _ body: (Device) -> R) -> R {
        d == 0 ? body(mainDevice) : body(otherDevices[d - 1])
    }

    /// `body` of device `d` of the recipient (see `device(_:_:)`), changed in place.
    @inline(__always) mutating func updateDevice<R>(_ d: Int, _ body: (inout Device) -> R) -> R {
        d == 0 ? body(&mainDevice) : body(&otherDevices[d - 1])
    }

    /// Calls `body` with `device`'s channel and a context for it (0: the main device;
    /// 1, 2, …: the other devices, with their own streams `channel.<n>`, `channel.<n>.order`).
    /// `timerSlot`: the slot of the timer being handled.
    /// `token`: the token a request goes to (the server's current one unless said).
    mutating func withProvider<R>(_ device: Int, timerSlot: UInt8 = 0, token: Int? = nil,
                                  _ body: (inout any PushChannel, inout ProviderContext) -> R) -> R {
        let now = queue.now
        // Plain values only (the streams as unretained draws): making the context counts
        // no references.
        if device == 0 {
            let view = mainDevice.view(at: now, token: token), streams = mainStreams.draws
            return ProviderContext.with(&channel, queue: &scratch.queue, ledger: &ledger, now: now, device: view, draws: streams.draws,
                                        order: streams.order, deviceIndex: 0, timerSlot: timerSlot, body)
        }
        let view = otherDevices.withUnsafeBufferPointer { d in d[device - 1].view(at: now, token: token) }, streams = otherStreams[device - 1].draws
        return ProviderContext.with(&otherChannels[device - 1], queue: &scratch.queue, ledger: &ledger, now: now, device: view, draws: streams.draws,
                                    order: streams.order, deviceIndex: Int8(device), timerSlot: timerSlot, body)
    }

    mutating func setOnline(_ isOnline: Bool) {
        guard mainDevice.setOnline(isOnline, at: queue.now) else { return }
        if isOnline { endDeadConnection() } else { startDeadConnection() }
        deviceChanged()
        if mainDevice.installed, !app.stopped,
           app.state == .foreground || (app.state == .background && mainDevice.platform.rules.backgroundReconnectRunsApp) {
            react(isOnline ? .reconnect : .offline)
        }
    }

    /// A disconnect during the run stays unnoticed by the provider for a drawn
    /// `device.offlineDetection` (A11); one at t = 0 happened before the run, noticed long ago.
    mutating func startDeadConnection() {
        let now = queue.now
        guard now > .zero, spec.offlineDetection != .zero else { return }
        let stream: RandomStream
        if let s = detectionStream { stream = s } else { stream = streams.stream(StreamName.deviceOfflineDetection); detectionStream = stream }
        let window = spec.offlineDetection.sample(stream)
        guard window > .zero else { return }
        mainDevice.connectionDead = true
        mainDevice.detectionEvent = queue.schedule(.offlineDetected, at: now + window)
    }

    /// The device is back before the provider noticed: the connection is live again.
    mutating func endDeadConnection() {
        if let id = mainDevice.detectionEvent { queue.cancel(id) }
        mainDevice.detectionEvent = nil
        mainDevice.connectionDead = false
    }

    /// The provider's keepalive timed out: it now knows the device is offline (A11).
    mutating func offlineDetected() {
        mainDevice.detectionEvent = nil
        mainDevice.connectionDead = false
        deviceChanged()
    }

    mutating func screenMayHaveChanged() {
        let on = mainDevice.screenOn, now = queue.now
        if mainDevice.hasDoze { mainDevice.doze.setScreen(setup.device.doze, on: on, at: now) }
        vendorScreenMayHaveChanged()
        deviceChanged()
    }

    /// iOS Low Power Mode (I5): while on, background pushes are held; when it ends, a held
    /// one runs if the budget allows (and, after a boot, launches are allowed again, I6).
    mutating func setLowPower(_ on: Bool) {
        mainDevice.lowPower = on
        if !on, let held = app.heldBackground, app.state != .foreground, launchesAllowed, takeBudgetToken() {
            app.heldBackground = nil
            runBackgroundHandler(held)
        }
    }

    /// Android Battery Saver (I8) applies while it is requested and the device is not
    /// charging (Android, "Power management restrictions": the restrictions do not apply
    /// while charging): Quick Doze on or off, and the background network firewall of
    /// `Device.networkAvailable`. The caller then calls `deviceChanged()`.
    mutating func batterySaverMayHaveChanged() {
        let on = mainDevice.batterySaverRequested && !mainDevice.charging
        guard on != mainDevice.batterySaverOn else { return }
        mainDevice.batterySaverOn = on
        let now = queue.now
        if mainDevice.hasDoze { mainDevice.doze.setQuickDoze(setup.device.doze, on, at: now) }
    }

    mutating func setInstalled(_ yes: Bool) {
        guard yes != mainDevice.installed else { return }
        if yes {
            // A reinstall: a new token (registered at the next launch) and empty local state.
            mainDevice.reinstall(at: queue.now)
            for key in replica.state.indices where replica.state[key] != 0 { write(key: Int32(key), value: 0) }
            replica.cursor = 0
            strategy = strategyPrototype
            replica.forgetPendingPulls()
        } else {
            mainDevice.uninstall()
            dropHeldBackground(.droppedAppForceStopped)
            for p in app.heldUntilUnlock { ledger.finish(p.id, .droppedAppForceStopped) }
            app.heldUntilUnlock.removeAll(keepingCapacity: true)
            app.tray.clear()
            replica.forgetPendingPulls()
        }
        endProcess()
        app.stopped = false
        screenMayHaveChanged()
    }

    /// Lets the channel act on the device's current state and keeps the Doze timer current.
    mutating func deviceChanged() {
        rescheduleDoze()
        withProvider(0) { channel, cx in channel.handle(.deviceChanged, &cx) }
    }

    /// Keeps exactly one `.doze` event pending, at the controller's next transition.
    mutating func rescheduleDoze() {
        let next = mainDevice.hasDoze ? mainDevice.doze.nextTransition : nil
        if let current = mainDevice.dozeEvent {
            if current.time == next { return }
            queue.cancel(current.id)
            mainDevice.dozeEvent = nil
        }
        if let next { mainDevice.dozeEvent = (queue.schedule(.doze, at: next), next) }
    }

    /// The iOS background budget as a token bucket (I1).
    mutating func takeBudgetToken() -> Bool {
        guard let daily = spec.backgroundBudget.daily else { return app.budget.take(at: queue.now) }
        let day = Int32(queue.now.microseconds / SimDuration.days(1).microseconds)
        if app.budgetDay != day { app.budgetDay = day; app.runToday = 0 }
        guard app.runToday < daily, app.budget.take(at: queue.now) else { return false }
        app.runToday += 1
        return true
    }
}
