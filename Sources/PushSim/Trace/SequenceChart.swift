/// `pushsim trace --format svg`: a sequence chart of one run, in the spirit of OMNeT++'s
/// sequence chart and Maelstrom's `messages.svg`.
///
/// A lane per actor (server, sender, provider, the main device, its app, each other
/// device); an arrow per push copy from its send to its arrival at the device, or a mark
/// with the outcome's name where it ended instead; pulls and their answers as arrows;
/// changes, writes, notifications, taps and timers as marks; network, screen, Doze and the
/// app's process state as lane shading; below, the client's cursor against the server's
/// over time, shaded where the client's state differs from the server's; a legend below
/// that.
///
/// Time runs left to right: runs are long and have few actors, so a wide chart keeps
/// every lane's name in one place at the left and lets the cursor panel share the time
/// axis underneath; a top-to-bottom chart of a day would need a tall page for six lanes.
/// Gaps in which nothing happens are cut (`ChartTimeAxis`): a break mark, the skipped
/// duration above it, and the time after it labelled with units.
///
/// Output is deterministic: integer coordinates, elements in trace order, so the same
/// run gives the same bytes.
public struct SequenceChart {
    /// What the chart says about the run besides its trace: the title line and the names of
    /// its parts.
    public struct Context: Sendable, Equatable {
        /// The first line, e.g. the text format's "study: variant lossy, strategy …".
        public var title: String
        public var horizon: SimTime
        /// The channel kind (e.g. `fcm`), the sender policy kind (e.g. `outbox`), the
        /// main device's platform, the strategy's name, each other device's platform.
        public var channel: String
        public var sender: String
        public var platform: String
        public var strategy: String
        public var otherPlatforms: [String]

        public init(title: String, horizon: SimTime, channel: String, sender: String, platform: String, strategy: String,
                    otherPlatforms: [String] = []) {
            self.title = title; self.horizon = horizon; self.channel = channel; self.sender = sender
            self.platform = platform; self.strategy = strategy; self.otherPlatforms = otherPlatforms
        }

        /// The context of run `run` of `scenario`: its variant's channel, sender, device and
        /// recipient (or the scenario's).
        public init(scenario: Scenario, run: Simulation.RunID, title: String) {
            let variant = scenario.variants[run.variant]
            let recipient = variant.recipient ?? scenario.recipient
            self.init(title: title, horizon: .zero + scenario.horizon, channel: type(of: variant.channel).kind,
                      sender: type(of: variant.sender ?? scenario.sender).kind,
                      platform: (variant.device ?? scenario.device).platform.rawValue, strategy: scenario.strategies[run.strategy].name,
                      otherPlatforms: recipient.otherDevices.map(\.platform.rawValue))
        }
    }

    /// The SVG document of `trace`.
    /// - Complexity: O(n log n) in the number of records.
    public static func svg(_ trace: RunTrace, context: Context) -> String {
        var chart = SequenceChart(trace, context: context)
        return chart.render()
    }

    static let right = 100, minimumWidth = 1100
    static let titleY = 22, laneTop = 78, panelHeight = 150

    let context: Context
    let model: ChartModel
    let axis: ChartTimeAxis
    let lanes: [ChartLane]
    /// The x of time 0: room for the longest lane name (about 7 px per character).
    let left: Int
    var svg = SVGDocument()

    init(_ trace: RunTrace, context: Context) {
        self.context = context
        model = ChartModel(trace, horizon: context.horizon)
        axis = ChartTimeAxis(times: model.times, horizon: context.horizon)
        let longest = model.endings.filter { !$0.atDevice }.map { $0.outcome.count + 4 }.max() ?? 0
        lanes = ChartLane.layout(top: Self.laneTop, context: context, otherDevices: max(model.otherDevices, context.otherPlatforms.count),
                                 outcomeLabel: longest)
        left = max(150, 24 + 7 * (lanes.map(\.name.count).max() ?? 0))
    }

    /// The lane `id` (the main device's for an unknown one).
    func lane(_ id: ChartLane.ID) -> ChartLane { lanes.first { $0.id == id } ?? lanes[3] }

    /// The x of `t` on the page.
    func x(_ t: SimTime) -> Int { left + axis.x(t) }

    var lanesBottom: Int { lanes.last.map { $0.y + $0.below } ?? Self.laneTop }
    var axisY: Int { lanesBottom + 6 }
    var panelTop: Int { axisY + 44 }
    var panelBottom: Int { panelTop + Self.panelHeight }
    var legendTop: Int { panelBottom + 46 }
    var width: Int { max(Self.minimumWidth, left + axis.width + Self.right) }

    /// Draws everything, back to front.
    mutating func render() -> String {
        svg.text(12, Self.titleY, context.title, "title")
        let threshold = ChartTimeAxis.shortDuration(axis.breakThreshold)
        let note = axis.breaks.isEmpty ? "time runs left to right, linear"
            : "time runs left to right; gaps longer than \(threshold) in which nothing happens are cut (break marks, skipped time above them)"
        svg.text(12, Self.titleY + 18, note, "note")
        drawBreaks()
        drawPeriods()
        drawGrid()
        drawLanes()
        drawHandoffs()
        drawCopies()
        drawEndings()
        drawPulls()
        drawMarks()
        drawAxis()
        drawPanel()
        drawLegend()
        return svg.document(width: width, height: height, title: context.title, style: Self.style, defs: Self.defs)
    }
}
