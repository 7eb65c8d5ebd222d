import Foundation
import Testing
@testable import PushSim

/// `AppSpec.sessions(until:random:)` (docs/model.md, `device.app`): `foreground` opens last
/// `sessionLength`, listed `sessions` keep their own length, drawn `opens` come at gaps
/// from t = 0 with their drawn lengths; all of them, sorted by start, are what the
/// timeline schedules.
@Suite struct AppSessionsTests {
    static let app = #"""
    , "device": {"app": {"foreground": ["30m", "5m"], "sessionLength": "7m",
                          "sessions": [{"at": "10m", "length": "2m"}, {"at": "1m", "length": "3m"}],
                          "opens": {"gap": {"kind": "uniform", "min": 4, "max": 6, "unit": "m"}, "session": "30s"}}}
    """#

    @Test("foreground opens last sessionLength, listed sessions their own length, drawn opens theirs; all in start order")
    func sessionsInStartOrder() throws {
        let spec = try minimalScenario(horizon: "1h", more: Self.app).device.app
        let all = spec.sessions(until: .zero + .hours(1), random: RandomStream(type: GeneratorType.named("mt19937")!, seed: 3))
        #expect(zip(all, all.dropFirst()).allSatisfy { $0.at <= $1.at }, "in start order: \(all.map(\.at))")
        let foreground = all.filter { $0.at == .minutes(5) || $0.at == .minutes(30) }
        #expect(foreground.contains(Session(at: .minutes(5), length: .minutes(7))))
        #expect(foreground.contains(Session(at: .minutes(30), length: .minutes(7))), "sessionLength, not the 1 min default")
        #expect(all.contains(Session(at: .minutes(1), length: .minutes(3))) && all.contains(Session(at: .minutes(10), length: .minutes(2))))
        let drawn = all.filter { $0.length == .seconds(30) }.map(\.at)
        let gaps = zip([.zero] + drawn, drawn).map { $1 - $0 }
        // Gaps of 4–6 min from t = 0 over 1 h: 10 to 15 opens, each gap within its bounds.
        #expect((10...15).contains(drawn.count) && gaps.allSatisfy { $0 >= .minutes(4) && $0 <= .minutes(6) }, "\(gaps)")
        #expect(all.count == 4 + drawn.count)
    }
}
