/// The physical size a figure is drawn at (`--figure-size`): a width in inches and, when
/// given, a height; without one the height follows from the figure's panels and legend.
/// Text is set at 8 pt (titles 9 pt) at this size, in the PDF and, at 150 pixels per inch,
/// in the PNG, so a figure placed at its size in a paper reads at 8–9 pt.
public struct FigureSize: Sendable, Equatable, CustomStringConvertible {
    /// Width in inches, `widths` (2 … 40).
    public let width: Double
    /// Height in inches, `heights` (1.5 … 40); nil: as the layout needs.
    public let height: Double?

    /// A paper's column (3.5 in wide).
    public static let column = FigureSize(width: 3.5, height: nil)
    /// A paper's text width (7 in wide): the default.
    public static let text = FigureSize(width: 7, height: nil)
    /// The widths accepted, in inches.
    public static let widths: ClosedRange<Double> = 2...40
    /// The heights accepted, in inches.
    public static let heights: ClosedRange<Double> = 1.5...40

    /// - Precondition: `width` in `widths`, `height` nil or in `heights`.
    public init(width: Double, height: Double?) {
        precondition(Self.widths.contains(width) && height.map(Self.heights.contains) ?? true, "a figure size out of range")
        self.width = width; self.height = height
    }

    /// `column`, `text`, or `WxH` in inches (`3.5x2.6`, `7x4`); nil for anything else or
    /// a size out of range.
    public init?(parsing text: String) {
        switch text {
        case "column": self = .column
        case "text": self = .text
        default:
            let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
            guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]), w.isFinite, h.isFinite,
                  Self.widths.contains(w), Self.heights.contains(h) else { return nil }
            self.init(width: w, height: h)
        }
    }

    /// As `--figure-size` takes it: `column`, `text` or `WxH`.
    public var description: String {
        if self == .column { return "column" }
        if self == .text { return "text" }
        return GnuplotFigure.number(width) + "x" + (height.map(GnuplotFigure.number) ?? "")
    }

    /// What the option accepts, for usage errors and help.
    public static let syntax = "column (3.5 in wide), text (7 in wide) or WxH in inches (e.g. 3.5x2.6; width 2 … 40, height 1.5 … 40)"
}
