/// The app on the main device as the OS runs it: its state, its process, sessions, the
/// force-stop flag, the iOS background budget and a held background push, and its tray.
struct AppProcess: Sendable {
    /// App sessions started so far (`AppContext.session`).
    var sessions: Int32 = 0
    /// Counts app processes: bumped whenever the process ends, so its timers and pulls die
    /// with it.
    var generation: Int32 = 0
    /// Strategy timers set so far (the serial of the latest, 1, 2, …): a timer event
    /// carries its serial (`timerLive(tag:serial:)`).
    var timersSet: Int32 = 0
    /// Force-quit (iOS) or force-stopped (Android) and not launched since (I2, D5).
    var stopped = false
    /// The app's state (declared here, where it fills `generation`'s and `stopped`'s word).
    var state: AppState
    /// The serial of the latest timer set before the process last ended: timers up to it
    /// died with that process.
    private var timersEnded: Int32 = 0
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
    /// Per tag the strategy cancelled (`AppContext.cancelTimer(tag:)`), the serial of the
    /// latest timer the cancel took: a timer of that tag with a serial ≤ it does not fire.
    /// Empty for strategies that never cancel; emptied when the process ends.
    private var cancelledTimers: [(tag: Int32, through: Int32)] = []

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
        timersEnded = timersSet
        if !cancelledTimers.isEmpty { cancelledTimers.removeAll() }
    }

    /// Cancels the timers of `tag` with a serial ≤ `serial` (those set so far).
    /// - Complexity: O(tags cancelled in this process).
    mutating func cancelTimers(tag: Int32, through serial: Int32) {
        if let i = cancelledTimers.firstIndex(where: { $0.tag == tag }) { cancelledTimers[i].through = max(cancelledTimers[i].through, serial) }
        else { cancelledTimers.append((tag, serial)) }
    }

    /// Whether the timer of `tag` set with `serial` fires: set by the running process (so
    /// the app runs: only `end(at:)` stops it) and not cancelled.
    /// - Complexity: O(tags cancelled in this process); O(1) for a strategy that never cancels.
    func timerLive(tag: Int32, serial: Int32) -> Bool {
        guard serial > timersEnded else { return false }
        return cancelledTimers.isEmpty || !cancelledTimers.contains { $0.tag == tag && serial <= $0.through }
    }
}
