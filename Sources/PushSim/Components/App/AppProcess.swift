/// The app on the main device as the OS runs it: its state, its process, sessions, the
/// force-stop flag, the iOS background budget and a held background push, and its tray.
struct AppProcess: Sendable {
    /// App sessions started so far (`AppContext.session`).
    var sessions = 0
    /// Counts app processes: bumped whenever the process ends, so its timers and pulls die
    /// with it.
    var generation: Int32 = 0
    /// Force-quit (iOS) or force-stopped (Android) and not launched since (I2, D5).
    var stopped = false
    /// The app's state (declared here, where it fills `generation`'s and `stopped`'s word).
    var state: AppState
    /// Until when the latest session keeps the app in the foreground.
    var sessionEndsAt = SimTime.zero
    /// The iOS background budget (I1).
    var budget: TokenBucket
    /// The simulated day (⌊t / 24 h⌋) of the background pushes counted in `runToday`, for
    /// I1's daily allowance (`BackgroundBudget.daily`).
    var budgetDay: Int32 = 0
    var runToday: Int32 = 0
    /// A background push held by the budget, Low Power Mode, or after a boot until the first
    /// unlock and the launch delay (I3, I5, I6). Kept out of line: rarely set.
    var heldBackground: Push? { get { held.value } set { held.value = newValue } }
    private var held = OutOfLine<Push>()
    /// Android messages that reached the device before its first unlock after a boot, in
    /// arrival order (I6, Direct Boot).
    var heldUntilUnlock: [Push] = []
    /// Service extension fetches under way: the push and when the fetch started (I7).
    var extensionStarts: [(push: Int64, at: SimTime)] = []
    var tray = Tray()

    init(_ spec: DeviceSpec) {
        state = spec.app.initialState
        budget = TokenBucket(capacity: spec.backgroundBudget.capacity, refill: spec.backgroundBudget.refill)
    }

    /// `prototype`'s state (as `init(spec)` built it), keeping the tray's storage (for a
    /// reused world).
    mutating func reset(to prototype: AppProcess) {
        var tray = Tray()
        swap(&tray, &self.tray)
        tray.reset()
        var held: [Push] = [], starts: [(push: Int64, at: SimTime)] = []
        swap(&held, &heldUntilUnlock); swap(&starts, &extensionStarts)
        held.removeAll(keepingCapacity: true); starts.removeAll(keepingCapacity: true)
        self = prototype
        self.tray = tray
        heldUntilUnlock = held
        extensionStarts = starts
    }

    /// A stopped app's code starts: in the background (a push or signal) or the foreground.
    mutating func startIfNeeded(_ newState: AppState) {
        if state == .notRunning { generation &+= 1; state = newState }
    }

    /// The process ends at `now` (its timers with it): the app is not running.
    mutating func end(at now: SimTime) {
        state = .notRunning
        generation &+= 1
        sessionEndsAt = now
    }
}
