import Testing
@testable import PushSim

/// `FleetSchedule` against the obvious model: a dictionary member → time, whose next member
/// is the least (time, member). Random wakes, updates (earlier, later, removal) and pops,
/// on populations of 1 to 400 members, with buckets from one (every member in the 4-ary
/// near heap, filling several of its levels) to one per few time units, and times past the
/// horizon.
@Suite struct FleetScheduleTests {
    private struct Model {
        var times: [Int32: Int64] = [:]
        var top: (time: Int64, member: Int32)? {
            times.min { ($0.value, $0.key) < ($1.value, $1.key) }.map { ($0.value, $0.key) }
        }
    }

    @Test(arguments: [(1, 1), (2, 4), (5, 1), (6, 8), (21, 3), (22, 64), (85, 16), (86, 2), (400, 16), (400, 1)])
    func matchesTheModel(members: Int, buckets: Int) {
        let schedule = FleetSchedule(members: members, horizon: 300, buckets: buckets)
        var model = Model()
        let random = RandomStreams(generator: .philox4x32_10, seed: UInt64(members), replication: 0).stream("test")
        for step in 0 ..< 10 * members + 300 {
            let m = Int32(random.uniformInt(below: members))
            // As in a fleet run, times are now or later; few distinct ones (many ties), some
            // past the horizon.
            let t = (model.top?.time ?? 0) + Int64(random.uniformInt(below: 50))
            switch random.uniformInt(below: 4) {
            case 0:
                schedule.wake(m, at: t)
                model.times[m] = min(model.times[m] ?? .max, t)
            case 1:
                schedule.update(m, to: t)
                model.times[m] = t
            case 2:
                schedule.update(m, to: nil)
                model.times[m] = nil
            default:
                // What a fleet run does: the top member runs and moves to a later time or leaves.
                if let top = model.top {
                    #expect(schedule.next()?.member == top.member)
                    let later: Int64? = random.bernoulli(0.2) ? nil : t
                    schedule.update(top.member, to: later)
                    model.times[top.member] = later
                }
            }
            let got = schedule.next(), want = model.top
            #expect(got?.time == want?.time && got?.member == want?.member, "step \(step)")
            if got?.time != want?.time || got?.member != want?.member { return }
            let (a, b, c) = schedule.nextCandidates()
            if let top = want {
                // The member that would run next after the top (were the top to leave) is the
                // first candidate whenever the near heap holds more than the top (else it waits
                // in a bucket, and there is no candidate); the others follow it in order.
                var rest = model
                rest.times[top.member] = nil
                if let next = rest.top {
                    if schedule.nearCount > 1 { #expect(a == next.member, "step \(step)") } else { #expect((a, b, c) == (-1, -1, -1)) }
                }
                // The one after that is the second candidate (the near heap holds the
                // earliest members: the others wait in later buckets).
                if let next = rest.top {
                    rest.times[next.member] = nil
                    if schedule.nearCount > 2, let third = rest.top { #expect(b == third.member, "step \(step)") }
                }
                for (x, y) in [(a, b), (b, c)] where y >= 0 {
                    #expect(x >= 0 && (model.times[x]!, x) < (model.times[y]!, y), "step \(step)")
                }
            }
        }
        // Draining gives every member in (time, member) order.
        var drained: [(Int64, Int32)] = []
        while let top = schedule.next() { drained.append(top); schedule.update(top.member, to: nil) }
        let expected = model.times.map { ($0.value, $0.key) }.sorted { $0 < $1 }
        #expect(drained.map(\.0) == expected.map(\.0) && drained.map(\.1) == expected.map(\.1))
    }
}
