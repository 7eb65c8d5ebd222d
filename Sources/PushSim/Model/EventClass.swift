/// The classes of simultaneous events, in the order they run at an equal time: this table,
/// not the order of `schedule` calls, states the model's equal-time order (docs/model.md,
/// Event order). Each class is one tier of the kernel's queue; within a class events run
/// in the order they were scheduled (FIFO), or, with `--shuffle-ties`, in a shuffled order.
///
/// First the scenario's timeline, one class per kind (`powerSaving` holds both Low Power
/// Mode and Battery Saver, I5, I8: one is iOS's, the other Android's, so they never meet on
/// one device; the kernel has 16 tiers, all used; `connectivity` also holds the end of a
/// boot, after the timeline's changes, and `restart` a restart's switch-off, I6), so an offline period `[from, to)`
/// holds for changes too (a change at `from` finds the device offline, one at `to` online)
/// and an app opened at the time of a change sees that change; then the end of an app
/// session, so a strategy timer due at that instant finds the app in the background
/// whatever order the two were scheduled in; then everything else scheduled while the run
/// is under way (timers, pull answers, taps, Doze transitions);
/// last the arrivals of push copies and `deletedMessages` signals, which run in a drawn
/// order among themselves (their rank; neither APNs nor FCM promises an order, A5, F5).
enum EventClass: UInt8, CaseIterable, Sendable {
    case connectivity = 0, restart, screen, charging, motion, powerSaving, tokenRotation, uninstall, otherDevices
    case serverChange, session, forceQuit, swipeAway
    case sessionEnd, runTime
    case arrival

    /// The kernel tier of the class.
    var tier: UInt8 { rawValue }
}

extension WorldEvent {
    /// The class the event belongs to (see `EventClass`).
    /// - Complexity: O(1).
    var eventClass: EventClass {
        switch self {
        case .connectivity: .connectivity
        // The end of a boot runs with the connectivity changes of its instant, after them
        // (it is scheduled later, they are the timeline's), so it reconnects as they say;
        // a switch-off (timeline) right after them and before anything else, so a restart
        // drawn exactly one boot time after the last one (the shortest gap, I6) finds the
        // device booted, not ignored. Unlock and launch window with the other run-time events.
        case let .restart(phase): phase == .booted ? .connectivity : phase == .shutdown ? .restart : .runTime
        case .screen: .screen
        case .charging: .charging
        case .motion: .motion
        case .lowPowerMode, .batterySaver: .powerSaving
        case .tokenRotation: .tokenRotation
        case .installed: .uninstall
        case .otherDevice: .otherDevices
        case .serverChange: .serverChange
        case .appOpen: .session
        case .forceQuit: .forceQuit
        case .swipeAway: .swipeAway
        case .appSessionEnd: .sessionEnd
        case .tap, .timer, .pullComplete, .doze, .vendorKill, .offlineDetected, .serviceExtensionDone, .channelTimer, .senderTimer, .otherChannelTimer,
             .jitteredPull, .fleet: .runTime
        case .deliver, .deletedMessages, .otherDeliver: .arrival
        }
    }
}

extension EventQueue where Payload == WorldEvent {
    /// Schedules `event` at `time` in its class's tier, with `rank` (arrivals: the drawn
    /// arrival rank, ≥ 1; 0 otherwise).
    /// - Precondition: only arrivals have a rank (the kernel orders by rank before tier).
    /// - Precondition: `time >= now`.
    /// - Complexity: O(log n) amortized.
    @discardableResult
    mutating func schedule(_ event: WorldEvent, at time: SimTime, rank: UInt32 = 0) -> EventID {
        let eventClass = event.eventClass
        assert(rank == 0 || eventClass == .arrival, "only arrivals are ranked")
        return schedule(at: time, tier: eventClass.tier, rank: rank, event)
    }
}
