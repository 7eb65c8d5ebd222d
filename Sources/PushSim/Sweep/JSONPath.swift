import Foundation

/// A path into a JSON document, as sweep axes write it: keys separated by dots, array
/// elements by `[index]` or `[name]` (the element whose `"name"` is that string), e.g.
/// `variants[lossy].channel.loss`, `device.offline[0].to`, `server.retainLast`.
public struct JSONPath: Sendable, Equatable, CustomStringConvertible {
    public enum Step: Sendable, Equatable {
        case key(String)
        case index(Int)
        case named(String)
    }

    public let steps: [Step]
    public let text: String

    /// Parses `text`.
    /// - Throws: `JSONPathError` for an empty path, an empty key or an unclosed bracket.
    public init(_ text: String) throws(JSONPathError) {
        self.text = text
        var steps: [Step] = []
        var rest = Substring(text)
        while !rest.isEmpty {
            if rest.first == "[" {
                guard let close = rest.firstIndex(of: "]") else { throw JSONPathError("unclosed \"[\" in \"\(text)\"") }
                let inside = String(rest[rest.index(after: rest.startIndex)..<close])
                guard !inside.isEmpty else { throw JSONPathError("empty \"[]\" in \"\(text)\"") }
                steps.append(Int(inside).map { .index($0) } ?? .named(inside))
                rest = rest[rest.index(after: close)...]
                if rest.first == "." { rest = rest.dropFirst() }
                continue
            }
            let end = rest.firstIndex(where: { $0 == "." || $0 == "[" }) ?? rest.endIndex
            let key = String(rest[..<end])
            guard !key.isEmpty else { throw JSONPathError("empty key in \"\(text)\"") }
            steps.append(.key(key))
            rest = rest[end...]
            if rest.first == "." { rest = rest.dropFirst() }
        }
        guard !steps.isEmpty else { throw JSONPathError("an empty path") }
        self.steps = steps
    }

    public var description: String { text }

    /// `document` with the value at this path replaced by (or, for a missing last key,
    /// set to) `value`.
    /// - Throws: `JSONPathError` when an intermediate step does not exist or has the wrong kind.
    public func setting(_ value: Any, in document: Any) throws(JSONPathError) -> Any {
        try Self.set(value, steps[...], in: document, path: text)
    }

    private static func set(_ value: Any, _ steps: ArraySlice<Step>, in node: Any, path: String) throws(JSONPathError) -> Any {
        guard let step = steps.first else { return value }
        let rest = steps.dropFirst()
        switch step {
        case let .key(k):
            guard var object = node as? [String: Any] else { throw JSONPathError("\"\(path)\": \"\(k)\" is not inside an object") }
            if rest.isEmpty { object[k] = value; return object }
            guard let child = object[k] else { throw JSONPathError("\"\(path)\": no key \"\(k)\"") }
            object[k] = try set(value, rest, in: child, path: path)
            return object
        case let .index(i):
            guard var array = node as? [Any] else { throw JSONPathError("\"\(path)\": [\(i)] is not inside an array") }
            guard array.indices.contains(i) else { throw JSONPathError("\"\(path)\": index \(i) is out of range (\(array.count) elements)") }
            array[i] = try set(value, rest, in: array[i], path: path)
            return array
        case let .named(name):
            guard var array = node as? [Any] else { throw JSONPathError("\"\(path)\": [\(name)] is not inside an array") }
            guard let i = array.firstIndex(where: { ($0 as? [String: Any])?["name"] as? String == name }) else {
                throw JSONPathError("\"\(path)\": no element named \"\(name)\"")
            }
            array[i] = try set(value, rest, in: array[i], path: path)
            return array
        }
    }
}

/// Why a JSON path could not be parsed or applied.
public struct JSONPathError: Error, Sendable, CustomStringConvertible {
    public var description: String
    public init(_ d: String) { description = d }
}
