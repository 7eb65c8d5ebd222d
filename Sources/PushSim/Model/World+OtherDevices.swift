/// The recipient's other devices (`otherDevices`, devices 1, 2, …, receivers only): what
/// reaches them (their timelines are `Timeline`'s). Their channel copies are `otherChannels`, whose contexts schedule
/// `otherDeliver` / `otherChannelTimer` events (a copy's rank comes from the device's
/// `channel.<n>.order` stream; a `deletedMessages` signal goes nowhere: no app code runs
/// there).
extension World {
    mutating func addOtherDevices(_ specs: [OtherDeviceSpec]) {
        for (i, spec) in specs.enumerated() {
            otherDevices.append(Device(other: spec))
            otherStreams.append(DeviceStreams(random: streams.stream(StreamName.channel(device: i + 1)),
                                              order: streams.stream(StreamName.channelOrder(device: i + 1))))
            otherChannels.append(setup.channel)
        }
    }

    mutating func otherDeviceChanged(_ d: Int, _ change: OtherDeviceChange) {
        switch change {
        case .online: _ = otherDevices[d - 1].setOnline(true, at: queue.now)
        case .offline: _ = otherDevices[d - 1].setOnline(false, at: queue.now)
        // No app process runs on a receiver between launches: a new token waits for one (F15).
        case .tokenRotation: otherDevices[d - 1].rotateToken(client.registration, appRunning: false, keepsPrevious: keepsPreviousTokens)
        case .uninstalled: otherDevices[d - 1].uninstall()
        case .reinstalled: otherDevices[d - 1].reinstall(at: queue.now)
        case .launch:
            guard otherDevices[d - 1].installed else { return }
            otherDevices[d - 1].registerToken(client.registration, keepsPrevious: keepsPreviousTokens)
        }
        withProvider(d) { channel, cx in channel.handle(.deviceChanged, &cx) }
    }

    /// A copy reaches other device `d`: offline ⇒ `dropped_device_offline`; uninstalled ⇒
    /// `dropped_app_force_stopped` (the device reports the missing app, A12); else `delivered` (a duplicate is counted, or dropped by
    /// a de-duplicating app).
    mutating func deliverToOther(_ push: Push, device d: Int) {
        guard otherDevices[d - 1].online else { ledger.finish(push.id, .droppedDeviceOffline); return }
        observe(.messageReached(message: push.notification, device: d))
        if observer.tracing { observer.trace.arrived(push: push.id, device: d, at: queue.now) }
        guard otherDevices[d - 1].installed else { otherDevices[d - 1].reportUninstall(at: queue.now); ledger.finish(push.id, .droppedAppForceStopped); return }
        ledger.finish(push.id, .delivered)
        _ = dropsDuplicate(push, device: d)
    }
}
