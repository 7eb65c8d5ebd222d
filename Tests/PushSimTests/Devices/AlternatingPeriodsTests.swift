import Foundation
import Testing
@testable import PushSim
import SimKernel

/// `device.connectivity`'s drawn periods: online then offline in turn from t = 0 (offline
/// first with `startOffline`), each at least 1 µs, up to the horizon. With fixed lengths the
/// offline periods follow from the rule alone.
@Suite struct AlternatingPeriodsTests {
    static func periods(_ json: String, until seconds: Int64) throws -> [Period] {
        let spec = try JSONDecoder().decode(AlternatingPeriods.self, from: Data(json.utf8))
        let stream = RandomStreams(generator: .default, seed: 1, replication: 0).stream("device.connectivity")
        return spec.draw(until: .zero + .seconds(seconds), random: stream)
    }

    static func p(_ from: Int64, _ to: Int64) -> Period { Period(from: .seconds(from), to: .seconds(to)) }

    @Test("online 10 s, offline 5 s: offline at [10, 15), [25, 30), [40, 45) within 50 s")
    func startsOnline() throws {
        #expect(try Self.periods(#"{"online": "10s", "offline": "5s"}"#, until: 50) == [Self.p(10, 15), Self.p(25, 30), Self.p(40, 45)])
    }

    @Test("startOffline: offline first, at [0, 5), [15, 20), [30, 35), [45, 50) within 50 s")
    func startsOffline() throws {
        #expect(try Self.periods(#"{"online": "10s", "offline": "5s", "startOffline": true}"#, until: 50)
                == [Self.p(0, 5), Self.p(15, 20), Self.p(30, 35), Self.p(45, 50)])
    }

    @Test("a period of length 0 in JSON, or an online mean under 1 s, is refused")
    func refused() {
        #expect(throws: (any Error).self) { try Self.periods(#"{"online": "500ms", "offline": "5s"}"#, until: 50) }
        #expect(throws: (any Error).self) { try JSONDecoder().decode(Period.self, from: Data(#"{"from": "1h", "to": "1h"}"#.utf8)) }
        #expect((try? JSONDecoder().decode(Period.self, from: Data(#"{"from": "1h", "to": "1h1us"}"#.utf8))) == Self.p(3600, 3600) + 1)
    }
}

private extension Period {
    static func + (p: Period, microseconds: Int64) -> Period { Period(from: p.from, to: p.to + .microseconds(microseconds)) }
}
