import Foundation
import Testing
@testable import PushSim

/// `Backoff` decoding: `max` defaults to 1 h, or to `initial` when that is longer (the
/// documented default "1h, or initial if longer"); an explicit cap below `initial` is refused.
@Suite struct BackoffTests {
    static func outbox(_ backoff: String) throws -> Outbox {
        try #require(try minimalScenario(more: #", "sender": {"kind": "outbox", "backoff": \#(backoff)}"#).sender as? Outbox)
    }

    @Test("initial 2h without max: the cap becomes 2h, so every base wait is 2h")
    func capRaisedToALongInitial() throws {
        let b = try Self.outbox(#"{"initial": "2h", "jitter": 0}"#).backoff
        #expect(b.max == .hours(2))
        #expect((1...4).map { b.base(after: $0) } == Array(repeating: SimDuration.hours(2), count: 4))
    }

    @Test("initial 10m without max: the cap stays 1h (10, 20, 40, 60, 60 min)")
    func defaultCapOneHour() throws {
        let b = try Self.outbox(#"{"initial": "10m"}"#).backoff
        #expect(b.max == .hours(1))
        #expect((1...5).map { b.base(after: $0) } == [10, 20, 40, 60, 60].map { SimDuration.minutes($0) })
    }

    @Test("an explicit max below initial is refused")
    func capBelowInitialRefused() {
        #expect(throws: (any Error).self) { try Self.outbox(#"{"initial": "2h", "max": "1h"}"#) }
    }
}
