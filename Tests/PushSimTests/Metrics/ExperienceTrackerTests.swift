import Testing
@testable import PushSim

/// A time `s` seconds after the start.
private func sec(_ s: Double) -> SimTime { .zero + .microseconds(Int64(s * 1_000_000)) }

/// A hand-built run: the server's changes and the client's writes in time order, fed to an
/// `ExperienceTracker` the way the world feeds it.
private struct Timeline {
    var tracker: ExperienceTracker
    var server: [Int64]
    var client: [Int64]
    var head: Int64 = 0

    init(keys: Int, foreground: Bool = false) {
        tracker = ExperienceTracker(keys: keys, foreground: foreground)
        server = Array(repeating: 0, count: keys)
        client = server
    }

    /// The server commits the next change to `key`; returns its sequence number (= value).
    @discardableResult
    mutating func change(_ key: Int32, at t: Double, notify: Bool = false) -> Int64 {
        head += 1
        tracker.serverChanged(key: key, sequence: head, previous: server[Int(key)], at: sec(t), notify: notify)
        server[Int(key)] = head
        observe(t)
        return head
    }

    mutating func write(_ key: Int32, _ value: Int64, at t: Double) {
        tracker.clientWrote(key: key, old: client[Int(key)], new: value, at: sec(t))
        client[Int(key)] = value
        observe(t)
    }

    var foreground = false
    mutating func foreground(_ on: Bool, at t: Double) { foreground = on; observe(t) }

    mutating func observe(_ t: Double) { tracker.observe(at: sec(t), foreground: foreground, stale: server != client) }

    mutating func show(_ key: Int32, value: Int64, at t: Double) -> SimDuration? {
        tracker.notificationShown(value: value, serverValue: server[Int(key)], at: sec(t))
    }

    mutating func outcome(at horizon: Double) -> ExperienceOutcome {
        tracker.outcome(horizon: sec(horizon), foreground: foreground, stale: server != client)
    }
}

@Suite("ExperienceTracker")
struct ExperienceTrackerTests {
    @Test("one change reflected exactly 3 s later: freshness 3 s (p50 = p95 = max)")
    func oneChangeThreeSeconds() {
        var t = Timeline(keys: 1)
        let s = t.change(0, at: 10)
        t.write(0, s, at: 13)
        let o = t.outcome(at: 60)
        #expect(o.changes == 1 && o.reflected == 1 && o.neverReflected == 0)
        #expect(o.freshnessP50 == .seconds(3) && o.freshnessP95 == .seconds(3) && o.freshnessMax == .seconds(3))
        #expect(o.regressions == 0)
    }

    @Test("a later state reflects the changes it supersedes; an unreflected change counts as never reflected")
    func supersededAndNeverReflected() {
        var t = Timeline(keys: 2)
        t.change(0, at: 1)            // s1
        let s2 = t.change(0, at: 2)   // s2 supersedes s1
        t.change(1, at: 3)            // s3, never reflected
        t.write(0, s2, at: 5)         // reflects s1 (4 s) and s2 (3 s)
        let o = t.outcome(at: 10)
        #expect(o.changes == 3 && o.reflected == 2 && o.neverReflected == 1)
        #expect(o.freshnessP50 == .microseconds(3_500_000))   // interpolated between 3 s and 4 s
        #expect(o.freshnessP95 == .microseconds(3_950_000))
        #expect(o.freshnessMax == .seconds(4))
    }

    @Test("reflecting an older change does not reflect a newer one; a change is reflected once")
    func olderDoesNotReflectNewer() {
        var t = Timeline(keys: 1)
        let s1 = t.change(0, at: 1)
        let s2 = t.change(0, at: 2)
        t.write(0, s1, at: 4)   // s1: 3 s
        t.write(0, s1, at: 5)   // nothing new
        t.write(0, s2, at: 7)   // s2: 5 s
        let o = t.outcome(at: 10)
        #expect(o.reflected == 2 && o.freshnessMax == .seconds(5) && o.freshnessP50 == .seconds(4))
    }

    @Test("a regression (older value over newer) is counted once; erasing the state is not one")
    func regressions() {
        var t = Timeline(keys: 1)
        let s1 = t.change(0, at: 1), s2 = t.change(0, at: 2)
        t.write(0, s2, at: 3)
        t.write(0, s1, at: 4)   // regression
        t.write(0, s2, at: 5)
        t.write(0, 0, at: 6)    // reinstall: not a regression
        t.write(0, s1, at: 7)   // from 0: not a regression
        let o = t.outcome(at: 10)
        #expect(o.regressions == 1)
        #expect(o.reflected == 2 && o.freshnessMax == .seconds(2), "s1 reflected at 3 s by s2")
    }

    @Test("stale-screen time counts only foreground time with a stale state")
    func staleScreen() {
        var t = Timeline(keys: 1)
        t.foreground(true, at: 10)
        let s1 = t.change(0, at: 20)     // stale from 20 s
        t.write(0, s1, at: 25)           // fresh again: 5 s stale
        t.change(0, at: 65)              // stale from 65 s …
        t.foreground(false, at: 70)      // … until the app leaves the foreground: 5 s more
        let o = t.outcome(at: 100)       // stale in the background: not counted
        #expect(o.foreground == .seconds(60))
        #expect(o.staleScreen == .seconds(10))
        #expect(o.staleScreenFraction == 10.0 / 60.0)
    }

    @Test("a run that starts and ends in the foreground counts up to the horizon")
    func foregroundToTheHorizon() {
        var t = Timeline(keys: 1, foreground: true)
        t.foreground = true
        t.change(0, at: 30)
        let o = t.outcome(at: 50)
        #expect(o.foreground == .seconds(50) && o.staleScreen == .seconds(20))
    }

    @Test("notifications: stale with its staleness, duplicates, and notifiable changes never displayed")
    func notifications() {
        var t = Timeline(keys: 2)
        let picked = t.change(0, at: 100, notify: true)
        let out = t.change(0, at: 130, notify: true)
        t.change(1, at: 140, notify: false)
        #expect(t.show(0, value: out, at: 131) == nil)               // current: not stale
        #expect(t.show(0, value: picked, at: 137) == .seconds(7))    // superseded at 130 s
        #expect(t.show(0, value: out, at: 150) == nil)               // a duplicate of the first
        let delivered = t.change(0, at: 200, notify: true)
        #expect(t.show(0, value: out, at: 260) == .seconds(60))      // "out for delivery" after delivered: a duplicate too
        _ = delivered
        let o = t.outcome(at: 300)
        #expect(o.notificationsShown == 4 && o.notificationsStale == 2)
        #expect(o.notificationStalenessMax == .seconds(60) && o.notificationStalenessMean == .microseconds(33_500_000))
        #expect(o.notificationsDuplicate == 2)
        #expect(o.notificationsNeverDisplayed == 1, "delivered was never shown; key 1's change is not meant to notify")
    }

    @Test("the largest notification staleness is the largest of the run, not the last one's")
    func stalenessMaximum() {
        var t = Timeline(keys: 1)
        let s1 = t.change(0, at: 100, notify: true)
        let s2 = t.change(0, at: 110, notify: true)
        t.change(0, at: 200, notify: true)
        #expect(t.show(0, value: s1, at: 140) == .seconds(30))      // superseded at 110 s
        #expect(t.show(0, value: s2, at: 205) == .seconds(5))       // superseded at 200 s
        let o = t.outcome(at: 300)
        #expect(o.notificationStalenessMax == .seconds(30) && o.notificationStalenessMean == .microseconds(17_500_000))
    }

    @Test("random timelines against a brute-force reference (2,000 seeds)")
    func randomAgainstReference() {
        for seed in UInt64(1)...2_000 {
            var rng = SplitMix64(state: seed)
            let keys = Int32(1 + rng.below(3))
            var t = Timeline(keys: Int(keys))
            var commits: [(time: Int64, key: Int32)] = []          // index s − 1
            var writes: [(time: Int64, key: Int32, value: Int64)] = []
            var now = 0.0
            for _ in 0..<Int(rng.below(40)) {
                now += Double(rng.below(5))
                let key = Int32(rng.below(UInt64(keys)))
                if rng.percent(40) {
                    t.change(key, at: now)
                    commits.append((sec(now).microseconds, key))
                } else {
                    // a value of this key: any committed one (old ones too), or 0
                    let mine = commits.indices.filter { commits[$0].key == key }.map { Int64($0 + 1) }
                    let value = mine.isEmpty || rng.percent(10) ? 0 : mine[Int(rng.below(UInt64(mine.count)))]
                    t.write(key, value, at: now)
                    writes.append((sec(now).microseconds, key, value))
                }
            }
            let o = t.outcome(at: now + 1)
            var expected: [Int64] = []
            for (i, c) in commits.enumerated() {
                if let w = writes.first(where: { $0.time >= c.time && $0.key == c.key && $0.value >= Int64(i + 1) }) {
                    expected.append(w.time - c.time)
                }
            }
            var regressions = 0, last = [Int64](repeating: 0, count: Int(keys))
            for w in writes {
                if w.value != 0 && w.value < last[Int(w.key)] { regressions += 1 }
                last[Int(w.key)] = w.value
            }
            expected.sort()
            #expect(o.changes == commits.count && o.reflected == expected.count, "seed \(seed)")
            #expect(o.freshnessMax == expected.last.map { SimDuration(microseconds: $0) }, "seed \(seed)")
            #expect(o.freshnessP50 == ExperienceTracker.quantile(expected, 0.5), "seed \(seed)")
            #expect(o.regressions == regressions, "seed \(seed)")
        }
    }
}
