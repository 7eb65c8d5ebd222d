import Foundation
import Testing
@testable import PushSim

/// Client strategies that no reference scenario exercises, each pinned by the situation it
/// exists for.
@Suite struct StrategyTests {
    /// A change while the device is offline is dropped by the `lossy` channel; only a pull
    /// at the reconnect brings it.
    @Test("hintPullReconnectSync pulls at the reconnect and converges where hintPull stays stale")
    func reconnectSyncPullsAtReconnect() throws {
        let s = try EdgeCaseTests.scenario(server: #"{"keys": 1, "retainLast": 10, "changes": [{"count": 1, "start": "15m"}]}"#,
                                           device: #"{"offline": [{"from": "10m", "to": "20m"}]}"#, channel: #"{"kind": "lossy"}"#,
                                           strategies: #"["hintPull", "hintPullReconnectSync"]"#, horizon: "1h", replications: 3)
        let cs = summarize(s)
        let plain = cell(cs, "v", "hintPull"), reconnect = cell(cs, "v", "hintPullReconnectSync")
        #expect(plain.total("dropped_device_offline") == 3 && plain.converged == 0)
        #expect(reconnect.converged == 3 && reconnect.mean("pulls") == 1)
        let o = s.outcome("v", "hintPullReconnectSync", replication: 0)
        #expect(o.convergenceTime == .minutes(5), "stale from 15 min until the reconnect at 20 min")
    }
}
