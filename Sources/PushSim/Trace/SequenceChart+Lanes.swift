/// The chart's frame: break marks, shaded periods, grid lines, lanes and the time axis.
extension SequenceChart {
    /// A grey band per break across the lanes and the cursor panel, slanted edges, and the
    /// skipped duration above the lanes.
    mutating func drawBreaks() {
        let top = Self.laneTop - 10, bottom = panelBottom
        for b in axis.breaks {
            let x0 = left + b.x + 10, x1 = left + b.x + b.width - 10
            svg.rect(x0, top, x1 - x0, bottom - top, "break")
            for edge in [x0, x1] { svg.polyline([(edge - 3, top), (edge + 3, top - 6)], "break-edge") }
            for edge in [x0, x1] { svg.polyline([(edge - 3, bottom + 6), (edge + 3, bottom)], "break-edge") }
            svg.text((x0 + x1) / 2, top - 6, "+" + ChartTimeAxis.shortDuration(b.skipped), "small", anchor: "middle")
        }
    }

    /// Offline hatching, screen-on strips, Doze and app-state shading.
    mutating func drawPeriods() {
        for p in model.periods {
            let lane = lane(p.lane), x0 = x(p.from), x1 = x(p.to)
            switch p.shade {
            case .screenOn: svg.rect(x0, lane.y - 20, x1 - x0, 5, "shade-screenOn")
            case .offline: svg.rect(x0, lane.y - 14, x1 - x0, 28, "shade-offline")
            default: svg.rect(x0, lane.y - 14, x1 - x0, 28, "shade-\(p.shade.rawValue)")
            }
        }
    }

    /// A light vertical line per tick through the lanes and the panel.
    mutating func drawGrid() {
        for tick in axis.ticks {
            svg.line(left + tick.x, Self.laneTop - 4, left + tick.x, panelBottom, "grid")
        }
    }

    /// Each lane's line across the data and its name at the left.
    mutating func drawLanes() {
        let x0 = left, x1 = left + axis.width
        for lane in lanes {
            let cls = Self.laneClass(lane.id)
            svg.line(x0, lane.y, x1, lane.y, "lane-\(cls)")
            svg.text(left - 12, lane.y + 4, lane.name, "lane-name name-\(cls)", anchor: "end")
        }
    }

    /// The time axis under the lanes: a line, tick marks and labels (bold after a break).
    mutating func drawAxis() {
        let y = axisY
        svg.line(left, y, left + axis.width, y, "axis")
        for tick in axis.ticks {
            let tx = left + tick.x
            svg.line(tx, y, tx, y + (tick.major ? 7 : 4), "axis")
            svg.text(tx, y + 17, tick.label, tick.major ? "small major halo" : "small", anchor: "middle")
        }
        svg.text(left - 12, y + 17, "time", "small", anchor: "end")
    }
}
