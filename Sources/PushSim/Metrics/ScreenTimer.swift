/// Foreground time and stale-screen time of one run: the time the app is in the
/// foreground, and the part of it during which the client's state differs from the
/// server's (the screen shows something the server has moved past).
///
/// Fed after every event with the state the event left behind (`observe`); time only moves
/// between events, so integrating the state observed after each one is exact. O(1) per call.
struct ScreenTimer: Sendable {
    private var since: Int64 = 0
    private var foregroundNow = false
    private var staleNow = false
    /// Foreground time so far, microseconds.
    private(set) var foreground: Int64 = 0
    /// Foreground time with a stale state so far, microseconds.
    private(set) var stale: Int64 = 0

    /// - Parameter foreground: whether the app is in the foreground at t = 0.
    init(foreground: Bool) { foregroundNow = foreground }

    /// From `now` on the app is (`foreground`) in the foreground and its state differs
    /// (`stale`) from the server's. `now` never decreases.
    mutating func observe(at now: SimTime, foreground: Bool, stale: Bool) {
        let t = now.microseconds
        if foregroundNow {
            let dt = t - since
            self.foreground += dt
            if staleNow { self.stale += dt }
        }
        since = t
        foregroundNow = foreground
        staleNow = stale
    }
}
