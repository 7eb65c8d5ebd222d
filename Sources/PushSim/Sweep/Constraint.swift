/// `axis op other`, with `op` one of `<`, `<=`, `==`, `!=`, `>=`, `>`; points whose two
/// axis values (numbers, or duration strings compared as durations) fail it are skipped.
public struct Constraint: Decodable, Sendable {
    public var axis: String
    public var op: String
    public var other: String

    /// `axis op other`; `op` is one of `<`, `<=`, `==`, `!=`, `>=`, `>`.
    public init(axis: String, op: String, other: String) {
        precondition(["<", "<=", "==", "!=", ">=", ">"].contains(op), "expected one of < <= == != >= >")
        self.axis = axis; self.op = op; self.other = other
    }

    enum CodingKeys: String, CodingKey, CaseIterable { case axis, op, other }

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        axis = try c.decode(String.self, forKey: .axis)
        op = try c.decode(String.self, forKey: .op)
        other = try c.decode(String.self, forKey: .other)
        guard ["<", "<=", "==", "!=", ">=", ">"].contains(op) else { throw c.invalid(.op, "expected one of < <= == != >= >") }
    }

    /// Whether the pair of values satisfies the constraint.
    public func holds(_ a: JSONValue, _ b: JSONValue) -> Bool {
        func magnitude(_ v: JSONValue) -> Double? {
            if let d = v.number { return d }
            if case let .string(s) = v, let d = try? SimDuration(parsing: s) { return Double(d.microseconds) }
            return nil
        }
        guard let x = magnitude(a), let y = magnitude(b) else { return op == "==" ? a == b : op == "!=" ? a != b : false }
        switch op {
        case "<": return x < y
        case "<=": return x <= y
        case "==": return x == y
        case "!=": return x != y
        case ">=": return x >= y
        default: return x > y
        }
    }
}
