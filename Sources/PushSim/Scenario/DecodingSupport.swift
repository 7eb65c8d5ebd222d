/// Helpers every scenario type uses to decode strictly: unknown keys are errors, values are
/// range-checked, and each failure carries the JSON path of the offending value.
///
/// Validation failures are thrown as `DecodingError.dataCorrupted` whose coding path ends
/// at the bad value; `ScenarioError(decoding:file:)` turns them into a message such as
/// `Scenarios/x.json: $.variants[0].channel.loss: expected a probability in [0, 1], got 1.5`.

/// A coding key for any string or index; used to see every key an object actually has.
public struct AnyCodingKey: CodingKey, Hashable, Sendable {
    public var stringValue: String
    public var intValue: Int?
    public init(_ string: String) { stringValue = string; intValue = nil }
    public init?(stringValue: String) { self.init(stringValue) }
    public init?(intValue: Int) { stringValue = String(intValue); self.intValue = intValue }
}

extension Decoder {
    /// Throws when the JSON object at this decoder has a key outside `allowed`.
    /// - Throws: `DecodingError.dataCorrupted` at the first unknown key's path (in key
    ///   order), naming the nearest valid key when one is near (`Suggestion`) and every valid key.
    public func rejectUnknownKeys(allowed: [String]) throws {
        let raw = try container(keyedBy: AnyCodingKey.self)
        guard let key = raw.allKeys.filter({ !allowed.contains($0.stringValue) }).min(by: { $0.stringValue < $1.stringValue }) else { return }
        let near = Suggestion.separator(for: key.stringValue, among: allowed.sorted())
        throw DecodingError.dataCorrupted(.init(
            codingPath: codingPath + [key],
            debugDescription: "unknown key \"\(key.stringValue)\"\(near)expected one of: \(allowed.sorted().joined(separator: ", "))"))
    }

    /// `rejectUnknownKeys(allowed:)` for a `CaseIterable` coding-key enum.
    public func rejectUnknownKeys<K: CodingKey & CaseIterable>(_ keys: K.Type, also extra: [String] = []) throws {
        try rejectUnknownKeys(allowed: keys.allCases.map(\.stringValue) + extra)
    }

    /// A validation error at this decoder's own path.
    public func invalid(_ message: String) -> DecodingError {
        DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: message))
    }
}

extension KeyedDecodingContainer {
    /// A validation error at `key`'s path.
    public func invalid(_ key: Key, _ message: String) -> DecodingError {
        DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: message)
    }

    /// What a refused `null` is told (docs/model.md, "null").
    public static var nullRefused: String {
        "found null; give a value or leave the key out (null is a value only of fcm's \"downgrade\": off)"
    }

    /// Throws when `key` is present with the value `null`, which a scenario or sweep key
    /// never takes (only `fcm.downgrade`, declared by `Param.switchableObject`, does).
    public func refuseNull(_ key: Key) throws {
        if contains(key), try decodeNil(forKey: key) { throw invalid(key, Self.nullRefused) }
    }

    /// The value at `key`, or `nil` when the key is absent. Unlike Foundation's
    /// `decodeIfPresent`, which reads `null` as absent, it refuses `null` (`refuseNull`).
    public func decodeOptional<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard contains(key) else { return nil }
        try refuseNull(key)
        return try decode(T.self, forKey: key)
    }

    /// A duration string such as `"30s"` (see `SimDuration(parsing:)`).
    /// - Throws: at `key`'s path if the value is not a string or not a valid duration.
    public func decodeDuration(_ key: Key) throws -> SimDuration {
        try refuseNull(key)
        return try decode(DurationString.self, forKey: key).value
    }

    /// An optional duration string; `nil` when the key is absent.
    public func decodeDurationIfPresent(_ key: Key) throws -> SimDuration? {
        contains(key) ? try decodeDuration(key) : nil
    }

    /// A probability in [0, 1]; `defaultValue` when the key is absent (if given).
    public func decodeProbability(_ key: Key, default defaultValue: Double? = nil) throws -> Double {
        if let defaultValue, !contains(key) { return defaultValue }
        try refuseNull(key)
        let p = try decode(Double.self, forKey: key)
        guard p >= 0, p <= 1 else { throw invalid(key, "expected a probability in [0, 1], got \(p)") }
        return p
    }

    /// An integer within `range`; `defaultValue` when the key is absent (if given).
    public func decodeInt(_ key: Key, in range: ClosedRange<Int>, default defaultValue: Int? = nil) throws -> Int {
        if let defaultValue, !contains(key) { return defaultValue }
        let v = try decodeInteger(Int.self, key)
        guard range.contains(v) else {
            let upper = range.upperBound == Int.max ? "∞" : String(range.upperBound)
            throw invalid(key, "expected an integer in [\(range.lowerBound), \(upper)], got \(v)")
        }
        return v
    }

    /// An integer of type `T`. Foundation reports a fractional number decoded as an integer
    /// as "not valid JSON" with no path; this says "expected an integer" at `key` instead.
    public func decodeInteger<T: FixedWidthInteger & Decodable>(_ type: T.Type, _ key: Key) throws -> T {
        try refuseNull(key)
        if let v = try? decode(T.self, forKey: key) { return v }
        if let d = try? decode(Double.self, forKey: key) {
            throw invalid(key, "expected an integer\(T.isSigned ? "" : " ≥ 0") in range, got \(d)")
        }
        return try decode(T.self, forKey: key)
    }

    /// A finite number within `range`; `defaultValue` when the key is absent (if given).
    public func decodeDouble(_ key: Key, in range: ClosedRange<Double>, default defaultValue: Double? = nil) throws -> Double {
        if let defaultValue, !contains(key) { return defaultValue }
        try refuseNull(key)
        let v = try decode(Double.self, forKey: key)
        guard v.isFinite, range.contains(v) else {
            throw invalid(key, "expected a number in [\(range.lowerBound), \(range.upperBound)], got \(v)")
        }
        return v
    }

    /// A number that must be strictly positive and finite.
    public func decodePositive(_ key: Key, default defaultValue: Double? = nil) throws -> Double {
        if let defaultValue, !contains(key) { return defaultValue }
        try refuseNull(key)
        let v = try decode(Double.self, forKey: key)
        guard v.isFinite, v > 0 else { throw invalid(key, "expected a positive number, got \(v)") }
        return v
    }

    /// A boolean; `defaultValue` when absent.
    public func decodeBool(_ key: Key, default defaultValue: Bool) throws -> Bool {
        try decodeOptional(Bool.self, forKey: key) ?? defaultValue
    }
}

/// A duration string as a JSON value on its own (e.g. an element of a list of times).
public struct DurationString: Decodable, Sendable {
    public var value: SimDuration

    public init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        guard let text = try? c.decode(String.self) else {
            throw decoder.invalid("expected a duration string with a unit, such as \"30s\" or \"250ms\"")
        }
        do { value = try SimDuration(parsing: text) } catch { throw decoder.invalid(error.reason) }
    }
}

extension KeyedDecodingContainer {
    /// A string naming a case of `E`; `defaultValue` when absent.
    /// - Throws: at `key` when the string is not a case, listing the valid ones.
    public func decodeEnum<E: RawRepresentable & CaseIterable>(_ key: Key, default defaultValue: E) throws -> E where E.RawValue == String {
        guard let text = try decodeOptional(String.self, forKey: key) else { return defaultValue }
        guard let v = E(rawValue: text) else {
            let names = E.allCases.map(\.rawValue)
            throw invalid(key, "unknown value \"\(text)\"\(Suggestion.separator(for: text, among: names))valid: \(names.joined(separator: ", "))")
        }
        return v
    }

    /// The longest name (in UTF-8 bytes) that `decodeFolderName` accepts: a file name has at
    /// most 255 bytes on Linux and macOS (`NAME_MAX`); the rest is room for names made from it.
    public static var folderNameLimit: Int { 200 }

    /// A name that also names a results folder (`Results/<name>`): non-empty, at most
    /// `folderNameLimit` bytes, no "/", not starting with ".".
    public func decodeFolderName(_ key: Key) throws -> String {
        try refuseNull(key)
        let name = try decode(String.self, forKey: key)
        guard !name.isEmpty, !name.contains("/"), !name.hasPrefix(".") else {
            throw invalid(key, "expected a non-empty name without \"/\" that does not start with \".\" (it names the results folder)")
        }
        guard name.utf8.count <= Self.folderNameLimit else {
            throw invalid(key, "a name of \(name.utf8.count) bytes; at most \(Self.folderNameLimit) (it names the results folder, "
                               + "and a file name has at most 255 bytes)")
        }
        return name
    }

    /// A list of duration strings, sorted; empty when absent.
    public func decodeDurations(_ key: Key) throws -> [SimDuration] {
        (try decodeOptional([DurationString].self, forKey: key) ?? []).map(\.value).sorted()
    }

    /// A list of periods that must be sorted and must not overlap; empty when absent.
    /// Adjacent periods (one starts where the previous ends) are merged into one.
    public func decodePeriods(_ key: Key) throws -> [Period] {
        let periods = try decodeOptional([Period].self, forKey: key) ?? []
        var merged: [Period] = []
        for (i, p) in periods.enumerated() {
            if let last = merged.last {
                guard p.from >= last.to else {
                    throw DecodingError.dataCorrupted(.init(codingPath: codingPath + [key, AnyCodingKey(intValue: i)!],
                        debugDescription: "periods must be sorted and must not overlap (this one starts before the previous one ends)"))
                }
                if p.from == last.to { merged[merged.count - 1].to = p.to; continue }
            }
            merged.append(p)
        }
        return merged
    }
}
