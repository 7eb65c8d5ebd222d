/// A JSON value with object members in a fixed order, for what PushSim writes as JSON
/// itself: parameter defaults in `pushsim list` and the JSON Schema of scenario files.
/// Rendering is deterministic (members in insertion order, no dictionary iteration).
public indirect enum OrderedJSON: Sendable, Equatable {
    case null
    case bool(Bool)
    /// A number; an integral value within ±2^53 is written without a fraction.
    case number(Double)
    case string(String)
    case array([OrderedJSON])
    /// Members in the order they are written.
    case object([Member])

    /// One member of an object.
    public struct Member: Sendable, Equatable {
        public var key: String
        public var value: OrderedJSON
        public init(_ key: String, _ value: OrderedJSON) { self.key = key; self.value = value }
    }

    /// An object from (key, value) pairs, in order; pairs whose value is `nil` are left out.
    public static func object(_ pairs: KeyValuePairs<String, OrderedJSON?>) -> OrderedJSON {
        .object(pairs.compactMap { key, value in value.map { Member(key, $0) } })
    }

    /// The value of member `key` of an object (`nil` for a missing key or a non-object).
    public subscript(key: String) -> OrderedJSON? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// One line, with `", "` and `": "` separators (`{"min": 0, "max": 15, "unit": "m"}`).
    public var compact: String {
        switch self {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number(let x): return Self.number(x)
        case .string(let s): return Self.quoted(s)
        case .array(let items): return "[" + items.map(\.compact).joined(separator: ", ") + "]"
        case .object(let members):
            return "{" + members.map { Self.quoted($0.key) + ": " + $0.value.compact }.joined(separator: ", ") + "}"
        }
    }

    /// Indented by two spaces per level; arrays of scalars stay on one line. No trailing newline.
    public func pretty(indent: String = "") -> String {
        let inner = indent + "  "
        switch self {
        case .array(let items) where items.contains(where: \.isContainer):
            return "[\n" + items.map { inner + $0.pretty(indent: inner) }.joined(separator: ",\n") + "\n" + indent + "]"
        case .object(let members) where !members.isEmpty:
            let lines = members.map { inner + Self.quoted($0.key) + ": " + $0.value.pretty(indent: inner) }
            return "{\n" + lines.joined(separator: ",\n") + "\n" + indent + "}"
        default:
            return compact
        }
    }

    private var isContainer: Bool {
        switch self {
        case .array, .object: true
        default: false
        }
    }

    private static func number(_ x: Double) -> String {
        if x.isFinite, x == x.rounded(), abs(x) < 9_007_199_254_740_992 { return String(Int64(x)) }
        return x.isFinite ? "\(x)" : "null"
    }

    /// A JSON string literal (the trace's escaping).
    private static func quoted(_ s: String) -> String { RunTrace.quoted(s) }
}

extension OrderedJSON: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByFloatLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: OrderedJSON...) { self = .array(elements) }
}
