/// Everything that can happen in one replication; the payload of the kernel's event queue.
///
/// Order at equal times: by the event's class (`EventClass`, one kernel tier each: the
/// timeline's kinds, then run-time events, then arrivals), FIFO within a class; what a
/// channel hands to a device (`deliver`, `deletedMessages`, `otherDeliver`) is an arrival
/// with a rank drawn when it is scheduled (`ProviderContext.deliver`, in [1, 2³² − 1]), so
/// simultaneous copies arrive in a random order (neither APNs nor FCM promises one, A5, F5).
public enum WorldEvent: Sendable {
    /// The server commits a change; `schedule` indexes the change schedule (message template).
    case serverChange(key: Int32, schedule: Int32)
    /// The connectivity timeline has the device go online (`true`) or offline (`false`); it
    /// is online when this says so and it is not off for a restart (I6).
    case connectivity(online: Bool)
    /// An explicit screen-on period starts or ends.
    case screen(on: Bool)
    case charging(on: Bool)
    /// The device is moved (deep Doze restarts).
    case motion
    /// iOS Low Power Mode turns on or off (the user's toggle, or an accepted low-battery prompt, I8).
    case lowPowerMode(on: Bool)
    /// Android Battery Saver is requested (`true`) or no longer (`false`) (I8; it applies
    /// only while the device is not charging).
    case batterySaver(on: Bool)
    /// The registration token changes (the app registers it at its next launch).
    case tokenRotation
    /// The app is uninstalled (`false`) or reinstalled (`true`).
    case installed(Bool)
    /// The user opens the app for `length`.
    case appOpen(length: SimDuration)
    /// A session may end (the app goes to the background if no later session holds it).
    case appSessionEnd
    /// The user force-quits (iOS) or force-stops (Android) the app.
    case forceQuit
    /// The user swipes the app away from Recents.
    case swipeAway
    /// The vendor's power manager may end the app a set time after the screen went off (D7).
    case vendorKill
    /// A copy of push `id` reaches the device (copy 1 is a transport duplicate). The push
    /// itself, as the channel sent it, is in the run's `PushLedger` (`push(_:)`), which
    /// keeps queue entries small.
    case deliver(id: Int64, copy: Int8)
    /// The channel tells the app that pending messages were deleted (FCM `onDeletedMessages`).
    case deletedMessages
    /// The user taps the displayed notification of push `id`.
    case tap(id: Int64)
    /// A timer the client strategy set fires; `tag` is the strategy's own, `serial` the
    /// app's count of timers set (`AppProcess.timersSet`): a timer of a process that has
    /// since ended (force-quit, swipe, uninstall) or one the strategy cancelled does not fire.
    case timer(tag: Int32, serial: Int32)
    /// The client's pull completes (`failed`: the request itself failed); a pull whose
    /// app `process` has ended meanwhile is dropped.
    case pullComplete(failed: Bool, process: Int32)
    /// The Doze controller's next timed transition.
    case doze
    /// The provider notices that the main device silently left its connection (A11).
    case offlineDetected
    /// A step of a restart of the main device (I6): it switches off (a timeline event),
    /// has booted, is unlocked for the first time, or iOS's launch delay has passed.
    case restart(RestartPhase)
    /// The Notification Service Extension's work on push `id` ends (I7): the OS shows it,
    /// with the refetched value when `fresh`, else with the payload.
    case serviceExtensionDone(id: Int64, fresh: Bool)
    /// A timer the main device's channel set: `slot` names the channel instance (0 the
    /// variant's channel, others channels it embeds), `tag` is that instance's own.
    case channelTimer(slot: UInt8, tag: Int32)
    /// A timer the sender policy set (`SenderContext.setTimer(at:tag:)`); `tag` is the policy's own.
    case senderTimer(tag: Int32)
    /// Something happens to the recipient's other device `device` (1, 2, …), from its
    /// timeline (scheduled after the main device's changes and before the server changes).
    case otherDevice(device: Int8, change: OtherDeviceChange)
    /// A copy of push `id` reaches the other device `device`.
    case otherDeliver(id: Int64, device: Int8)
    /// A timer the other device's channel copy set (`slot` and `tag` as for `channelTimer`).
    case otherChannelTimer(device: Int8, slot: UInt8, tag: Int32)
    /// A pull a `.push` handler asked for starts now, after the client's drawn
    /// `pullJitter` (`full`: a full sync); dropped if app `process` has ended meanwhile.
    case jitteredPull(full: Bool, process: Int32)
    /// What a fleet's shared resources hand back to this recipient (`FleetDelivery`).
    case fleet(FleetDelivery)
}
