/// What a trace shows of each kernel event besides its fields: the facts of the state just
/// before it runs. Only called when tracing.
extension World {
    /// The details of `event`, as the state is just before it runs.
    func traceDetails(_ event: WorldEvent) -> [TraceDetail] {
        switch event {
        case let .serverChange(_, schedule): return [.int("value", server.head + 1), .int("schedule", schedule)]
        case let .appOpen(length): return [.seconds("length", length)]
        case let .deliver(id, copy):
            return [.int("copy", copy), .text("app", app.state.rawValue), .flag("screen_on", mainDevice.screenOn), .int("cursor", ledger.push(id).cursor)]
        case let .timer(tag, serial): return [.int("tag", tag), .flag("live", mainDevice.installed && app.timerLive(tag: tag, serial: serial))]
        case let .channelTimer(_, tag): return [.int("tag", tag)]
        case let .restart(phase): return [.text("phase", "\(phase)"), .flag("ignored", phase == .shutdown && mainDevice.booting)]
        case let .serviceExtensionDone(_, fresh): return [.flag("answer_in_time", fresh)]
        case let .pullComplete(failed, process): return [.flag("failed", failed), .flag("live", process == app.generation)]
        case let .otherDevice(_, change): return [.text("change", "\(change)")]
        case let .otherDeliver(_, device): return [.int("device", device)]
        case .doze:
            guard mainDevice.hasDoze else { return [] }
            var d = mainDevice.doze
            d.advance(setup.device.doze, to: queue.now)
            return [.text("deep", d.deep.rawValue), .text("light", d.light.rawValue)]
        default: return []
        }
    }

    /// The main device's and app's state now, as the trace follows it between events.
    func traceState() -> TraceState {
        var doze: (deep: DozeController.DeepState, light: DozeController.LightState)?
        if mainDevice.hasDoze {
            var d = mainDevice.doze
            d.advance(setup.device.doze, to: queue.now)
            doze = (d.deep, d.light)
        }
        return TraceState(app: app.state, online: mainDevice.online, screenOn: mainDevice.screenOn, doze: doze, cursor: replica.cursor)
    }
}
