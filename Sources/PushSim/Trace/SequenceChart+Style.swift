/// The chart's style sheet, arrowheads and hatch pattern: every colour in one place.
extension SequenceChart {
    /// Colours of what moves and what is marked (lane colours are `ChartLane.colour`).
    enum Colour {
        static let request = "#555555"
        static let copy = "#1f78b4"
        static let otherCopy = "#17a2b8"
        static let pull = "#238b45"
        static let ended = "#d62728"
        static let stored = "#999999"
        static let fresh = "#2ca02c"
        static let tap = "#ff7f00"
        static let write = "#444444"
        static let serverCursor = "#1b4f9c"
        static let clientCursor = "#ff7f00"
        static let staleFill = "#f9d2d2"
        static let breakFill = "#eeeeee"

        /// The colour of a copy held for `reason` (a delay reason's column name).
        static func held(_ reason: String) -> String {
            switch reason {
            case "delayed_device_doze": "#7b52ab"
            case "delayed_device_offline": "#8c8c8c"
            case "delayed_message_throttled": "#e6a000"
            default: "#a65628"
            }
        }

        static func shade(_ s: ChartLane.Shade) -> String {
            switch s {
            case .offline: "url(#hatch)"
            case .screenOn: "#ffe066"
            case .lightIdle: "#e4daf2"
            case .deepIdle: "#c3aee0"
            case .foreground: "#bfe8c0"
            case .background: "#e8f5e8"
            }
        }
    }

    static let heldReasons = ["delayed_device_doze", "delayed_device_offline", "delayed_message_throttled", "delayed_user_stopped"]

    static var style: String {
        var s = """
        text { font-family: 'DejaVu Sans', 'Liberation Sans', Arial, sans-serif; font-size: 10px; fill: #222222; }
        .title { font-size: 15px; font-weight: bold; }
        .note { font-size: 11px; fill: #555555; }
        .lane-name { font-size: 11px; font-weight: bold; }
        .small { font-size: 9px; }
        .major { font-weight: bold; }
        .tiny { font-size: 8px; fill: #444444; }
        .halo { paint-order: stroke; stroke: #ffffff; stroke-width: 3px; stroke-linejoin: round; }
        .ended-label { font-size: 9px; fill: \(Colour.ended); }
        .grid { stroke: #e4e4e4; stroke-width: 1; shape-rendering: crispEdges; }
        .axis { stroke: #666666; stroke-width: 1; shape-rendering: crispEdges; }
        .break { fill: \(Colour.breakFill); }
        .break-edge { stroke: #9a9a9a; stroke-width: 1.5; fill: none; }
        .request { stroke: \(Colour.request); stroke-width: 1; opacity: 0.6; }
        .handoff { stroke: #9a9a9a; stroke-width: 1; stroke-dasharray: 2 2; }
        .copy { stroke: \(Colour.copy); stroke-width: 1.5; fill: none; }
        .copy-other { stroke: \(Colour.otherCopy); stroke-width: 1.5; fill: none; }
        .duplicate { stroke-dasharray: 5 3; }
        .stored { stroke: \(Colour.stored); stroke-width: 1.5; stroke-dasharray: 3 2; fill: none; }
        .ended { stroke: \(Colour.ended); stroke-width: 2; }
        .pull-request { stroke: \(Colour.pull); stroke-width: 1.2; stroke-dasharray: 4 2; fill: none; }
        .pull-answer { stroke: \(Colour.pull); stroke-width: 1.2; fill: none; }
        .pull-label { font-size: 8px; fill: \(Colour.pull); }
        .change { fill: \(ChartLane.colour(.server)); }
        .send { fill: \(ChartLane.colour(.sender)); }
        .fresh { fill: \(Colour.fresh); stroke: #ffffff; stroke-width: 0.5; }
        .stale { fill: \(Colour.ended); stroke: #ffffff; stroke-width: 0.5; }
        .tap { fill: \(Colour.tap); }
        .pull-write { fill: \(Colour.write); }
        .payload-write { fill: #ffffff; stroke: \(Colour.write); stroke-width: 1.2; }
        .regression { fill: \(Colour.ended); stroke: #000000; stroke-width: 1; }
        .timer { stroke: #777777; stroke-width: 1.5; }
        .event { stroke: #333333; stroke-width: 1.5; }
        .deleted { stroke: #9467bd; stroke-width: 1.5; }
        .server-cursor { stroke: \(Colour.serverCursor); stroke-width: 2; fill: none; }
        .client-cursor { stroke: \(Colour.clientCursor); stroke-width: 2; fill: none; }
        .client-applied { stroke: \(Colour.clientCursor); stroke-width: 1.5; stroke-dasharray: 2 2; fill: none; }
        .stale-gap { fill: \(Colour.staleFill); }
        .stale-strip { fill: \(Colour.ended); }
        .panel { fill: none; stroke: #bbbbbb; stroke-width: 1; shape-rendering: crispEdges; }

        """
        for id in [ChartLane.ID.server, .sender, .provider, .device(0), .app, .device(1)] {
            s += ".lane-\(laneClass(id)) { stroke: \(ChartLane.colour(id)); stroke-width: 2; shape-rendering: crispEdges; }\n"
            s += ".name-\(laneClass(id)) { fill: \(ChartLane.colour(id)); }\n"
        }
        for shade in ChartLane.Shade.allCases { s += ".shade-\(shade.rawValue) { fill: \(Colour.shade(shade)); }\n" }
        for (i, reason) in heldReasons.enumerated() {
            s += ".held-\(i) { stroke: \(Colour.held(reason)); stroke-width: 2.5; fill: none; }\n"
        }
        return s
    }

    /// The CSS class suffix of a lane (other devices share one).
    static func laneClass(_ id: ChartLane.ID) -> String {
        switch id {
        case .server: "server"
        case .sender: "sender"
        case .provider: "provider"
        case .device(0): "device"
        case .app: "app"
        case .device: "other"
        }
    }

    /// The class of a copy held for `reason`.
    static func heldClass(_ reason: String) -> String { "held-\(heldReasons.firstIndex(of: reason) ?? 3)" }

    static var defs: String {
        var s = ""
        for (id, colour) in [("copy", Colour.copy), ("other", Colour.otherCopy), ("pull", Colour.pull), ("request", Colour.request),
                             ("deleted", "#9467bd")] {
            s += "<marker id=\"arrow-\(id)\" markerUnits=\"userSpaceOnUse\" markerWidth=\"8\" markerHeight=\"8\" refX=\"7\" refY=\"4\" orient=\"auto\">"
                + "<path d=\"M0,0 L8,4 L0,8 z\" fill=\"\(colour)\"/></marker>\n"
        }
        s += "<pattern id=\"hatch\" patternUnits=\"userSpaceOnUse\" width=\"6\" height=\"6\" patternTransform=\"rotate(45)\">"
            + "<rect width=\"6\" height=\"6\" fill=\"#eeeeee\"/><line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"6\" stroke=\"#9a9a9a\" stroke-width=\"2\"/></pattern>\n"
        return s
    }
}
