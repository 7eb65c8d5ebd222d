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
        case .launchWindow: mainDevice.launchWindowEvent = nil; releaseAfterBoot()
        }
    }

    /// The device switches off: offline (the provider may not notice at once, A11), the
    /// app's process and session end, a held iOS background launch is lost (`throttled`;
    /// an assumption), an iOS force-quit no longer holds after the boot, and Android's
    /// posted notifications are gone. Android messages still waiting for an unlock keep
    /// waiting (for the next boot's). A restart while the device is off is ignored.
    mutating func switchOff() {
        guard !mainDevice.booting else { return }   // already off
        let now = queue.now
        if let id = mainDevice.unlockEvent { queue.cancel(id) }   // a boot's unlock still to come
        if let id = mainDevice.launchWindowEvent { queue.cancel(id) }
        mainDevice.unlockEvent = nil
        mainDevice.launchWindowEvent = nil
        mainDevice.booting = true
        mainDevice.locked = true
        setOnline(false)
        dropHeldBackground(.throttled)
        endProcess()
        app.sessionEndsAt = now
        // iOS keeps its delivered notifications over a restart, Android clears them.
        if mainDevice.platform == .ios { app.stopped = false } else { app.tray.clear() }
        screenMayHaveChanged()
        queue.schedule(.restart(.booted), at: now + spec.restart.bootTime)
    }

    /// The boot is over: connected again as the timeline says, Doze from ACTIVE (AOSP
    /// `onStart`), no high-priority exemption; the first unlock and, on iOS, the end of the
    /// launch delay are scheduled.
    mutating func booted() {
        let now = queue.now
        mainDevice.booting = false
        mainDevice.exemptUntil = .zero
        if mainDevice.hasDoze {
            var doze = DozeState(setup.device.doze, screenOn: mainDevice.screenOn, charging: mainDevice.charging, at: now)
            if mainDevice.batterySaverOn { doze.setQuickDoze(setup.device.doze, true, at: now) }
            mainDevice.doze = doze
        }
        if mainDevice.platform == .ios {
            mainDevice.launchGateUntil = now + spec.restart.launchDelay
            if spec.restart.launchDelay > .zero {
                mainDevice.launchWindowEvent = queue.schedule(.restart(.launchWindow), at: mainDevice.launchGateUntil)
            }
        }
        setOnline(mainDevice.connectivityOnline)
        deviceChanged()
        let wait = spec.restart.firstUnlockAfter.sample(restartRandom())
        if wait > .zero { mainDevice.unlockEvent = queue.schedule(.restart(.unlocked), at: now + wait) } else { unlock() }
    }

    /// The user unlocks the device for the first time since the boot (also when they open
    /// the app first).
    mutating func unlock() {
        mainDevice.unlockEvent = nil
        guard mainDevice.locked, !mainDevice.booting else { return }
        mainDevice.locked = false
        releaseAfterBoot()
    }

    /// Whether the app's code may be launched for a push now: not before the first unlock,
    /// and on iOS not within the launch delay after boot (I6).
    var launchesAllowed: Bool { !mainDevice.locked && queue.now >= mainDevice.launchGateUntil }

    /// What waited for the first unlock or the launch delay gets its turn: Android messages
    /// in arrival order, then the held iOS background push (if the budget allows).
    mutating func releaseAfterBoot() {
        guard launchesAllowed, mainDevice.installed else { return }
        if !app.heldUntilUnlock.isEmpty {
            let waiting = app.heldUntilUnlock
            app.heldUntilUnlock.removeAll()
            for p in waiting { handOver(p) }
        }
        if let held = app.heldBackground, app.state != .foreground, !mainDevice.lowPower, takeBudgetToken() {
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
