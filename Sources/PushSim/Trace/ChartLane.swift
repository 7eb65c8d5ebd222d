/// One lane (actor) of a sequence chart, top to bottom: the server (changes), the sender
/// (provider requests; the outbox when the scenario has one), the provider (the channel:
/// storage, outcomes), the main device (network, screen, Doze, notifications), its app
/// (process state, writes, timers), then each of the recipient's other devices.
struct ChartLane: Equatable {
    enum ID: Hashable, Comparable {
        case server, sender, provider
        /// 0: the main device; 1, 2, …: the other devices (drawn below the app).
        case device(Int)
        case app

        /// Top-to-bottom order.
        var order: Int {
            switch self {
            case .server: 0
            case .sender: 1
            case .provider: 2
            case .device(0): 3
            case .app: 4
            case let .device(k): 4 + k
            }
        }

        static func < (a: ID, b: ID) -> Bool { a.order < b.order }
    }

    /// How a period is shaded on its lane.
    enum Shade: String, CaseIterable {
        /// The device had no network.
        case offline
        /// The screen was on (a strip along the top of the device lane).
        case screenOn
        /// Light Doze idle (Android): network and jobs deferred.
        case lightIdle
        /// Deep Doze idle (Android): until the next maintenance window.
        case deepIdle
        /// The app in the foreground.
        case foreground
        /// The app's process running in the background.
        case background
    }

    /// A shaded stretch of a lane.
    struct Period: Equatable {
        var lane: ID
        var shade: Shade
        var from: SimTime
        var to: SimTime
    }

    var id: ID
    var name: String
    /// The y of the lane line, and how far the lane reaches above and below it.
    var y: Int
    var above: Int
    var below: Int
    /// The lane line's colour (also what the render test looks for).
    var colour: String

    /// Lane colours, one per kind of actor, distinct from every mark colour.
    static func colour(_ id: ID) -> String {
        switch id {
        case .server: "#1b4f9c"
        case .sender: "#808000"
        case .provider: "#404040"
        case .device(0): "#33a02c"
        case .app: "#e31a8c"
        case .device: "#1f9e9e"
        }
    }

    /// The lanes of a run with `otherDevices` other devices, laid out from `top`: the
    /// provider lane has room above its line for outcome labels of up to `outcomeLabel`
    /// characters (drawn at 50°) and below it for copies held in storage; the server lane
    /// for its change labels.
    static func layout(top: Int, context: SequenceChart.Context, otherDevices: Int, outcomeLabel: Int) -> [ChartLane] {
        var ids: [ID] = [.server, .sender, .provider, .device(0), .app]
        ids += (0..<otherDevices).map { .device($0 + 1) }
        var lanes: [ChartLane] = []
        var y = top
        for id in ids {
            let (above, below) = id == .provider ? (40 + outcomeLabel * 4, 34) : id == .server ? (46, 22) : (22, 22)
            y += above
            lanes.append(ChartLane(id: id, name: name(id, context), y: y, above: above, below: below, colour: colour(id)))
            y += below
        }
        return lanes
    }

    static func name(_ id: ID, _ c: SequenceChart.Context) -> String {
        switch id {
        case .server: "server"
        case .sender: "sender (\(c.sender))"
        case .provider: "provider (\(c.channel))"
        case .device(0): "device (\(c.platform))"
        case .app: "app (\(c.strategy))"
        case let .device(k): k <= c.otherPlatforms.count ? "other device \(k) (\(c.otherPlatforms[k - 1]))" : "other device \(k)"
        }
    }
}
