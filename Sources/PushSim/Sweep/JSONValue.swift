import Foundation

/// Any JSON value, as a sweep axis carries it.
public enum JSONValue: Decodable, Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    public init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() { self = .null }
        else if let b = try? c.decode(Bool.self) { self = .bool(b) }
        else if let d = try? c.decode(Double.self) { self = .number(d) }
        else if let s = try? c.decode(String.self) { self = .string(s) }
        else if let a = try? c.decode([JSONValue].self) { self = .array(a) }
        else { self = .object(try c.decode([String: JSONValue].self)) }
    }

    /// The value as Foundation's JSON objects (for `JSONSerialization`).
    public var foundation: Any {
        switch self {
        case .null: NSNull()
        case let .bool(b): b
        case let .number(d): d == d.rounded() && abs(d) < 9e15 ? Int64(d) as Any : d as Any
        case let .string(s): s
        case let .array(a): a.map(\.foundation)
        case let .object(o): o.mapValues(\.foundation)
        }
    }

    /// A short, stable text for reports (`0.3`, `"4h"` → `4h`, objects as compact JSON with sorted keys).
    public var label: String {
        switch self {
        case .null: "null"
        case let .bool(b): b ? "true" : "false"
        case let .number(d): Self.format(d)
        case let .string(s): s
        case .array, .object:
            String(decoding: (try? JSONSerialization.data(withJSONObject: foundation, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data(),
                   as: UTF8.self)
        }
    }

    /// The number, when the value is one.
    public var number: Double? { if case let .number(d) = self { return d } else { return nil } }

    /// Integers without a decimal point; other numbers in Swift's shortest round-trip form,
    /// written without an exponent (so `1e-05` becomes `0.00001`, usable before a unit).
    public static func format(_ d: Double) -> String {
        if d == d.rounded() && abs(d) < 9e15 { return String(Int64(d)) }
        let text = String(d)
        guard text.contains("e") else { return text }
        var fixed = String(format: "%.15f", d)
        while fixed.hasSuffix("0") { fixed.removeLast() }
        return fixed.hasSuffix(".") ? String(fixed.dropLast()) : fixed
    }
}
