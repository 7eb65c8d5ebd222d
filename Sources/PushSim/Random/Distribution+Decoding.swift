import Foundation

/// Strict JSON decoding of `Distribution`.
///
/// Shape: `{"kind": "<kind>", <that kind's parameters>}`; parameter names are exactly the
/// case labels (`value`; `min`, `max`; `mean`; `mu`, `sigma`; `shape`, `scale`; `p`;
/// `weights`, `values`). Every parameter is required except `discrete`'s `values`;
/// `empirical` takes either `values` or `file` (a CSV of samples, `SampleFile`, relative to
/// the scenario file's folder; `column` names its column when it has more than one), and
/// `interpolate` (default false).
///
/// Errors (all `DecodingError`, with the JSON path of the offending value):
/// - `"kind"` missing, or not one of `Distribution.kinds` (the message lists them all);
/// - a key the kind does not take (path ends at that key);
/// - a parameter out of range: probability outside [0, 1], a non-positive mean, sigma,
///   shape or scale, min > max, a non-finite number, negative or all-zero weights, a
///   `values` count different from the `weights` count (path ends at the parameter);
/// - `empirical` with both `values` and `file` or neither, no values, a non-finite value, or
///   a sample file that cannot be read (the message names that file, row and column).
extension Distribution: Decodable {
    /// Decodes and validates a distribution object (see the extension's documentation).
    public init(from decoder: any Decoder) throws {
        try self.init(from: decoder, extraKeys: [])
    }

    /// The parameter names of `kind`, in declaration order (`nil` for an unknown kind).
    static func parameterNames(of kind: String) -> [String]? {
        switch kind {
        case "constant": ["value"]
        case "uniform", "uniformInt": ["min", "max"]
        case "exponential": ["mean"]
        case "lognormal": ["mu", "sigma"]
        case "gamma", "pareto": ["shape", "scale"]
        case "weibull": ["scale", "shape"]
        case "bernoulli": ["p"]
        case "discrete": ["weights", "values"]
        case "empirical": ["values", "file", "column", "interpolate"]
        default: nil
        }
    }

    /// Decodes a distribution object that may also carry `extraKeys` (which the caller
    /// decodes itself, e.g. `"unit"` for `DurationDistribution`).
    init(from decoder: any Decoder, extraKeys: [String]) throws {
        let c = try decoder.container(keyedBy: AnyCodingKey.self)
        let kindKey = AnyCodingKey("kind")
        let validKinds = Self.kinds.map(\.kind).joined(separator: ", ")
        guard c.contains(kindKey) else {
            throw decoder.invalid("a distribution needs \"kind\", one of: \(validKinds)")
        }
        let kind = try c.decode(String.self, forKey: kindKey)
        guard let parameters = Self.parameterNames(of: kind) else {
            let near = Suggestion.separator(for: kind, among: Self.kinds.map(\.kind))
            throw c.invalid(kindKey, "unknown distribution kind \"\(kind)\"\(near)expected one of: \(validKinds)")
        }
        try decoder.rejectUnknownKeys(allowed: ["kind"] + parameters + extraKeys)

        func key(_ name: String) -> AnyCodingKey { AnyCodingKey(name) }
        func finite(_ name: String) throws -> Double {
            let v = try c.decode(Double.self, forKey: key(name))
            guard v.isFinite else { throw c.invalid(key(name), "expected a finite number, got \(v)") }
            return v
        }
        func integer(_ name: String) throws -> Int {
            if let v = try? c.decode(Int.self, forKey: key(name)) { return v }
            // Foundation reports 1.5-as-Int as invalid JSON with no path; say it ourselves.
            let v = try c.decode(Double.self, forKey: key(name))
            throw c.invalid(key(name), "expected an integer, got \(v)")
        }
        switch kind {
        case "constant":
            self = .constant(value: try finite("value"))
        case "uniform":
            self = .uniform(min: try finite("min"), max: try finite("max"))
        case "uniformInt":
            self = .uniformInt(min: try integer("min"), max: try integer("max"))
        case "exponential":
            self = .exponential(mean: try c.decodePositive(key("mean")))
        case "lognormal":
            self = .lognormal(mu: try finite("mu"), sigma: try c.decodePositive(key("sigma")))
        case "gamma":
            self = .gamma(shape: try c.decodePositive(key("shape")), scale: try c.decodePositive(key("scale")))
        case "weibull":
            self = .weibull(scale: try c.decodePositive(key("scale")), shape: try c.decodePositive(key("shape")))
        case "pareto":
            self = .pareto(shape: try c.decodePositive(key("shape")), scale: try c.decodePositive(key("scale")))
        case "bernoulli":
            self = .bernoulli(p: try c.decodeProbability(key("p")))
        case "discrete":
            let weights = try c.decode([Double].self, forKey: key("weights"))
            let values = try c.decodeOptional([Double].self, forKey: key("values"))
            if let problem = DiscreteTable.problem(weights: weights, values: values) {
                throw c.invalid(key(problem.name), problem.reason)
            }
            guard let table = DiscreteTable(weights: weights, values: values) else {
                throw c.invalid(key("weights"), "GSL could not build a discrete table from these weights")
            }
            self = .discrete(table)
        case "empirical":
            self = .empirical(try Self.empirical(c, decoder))
        default:
            preconditionFailure("parameterNames(of:) and the decoder disagree about kind \(kind)")
        }
        // Cross-parameter rules (min <= max, uniformInt span), stated once in invalidParameter.
        if let problem = invalidParameter {
            throw c.invalid(key(problem.name), problem.reason)
        }
    }
}

extension Distribution {
    /// The table of an `empirical` object (see the decoding extension's documentation).
    private static func empirical(_ c: KeyedDecodingContainer<AnyCodingKey>, _ decoder: any Decoder) throws -> EmpiricalTable {
        let (valuesKey, fileKey, columnKey) = (AnyCodingKey("values"), AnyCodingKey("file"), AnyCodingKey("column"))
        let interpolate = try c.decodeOptional(Bool.self, forKey: AnyCodingKey("interpolate")) ?? false
        let samples: [Double]
        switch (c.contains(valuesKey), c.contains(fileKey)) {
        case (true, true): throw c.invalid(fileKey, "give either \"values\" or \"file\", not both")
        case (false, false): throw decoder.invalid("an empirical distribution needs \"values\" (a list of samples) or \"file\" (a CSV of them)")
        case (true, false):
            if c.contains(columnKey) { throw c.invalid(columnKey, "\"column\" names a column of \"file\"; these samples are listed in \"values\"") }
            samples = try c.decode([Double].self, forKey: valuesKey)
            if let problem = EmpiricalTable.problem(samples: samples) { throw c.invalid(valuesKey, problem) }
        case (false, true):
            let file = try c.decode(String.self, forKey: fileKey)
            let column = try c.decodeOptional(String.self, forKey: columnKey)
            do {
                samples = try SampleFile.read(file, column: column, relativeTo: decoder.userInfo[SampleFile.directoryKey] as? URL,
                                              log: decoder.userInfo[SampleFile.logKey] as? SampleFile.Log)
            } catch {
                throw c.invalid(fileKey, error.description)
            }
        }
        guard let table = EmpiricalTable(samples: samples, interpolate: interpolate, file: try c.decodeOptional(String.self, forKey: fileKey)) else {
            preconditionFailure("EmpiricalTable.problem accepted samples the table refuses")
        }
        return table
    }
}
