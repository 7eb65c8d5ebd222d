/// When the power-saving modes of rule I8 are requested, from the device's periods: iOS Low
/// Power Mode (I5's hold) and Android Battery Saver (Quick Doze and the background network
/// firewall). Both come from the user's own periods and from low battery:
///
/// - **Low Power Mode** is on during `lowPowerMode` (the user's toggle, at any battery
///   level) and during every `lowBattery` period whose prompt the user accepts (Apple
///   Support, "Use Low Power Mode to save battery life on your iPhone": the prompt at 20 %,
///   the mode off again once charged to 80 %, read as the period's end). iOS prompts only
///   when the mode is off, so a period that starts inside a `lowPowerMode` period asks
///   nothing. Each prompt is one Bernoulli(`lowPowerModeAccept`) draw on the
///   `device.battery` stream, in period order, when the timeline is scheduled; nothing is
///   drawn (and the stream is not created) when the chance is 0 or the platform has no
///   prompt. The 10 % prompt is not modelled (**assumption**: a declined prompt is not
///   repeated within the period).
/// - **Battery Saver** is requested during `batterySaver` and, with
///   `batterySaverAtLowBattery`, during every `lowBattery` period (Android platforms only;
///   whether it applies, charging aside, is `World.batterySaverMayHaveChanged`).
///
/// Either mode is on while any of its sources holds: overlapping or adjacent periods are
/// one period, so the scheduled on and off events alternate.
extension DeviceSpec {
    /// Calls `edge(on, at)` for the start and end of every Low Power Mode period, in time
    /// order, drawing each prompt's answer from `streams` (see the type's comment).
    /// Without low-battery prompts the periods are `lowPowerMode`, unchanged.
    func forEachLowPowerModeEdge(streams: RandomStreams, _ edge: (Bool, SimDuration) -> Void) {
        guard platform.rules.promptsLowPowerMode, lowPowerModeAccept > 0, !lowBattery.isEmpty else {
            return Period.forEachUnion(lowPowerMode, [], edge)
        }
        let answers = streams.stream(StreamName.deviceBattery)
        let user = lowPowerMode, p = lowPowerModeAccept
        Period.forEachUnion(user, lowBattery, keep: { low in
            !user.contains { $0.from <= low.from && low.from < $0.to } && answers.bernoulli(p)
        }, edge)
    }

    /// Calls `edge(on, at)` for the start and end of every period Battery Saver is
    /// requested, in time order: `batterySaver`, and `lowBattery` with
    /// `batterySaverAtLowBattery`; none on a platform without Battery Saver.
    func forEachBatterySaverEdge(_ edge: (Bool, SimDuration) -> Void) {
        guard platform.rules.hasBatterySaver else { return }
        Period.forEachUnion(batterySaver, batterySaverAtLowBattery ? lowBattery : [], edge)
    }
}

extension Period {
    /// Calls `edge(true, from)` and `edge(false, to)` for each period of the union of `a`
    /// and the periods of `b` that `keep` accepts, in time order; overlapping and adjacent
    /// periods merge into one. `keep` is called once per period of `b`, in order.
    /// - Precondition: `a` and `b` are each sorted and non-overlapping (decoded period lists are).
    /// - Complexity: O(a.count + b.count); allocates nothing.
    static func forEachUnion(_ a: [Period], _ b: [Period], keep: (Period) -> Bool = { _ in true },
                             _ edge: (Bool, SimDuration) -> Void) {
        var i = 0, j = 0
        var current: Period?
        while true {
            let next: Period
            if i < a.count, j >= b.count || a[i].from <= b[j].from {
                next = a[i]; i += 1
            } else if j < b.count {
                next = b[j]; j += 1
                guard keep(next) else { continue }
            } else {
                break
            }
            if let c = current, next.from <= c.to {
                current = Period(from: c.from, to: max(c.to, next.to))
            } else {
                if let c = current { edge(true, c.from); edge(false, c.to) }
                current = next
            }
        }
        if let c = current { edge(true, c.from); edge(false, c.to) }
    }
}
