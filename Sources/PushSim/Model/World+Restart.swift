/// Device restarts (I6, `RestartSpec`): the device switches off for `bootTime`, comes back
/// with no app process, Android's Doze from the start and an iOS force-quit forgotten; until
/// the first unlock (and on iOS for `launchDelay` after boot) what needs the app's code
/// waits.
extension World {
    mutating func restart(_ phase: RestartPhase) {
        switch phase {
        case .shutdown: switchOff()
        case .booted: booted()
        case .unlocked: unlock()
        case .launchWindow: devices[0].launchWindowEvent = nil; releaseAfterBoot()
        }
    }

    /// The device switches off: offline (the provider may not notice at once, A11), the
    /// app's process and session end, a held iOS background launch is lost (`throttled`;
    /// an assumption), an iOS force-quit no longer holds after the boot, and Android's
    /// posted notifications are gone. Android messages still waiting for an unlock keep
    /// waiting (for the next boot's). A restart while the device is off is ignored.
    mutating func switchOff() {
        guard !devices[0].booting else { return }   // already off
        let now = queue.now
        if let id = devices[0].unlockEvent { queue.cancel(id) }   // a boot's unlock still to come
        if let id = devices[0].launchWindowEvent { queue.cancel(id) }
        devices[0].unlockEvent = nil
        devices[0].launchWindowEvent = nil
        devices[0].booting = true
        devices[0].locked = true
        setOnline(false)
        dropHeldBackground(.throttled)
        endProcess()
        app.sessionEndsAt = now
        // iOS keeps its delivered notifications over a restart, Android clears them.
        if devices[0].platform == .ios { app.stopped = false } else { app.tray.clear() }
        screenMayHaveChanged()
        queue.schedule(.restart(.booted), at: now + spec.restart.bootTime)
    }

    /// The boot is over: connected again as the timeline says, Doze from ACTIVE (AOSP
    /// `onStart`), no high-priority exemption; the first unlock and, on iOS, the end of the
    /// launch delay are scheduled.
    mutating func booted() {
        let now = queue.now
        devices[0].booting = false
        devices[0].exemptUntil = .zero
        if devices[0].hasDoze {
            var doze = DozeController(parameters: spec.doze, screenOn: devices[0].screenOn, charging: devices[0].charging, at: now)
            if devices[0].batterySaverOn { doze.setQuickDoze(true, at: now) }
            devices[0].doze = doze
        }
        if devices[0].platform == .ios {
            devices[0].launchGateUntil = now + spec.restart.launchDelay
            if spec.restart.launchDelay > .zero {
                devices[0].launchWindowEvent = queue.schedule(.restart(.launchWindow), at: devices[0].launchGateUntil)
            }
        }
        setOnline(devices[0].connectivityOnline)
        deviceChanged()
        let wait = spec.restart.firstUnlockAfter.sample(restartRandom())
        if wait > .zero { devices[0].unlockEvent = queue.schedule(.restart(.unlocked), at: now + wait) } else { unlock() }
    }

    /// The user unlocks the device for the first time since the boot (also when they open
    /// the app first).
    mutating func unlock() {
        devices[0].unlockEvent = nil
        guard devices[0].locked, !devices[0].booting else { return }
        devices[0].locked = false
        releaseAfterBoot()
    }

    /// Whether the app's code may be launched for a push now: not before the first unlock,
    /// and on iOS not within the launch delay after boot (I6).
    var launchesAllowed: Bool { !devices[0].locked && queue.now >= devices[0].launchGateUntil }

    /// What waited for the first unlock or the launch delay gets its turn: Android messages
    /// in arrival order, then the held iOS background push (if the budget allows).
    mutating func releaseAfterBoot() {
        guard launchesAllowed, devices[0].installed else { return }
        if !app.heldUntilUnlock.isEmpty {
            let waiting = app.heldUntilUnlock
            app.heldUntilUnlock.removeAll()
            for p in waiting { handOver(p) }
        }
        if let held = app.heldBackground, app.state != .foreground, !devices[0].lowPower, takeBudgetToken() {
            app.heldBackground = nil
            runBackgroundHandler(held)
        }
    }

    /// The `device.restarts` stream (first-unlock delays; drawn restart gaps at build).
    mutating func restartRandom() -> RandomStream {
        if let s = restartStream { return s }
        let s = streams.stream(StreamName.deviceRestarts)
        restartStream = s
        return s
    }
}
