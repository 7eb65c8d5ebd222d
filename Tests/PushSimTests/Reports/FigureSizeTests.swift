import Testing
@testable import PushSim

/// `--figure-size`: column (3.5 in), text (7 in) or WxH in inches, within range.
@Suite struct FigureSizeTests {
    @Test("column and text are 3.5 and 7 in wide with the height from the layout; WxH gives both")
    func parses() throws {
        #expect(FigureSize(parsing: "column") == FigureSize(width: 3.5, height: nil))
        #expect(FigureSize(parsing: "text") == FigureSize(width: 7, height: nil))
        let given = try #require(FigureSize(parsing: "3.5x2.6"))
        #expect(given.width == 3.5 && given.height == 2.6)
        #expect(FigureSize(parsing: "7X4")?.height == 4)
        #expect(FigureSize.column.description == "column" && FigureSize.text.description == "text" && given.description == "3.5x2.6")
    }

    @Test("anything else, or a size out of range, is refused", arguments: ["", "wide", "3.5", "3.5x", "x2", "3.5x2.6x1", "1x2", "41x2",
                                                                           "3x1", "3x41", "nanx3", "3xinf", "-3x2", "3.5in", "3,5x2"])
    func refuses(_ text: String) {
        #expect(FigureSize(parsing: text) == nil, "\(text)")
    }
}
