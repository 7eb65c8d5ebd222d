/// A provider decision that takes effect a drawn delay after an instant the device's state
/// gives (A12: when the device reported the missing app; F14: when a reinstall replaced the
/// token). The delay is drawn once per anchor instant, on the channel stream, at the first
/// request that asks; a new anchor (a later uninstall or reinstall) draws again.
struct DrawnDeadline: Sendable {
    private var anchor = SimTime.zero
    private var deadline = SimTime.zero
    private var drawn = false

    init() {}

    /// Whether `cx.now` is at or after `anchorTime` + the delay drawn from `delay` for it.
    /// A constant delay draws nothing.
    mutating func hasPassed(since anchorTime: SimTime, delay: DurationDistribution, _ cx: inout ProviderContext) -> Bool {
        if !drawn || anchor != anchorTime {
            anchor = anchorTime
            deadline = anchorTime + delay.sample(cx.draws)
            drawn = true
        }
        return cx.now >= deadline
    }
}
