/// Per-device sends in the last minute and hour (F8).
struct SlidingRateLimit: Sendable {
    private var times: [SimTime] = []
    private var head = 0

    /// Admits a send at `now` if fewer than `perMinute` in the last minute and fewer than
    /// `perHour` in the last hour were admitted.
    mutating func admit(at now: SimTime, perMinute: Int, perHour: Int) -> Bool {
        while head < times.count && times[head] <= now - .hours(1) { head += 1 }
        if head > 4096 { times.removeFirst(head); head = 0 }
        let lastHour = times.count - head
        var lastMinute = 0
        var i = times.count - 1
        while i >= head && times[i] > now - .minutes(1) { lastMinute += 1; i -= 1 }
        guard lastMinute < perMinute && lastHour < perHour else { return false }
        times.append(now)
        return true
    }
}
