extension OrderedJSON {
    /// A distribution object as scenario files write it: `{"kind": …, <its parameters>}`.
    public init(distribution d: Distribution) {
        self = .object([Member("kind", .string(d.kind))] + Self.parameters(of: d))
    }

    /// A duration distribution as scenario files write it: a constant in microseconds as a
    /// duration string (`"0s"`), anything else as its distribution object plus `"unit"`
    /// (`{"kind": "uniform", "min": 0, "max": 15, "unit": "m"}`).
    public init(_ d: DurationDistribution) {
        if case .constant(let v) = d.distribution, d.unit == "us", v == v.rounded(), v >= 0, v < 9e15 {
            self = .string(SimDuration(microseconds: Int64(v)).durationText)
            return
        }
        var members = [Member("kind", .string(d.distribution.kind))]
        members += Self.parameters(of: d.distribution)
        members.append(Member("unit", .string(d.unit)))
        self = .object(members)
    }

    /// The distribution's parameters by their JSON names, read from the case's payload
    /// (`Distribution.parameterNames(of:)` gives names and order; the payload's labels match).
    private static func parameters(of d: Distribution) -> [Member] {
        if case .discrete(let table) = d {
            return [Member("weights", .array(table.weights.map { .number($0) })), Member("values", .array(table.values.map { .number($0) }))]
        }
        if case .empirical(let table) = d {
            return [Member("values", .array(table.samples.map { .number($0) })), Member("interpolate", .bool(table.interpolate))]
        }
        let names = Distribution.parameterNames(of: d.kind) ?? []
        guard let payload = Mirror(reflecting: d).children.first?.value else { return [] }
        let fields = Mirror(reflecting: payload).children
        let values: [Any] = fields.isEmpty ? [payload] : fields.map(\.value)
        return zip(names, values).map { name, value in
            switch value {
            case let x as Double: Member(name, .number(x))
            case let n as Int: Member(name, .number(Double(n)))
            default: Member(name, .string("\(value)"))
            }
        }
    }
}
