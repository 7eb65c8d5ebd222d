import Foundation
@testable import PushSim

/// A scenario that only carries what a unit test reads from it: one key changed once at
/// 1 s, strategy hintPull, one variant `a` with `channel`; `more` adds top-level members
/// (`"sender": …`, `"fleet": …`, with a leading comma). Decoded as file `t.json`.
/// - Throws: the decoder's error for a bad `channel` or `more`.
func minimalScenario(channel: String = #"{"kind": "lossy"}"#, horizon: String = "60s", more: String = "") throws -> Scenario {
    let json = """
    {"name": "t", "seed": 9, "replications": 1, "horizon": "\(horizon)",
     "server": {"keys": 1, "retainLast": 4, "changes": {"count": 1, "start": "1s"}},
     "strategies": ["hintPull"], "variants": [{"name": "a", "channel": \(channel)}]\(more)}
    """
    return try Scenario.decode(Data(json.utf8), file: "t.json")
}
