/// A small SVG writer: elements appended in order, integer coordinates, text escaped. Equal
/// calls give equal bytes (attributes in the order given, no floating-point formatting).
struct SVGDocument {
    private(set) var body = ""

    /// An element with attributes in the given order; `text` (escaped) as its content, or
    /// self-closing when nil.
    mutating func element(_ name: String, _ attributes: [(String, String)], text: String? = nil) {
        body += "<" + name
        for (key, value) in attributes { body += " \(key)=\"\(Self.escaped(value))\"" }
        if let text { body += ">" + Self.escaped(text) + "</\(name)>\n" } else { body += "/>\n" }
    }

    /// Opens a group (`<g>`) with attributes; close it with `close("g")`.
    mutating func open(_ name: String, _ attributes: [(String, String)] = []) {
        body += "<" + name
        for (key, value) in attributes { body += " \(key)=\"\(Self.escaped(value))\"" }
        body += ">\n"
    }

    mutating func close(_ name: String) { body += "</\(name)>\n" }

    /// Raw markup, e.g. a `<defs>` block written by hand (must already be valid XML).
    mutating func raw(_ markup: String) { body += markup }

    mutating func line(_ x1: Int, _ y1: Int, _ x2: Int, _ y2: Int, _ style: String) {
        element("line", [("x1", "\(x1)"), ("y1", "\(y1)"), ("x2", "\(x2)"), ("y2", "\(y2)"), ("class", style)])
    }

    mutating func rect(_ x: Int, _ y: Int, _ width: Int, _ height: Int, _ style: String) {
        element("rect", [("x", "\(x)"), ("y", "\(y)"), ("width", "\(max(0, width))"), ("height", "\(max(0, height))"), ("class", style)])
    }

    mutating func circle(_ x: Int, _ y: Int, _ r: Int, _ style: String) {
        element("circle", [("cx", "\(x)"), ("cy", "\(y)"), ("r", "\(r)"), ("class", style)])
    }

    /// A polyline through `points` (at least two).
    mutating func polyline(_ points: [(Int, Int)], _ style: String, marker: String? = nil) {
        var attributes = [("points", points.map { "\($0.0),\($0.1)" }.joined(separator: " ")), ("class", style)]
        if let marker { attributes.append(("marker-end", "url(#\(marker))")) }
        element("polyline", attributes)
    }

    /// A closed path of straight segments through `points`.
    mutating func polygon(_ points: [(Int, Int)], _ style: String) {
        element("polygon", [("points", points.map { "\($0.0),\($0.1)" }.joined(separator: " ")), ("class", style)])
    }

    /// Text at (x, y) (the baseline); `anchor` start, middle or end; `rotate` in degrees
    /// about (x, y), negative turning it counter-clockwise.
    mutating func text(_ x: Int, _ y: Int, _ content: String, _ style: String, anchor: String = "start", rotate: Int = 0) {
        var attributes = [("x", "\(x)"), ("y", "\(y)"), ("class", style)]
        if anchor != "start" { attributes.append(("text-anchor", anchor)) }
        if rotate != 0 { attributes.append(("transform", "rotate(\(rotate) \(x) \(y))")) }
        element("text", attributes, text: content)
    }

    /// The whole document: `width` × `height` px, a `<title>`, the style sheet, the body.
    func document(width: Int, height: Int, title: String, style: String, defs: String) -> String {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            + "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\">\n"
            + "<title>\(Self.escaped(title))</title>\n<style>\n\(style)</style>\n<defs>\n\(defs)</defs>\n"
            + "<rect x=\"0\" y=\"0\" width=\"\(width)\" height=\"\(height)\" fill=\"#ffffff\"/>\n" + body + "</svg>\n"
    }

    /// `s` safe as XML text or an attribute value: `& < > " '` as entities, control
    /// characters other than tab and line feed (not allowed in XML 1.0) as U+FFFD.
    static func escaped(_ s: String) -> String {
        var out = ""
        for u in s.unicodeScalars {
            switch u {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t", "\n": out.unicodeScalars.append(u)
            case _ where u.value < 0x20 || (0xFFFE...0xFFFF).contains(u.value): out += "\u{FFFD}"
            default: out.unicodeScalars.append(u)
            }
        }
        return out
    }
}
