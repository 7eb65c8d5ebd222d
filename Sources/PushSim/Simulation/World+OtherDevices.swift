/// The recipient's other devices: their timelines, their channel copies and what reaches
/// them. Their channel copies schedule on a scratch queue; `withOtherChannel` moves those
/// events onto the run's queue as `otherDeliver` / `otherChannelTimer`, at the same times
/// and ranks (a copy's rank comes from the device's `channel.<n>.order` stream), in the
/// same order (a `deletedMessages` signal is dropped: no app code runs there).
extension World {
    mutating func addOtherDevices(_ specs: [OtherDeviceSpec]) {
        for (i, spec) in specs.enumerated() {
            others.append(OtherDevice(spec: spec, channel: channel, random: streams.stream(StreamName.channel(device: i + 1)),
                                      order: streams.stream(StreamName.channelOrder(device: i + 1))))
        }
        otherCount = others.count
        scratch = EventQueue<WorldEvent>(reservingCapacity: 16)
    }

    // Kept out of line so the main device's paths never need `OtherDevice<Channel>`'s metadata.

    @inline(never)
    func otherHasToken(_ device: Int) -> Bool { others[device - 1].registeredToken != 0 }

    @inline(never)
    func otherToken(_ device: Int) -> Int { others[device - 1].registeredToken }

    @inline(never)
    mutating func deleteOtherToken(_ device: Int) { others[device - 1].registeredToken = 0 }

    /// Hands `push` to other device `device`'s channel copy, counting a stale token.
    @inline(never)
    mutating func sendToOther(_ push: Push, device: Int) {
        if !others[device - 1].hasCurrentToken { senderCounters.staleTokenSends += 1 }
        withOtherChannel(device) { channel, env, queue, ledger in channel.send(push, env: env, queue: &queue, ledger: &ledger) }
    }

    /// Device by device (1, 2, …): offline periods, token rotations, uninstall periods, launches.
    mutating func scheduleOtherDevices() {
        for (i, d) in others.enumerated() {
            let device = Int8(i + 1)
            func at(_ t: SimDuration, _ change: OtherDeviceChange) { queue.schedule(at: .zero + t, .otherDevice(device: device, change: change)) }
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
        withOtherChannel(device) { channel, env, queue, ledger in channel.deviceChanged(env: env, queue: &queue, ledger: &ledger) }
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

    /// Runs `body` on other device `device`'s channel copy, then moves what it scheduled
    /// onto the run's queue.
    mutating func withOtherChannel(_ device: Int,
                                   _ body: (inout Channel, ChannelEnvironment, inout EventQueue<WorldEvent>, inout PushLedger) -> Void) {
        let i = device - 1
        body(&others[i].channel, others[i].environment(at: queue.now), &scratch!, &ledger)
        while let rank = scratch!.nextRank, let event = scratch!.next(until: .distantFuture) {
            let at = scratch!.now
            switch event {
            case let .deliver(id, _): queue.schedule(at: at, rank: rank, .otherDeliver(id: id, device: Int8(device)))
            case let .channelTimer(tag): queue.schedule(at: at, .otherChannelTimer(device: Int8(device), tag: tag))
            default: break
            }
        }
        scratch!.reset()
    }

    /// End of the run: each channel copy's own accounting (expired vs pending).
    mutating func finishOtherDevices() {
        for i in others.indices {
            others[i].channel.finish(env: others[i].environment(at: queue.now), ledger: &ledger)
        }
    }
}
