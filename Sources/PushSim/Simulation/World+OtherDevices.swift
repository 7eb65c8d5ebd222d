/// The recipient's other devices: their timelines and what reaches them. Their channel
/// copies are `providers[1...]`: they schedule `otherDeliver` / `otherChannelTimer` events
/// through their contexts (a copy's rank comes from the device's `channel.<n>.order`
/// stream; a `deletedMessages` signal goes nowhere: no app code runs there).
extension World {
    mutating func addOtherDevices(_ specs: [OtherDeviceSpec]) {
        for (i, spec) in specs.enumerated() {
            others.append(OtherDevice(spec: spec, random: streams.stream(StreamName.channel(device: i + 1)),
                                      order: streams.stream(StreamName.channelOrder(device: i + 1))))
            providers.append(providers[0])
        }
        otherCount = others.count
    }

    /// Device by device (1, 2, …): offline periods, token rotations, uninstall periods, launches.
    mutating func scheduleOtherDevices() {
        for (i, d) in others.enumerated() {
            let device = Int8(i + 1)
            func at(_ t: SimDuration, _ change: OtherDeviceChange) { queue.schedule(.otherDevice(device: device, change: change), at: .zero + t) }
            for p in d.spec.offline { at(p.from, .offline); at(p.to, .online) }
            for t in d.spec.tokenRotations { at(t, .tokenRotation) }
            for p in d.spec.uninstalled { at(p.from, .uninstalled); at(p.to, .reinstalled) }
            for t in d.spec.launches { at(t, .launch) }
        }
    }

    mutating func otherDeviceChanged(_ device: Int, _ change: OtherDeviceChange) {
        let i = device - 1
        switch change {
        case .online: others[i].online = true
        case .offline: others[i].online = false; others[i].offlineSince = queue.now
        case .tokenRotation:
            others[i].token += 1
            if client.registration == .tokenRefresh && others[i].installed { others[i].register() }
        case .uninstalled: others[i].installed = false
        case .reinstalled: others[i].installed = true; others[i].token += 1; others[i].appToken = 0
        case .launch:
            guard others[i].installed else { return }
            if client.registration == .everyLaunch || others[i].appToken != others[i].token { others[i].register() }
        }
        withProvider(device) { channel, cx in channel.deviceChanged(&cx) }
    }

    /// A copy reaches other device `device`: offline ⇒ `dropped_device_offline`;
    /// uninstalled ⇒ `dropped_app_force_stopped`; else `delivered` (a duplicate is counted,
    /// or dropped by a de-duplicating app).
    mutating func deliverToOther(_ push: Push, device: Int) {
        let d = others[device - 1]
        guard d.online else { ledger.finish(push.id, .droppedDeviceOffline); return }
        guard d.installed else { ledger.finish(push.id, .droppedAppForceStopped); return }
        ledger.finish(push.id, .delivered)
        _ = dropsDuplicate(push, device: device)
    }
}
