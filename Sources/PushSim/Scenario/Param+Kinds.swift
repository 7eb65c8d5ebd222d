/// The kinds of parameter value, each with its strict decoder, its `pushsim list` type
/// text and its JSON Schema. Error messages are the ones `DecodingSupport` gives
/// (`expected a probability in [0, 1], got 1.5`), at the parameter's JSON path.

extension Param where Value == SimDuration {
    /// A duration string with a unit (`"30s"`, `"1h30m"`), in microseconds; `nil` default = required.
    public static func duration(_ name: String, default d: SimDuration?, range: DurationRange = .any, doc: String) -> Param {
        Param(name, type: range.positive ? "duration > 0" : "duration", unit: SimDuration.unitList, default: d,
              defaultJSON: d.map { .string($0.durationText) }, doc: doc,
              schema: .object(["$ref": .string(range.positive ? Schema.positiveDurationRef : Schema.durationRef)])) { c, key in
            let v = try c.decodeDuration(key)
            if range.positive, v <= .zero { throw c.invalid(key, "expected \(range.what) longer than 0s") }
            return v
        }
    }
}

extension Param where Value == SimDuration? {
    /// An optional duration string; absent = `nil`.
    public static func optionalDuration(_ name: String, doc: String) -> Param {
        Param(name, type: "duration", unit: SimDuration.unitList, default: .some(nil), defaultJSON: .null, doc: doc,
              schema: .object(["$ref": .string(Schema.durationRef)])) { c, key in try c.decodeDuration(key) }
    }
}

extension Param where Value == Double {
    /// A probability in [0, 1]; `nil` default = required.
    public static func probability(_ name: String, default p: Double?, doc: String) -> Param {
        Param(name, type: "probability", default: p, defaultJSON: p.map { .number($0) }, doc: doc,
              schema: .object(["type": "number", "minimum": 0, "maximum": 1])) { c, key in try c.decodeProbability(key) }
    }

    /// A finite number within `range`.
    public static func number(_ name: String, default x: Double?, range: ClosedRange<Double>, doc: String) -> Param {
        Param(name, type: "number in [\(OrderedJSON.number(range.lowerBound).compact), \(OrderedJSON.number(range.upperBound).compact)]",
              default: x, defaultJSON: x.map { .number($0) }, doc: doc,
              schema: .object(["type": "number", "minimum": .number(range.lowerBound), "maximum": .number(range.upperBound)])) { c, key in
            try c.decodeDouble(key, in: range)
        }
    }
}

extension Param where Value == Int {
    /// An integer within `range`; `nil` default = required.
    public static func integer(_ name: String, default n: Int?, range: ClosedRange<Int>, doc: String) -> Param {
        Param(name, type: "integer \(range.lowerBound) … \(range.upperBound)", default: n, defaultJSON: n.map { .number(Double($0)) },
              doc: doc, schema: .object(["type": "integer", "minimum": .number(Double(range.lowerBound)),
                                         "maximum": .number(Double(range.upperBound))])) { c, key in
            try c.decodeInt(key, in: range)
        }
    }
}

extension Param where Value == Int? {
    /// An optional integer within `range`; absent = `nil`.
    public static func optionalInteger(_ name: String, range: ClosedRange<Int>, doc: String) -> Param {
        Param(name, type: "integer \(range.lowerBound) … \(range.upperBound)", default: .some(nil), defaultJSON: .null, doc: doc,
              schema: .object(["type": "integer", "minimum": .number(Double(range.lowerBound)),
                               "maximum": .number(Double(range.upperBound))])) { c, key in
            try c.decodeInt(key, in: range)
        }
    }
}

extension Param where Value == Bool {
    /// `true` or `false`.
    public static func boolean(_ name: String, default b: Bool, doc: String) -> Param {
        Param(name, type: "boolean", default: b, defaultJSON: .bool(b), doc: doc,
              schema: .object(["type": "boolean"])) { c, key in try c.decode(Bool.self, forKey: key) }
    }

    /// The name is `boolean` (as JSON Schema's type): `bool` is a fix-it to it.
    @available(*, unavailable, renamed: "boolean(_:default:doc:)")
    public static func bool(_ name: String, default b: Bool, doc: String) -> Param { boolean(name, default: b, doc: doc) }
}

extension Param where Value: RawRepresentable & CaseIterable, Value.RawValue == String {
    /// A string naming a case of `Value`.
    /// - Throws (decoding): at the key, `unknown value "x"; valid: a, b` (with `did you
    ///   mean "…"?` before `valid` when a name is near: `Suggestion`).
    public static func enumeration(_ name: String, default e: Value, doc: String) -> Param {
        let names = Value.allCases.map(\.rawValue)
        return Param(name, type: names.map { "\"\($0)\"" }.joined(separator: " | "), default: e, defaultJSON: .string(e.rawValue),
                     doc: doc, schema: .object(["enum": .array(names.map { .string($0) })])) { c, key in
            let text = try c.decode(String.self, forKey: key)
            guard let v = Value(rawValue: text) else {
                throw c.invalid(key, "unknown value \"\(text)\"\(Suggestion.separator(for: text, among: names))valid: \(names.joined(separator: ", "))")
            }
            return v
        }
    }
}

extension Param where Value == DurationDistribution {
    /// A duration distribution: a duration string or a distribution object with a `"unit"`.
    public static func distribution(_ name: String, default d: DurationDistribution, range: DistributionRange = .any,
                                    doc: String) -> Param {
        Param(name, type: "duration distribution" + (range.positiveMean ? ", mean > 0" : ""), unit: SimDuration.unitList,
              default: d, defaultJSON: OrderedJSON(d), doc: doc,
              schema: .object(["$ref": .string(Schema.distributionRef)])) { c, key in
            let v = try c.decode(DurationDistribution.self, forKey: key)
            if range.positiveMean, v.meanDuration <= .zero {
                throw c.invalid(key, "expected \(range.what) with a mean longer than 0s")
            }
            return v
        }
    }
}

extension Param where Value == KeyPattern {
    /// A collapse-key pattern: a string of 1 to 64 bytes where `{key}` stands for the changed key.
    public static func keyPattern(_ name: String, default k: KeyPattern, doc: String) -> Param {
        Param(name, type: "string with {key}", default: k, defaultJSON: .string(k.text), doc: doc,
              schema: Schema.keyPattern) { c, key in try c.decode(KeyPattern.self, forKey: key) }
    }
}

extension Param where Value == KeyPattern? {
    /// An optional key pattern (absent = none).
    public static func optionalKeyPattern(_ name: String, doc: String) -> Param {
        Param(name, type: "string with {key}", default: .some(nil), defaultJSON: .null, doc: doc,
              schema: Schema.keyPattern) { c, key in try c.decode(KeyPattern.self, forKey: key) }
    }
}

extension Param where Value: Decodable & ParamDeclaring {
    /// An object described by `Value.params` (e.g. a transport); absent = the default.
    /// Its documented default is `{}`, every nested parameter at its own default.
    public static func object(_ name: String, default v: Value, doc: String) -> Param {
        Param(name, type: "object {\(Value.params.map(\.name).joined(separator: ", "))}", default: v, defaultJSON: .object([]),
              doc: doc, schema: Schema.object(of: Value.self), nested: Value.params) { c, key in
            try c.decode(Value.self, forKey: key)
        }
    }
}

extension Param {
    /// An object that is on unless switched off: absent = `default`, `null` = off (`nil`),
    /// an object = its values (its absent keys keep their defaults). The one kind of
    /// parameter for which `null` is a value (docs/model.md, "null").
    public static func switchableObject<T: Decodable & ParamDeclaring & Sendable>(_ name: String, _ type: T.Type, default v: T, doc: String) -> Param
    where Value == T? {
        var p = Param(name, type: "object {\(T.params.map(\.name).joined(separator: ", "))} | null (off)", default: .some(v),
                      defaultJSON: .object([]), doc: doc, schema: .object(["anyOf": [Schema.object(of: T.self), .object(["type": "null"])]]),
                      nested: T.params) { c, key in
            try c.decodeNil(forKey: key) ? nil : c.decode(T.self, forKey: key)
        }
        p.nullIsValue = true
        return p
    }
}

extension Param where Value == ErrorRates {
    /// Random provider errors: an object from each of `allowed` codes to a probability or
    /// `{rate, retryAfter}`; absent = no errors.
    public static func errorRates(_ name: String, allowed: [SendError], doc: String) -> Param {
        Param(name, type: "object {\(allowed.map(\.rawValue).joined(separator: ", "))} → probability or {rate, retryAfter}",
              default: ErrorRates(), defaultJSON: .object([]), doc: doc, schema: Schema.errorRates(allowed)) { c, key in
            try ErrorRates(from: c.superDecoder(forKey: key), allowed: allowed)
        }
    }
}

extension SimDuration {
    /// The unit names a duration string may use, for docs.
    static let unitList = SimDuration.units.map(\.name).joined(separator: "|")

    /// The duration in its largest exact unit: `"30s"`, `"3m"`, `"28d"`, `"0s"`.
    public var durationText: String {
        let us = microseconds
        guard us != 0 else { return "0s" }
        for (name, scale) in SimDuration.units.reversed() where us % scale == 0 { return "\(us / scale)\(name)" }
        return "\(us)us"
    }
}
