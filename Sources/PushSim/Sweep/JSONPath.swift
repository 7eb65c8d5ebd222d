import Foundation

/// A path into a JSON document, as sweep axes write it: keys separated by dots, array
/// elements by `[index]` or `[name]` (the element whose `"name"` is that string), e.g.
/// `variants[lossy].channel.loss`, `device.offline[0].to`, `server.retainLast`.
///
/// A key step applied to an array names the element of that `"kind"`: an object
/// `{"kind": "hintPullRetry", …}` or the kind shorthand `"hintPullRetry"` (which a step
/// below it turns into the object `{"kind": "hintPullRetry"}`), so
/// `strategies.hintPullRetry.delay` is `strategies[1].delay` when strategy 1 is the one
/// hintPullRetry. It is an error when no element or more than one has that kind.
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
    /// - Throws: `JSONPathError` when an intermediate step does not exist or has the wrong
    ///   kind, or a kind names no element or several; the message ends with the nearest
    ///   path that exists (`; did you mean "variants[lossy].channel.loss"?`) when there is one.
    public func setting(_ value: Any, in document: Any) throws(JSONPathError) -> Any {
        do { return try Self.set(value, steps[...], in: document, path: text) } catch {
            guard let near = nearest(in: document) else { throw error }
            throw JSONPathError(error.description + "; did you mean \"\(near)\"?")
        }
    }

    /// Whether the last step sets a key of an object (not an element of an array, nor a key
    /// that `[name]` or kind steps look up: `"name"`, `"kind"`), the steps before it leading
    /// to an object in `document`. A sweep point's text can then be made from a template
    /// (`PointTemplate`): a scalar set there moves no other axis's target.
    func setsPlainKey(in document: Any) -> Bool {
        guard case let .key(last) = steps.last, last != "name", last != "kind" else { return false }
        var node = document
        for step in steps.dropLast() {
            guard let (child, _) = try? Self.child(step, of: node, path: text) else { return false }
            node = child
        }
        return node is [String: Any]
    }

    private static func set(_ value: Any, _ steps: ArraySlice<Step>, in node: Any, path: String) throws(JSONPathError) -> Any {
        guard let step = steps.first else { return value }
        let rest = steps.dropFirst()
        if case let .key(k) = step, var object = node as? [String: Any], rest.isEmpty {
            object[k] = value
            return object
        }
        let (child, slot) = try child(step, of: node, path: path)
        switch slot {
        case let .key(k):
            guard var object = node as? [String: Any] else { preconditionFailure() }
            object[k] = try set(value, rest, in: child, path: path)
            return object
        case let .element(i):
            guard var array = node as? [Any] else { preconditionFailure() }
            array[i] = try set(value, rest, in: rest.isEmpty ? array[i] : child, path: path)
            return array
        }
    }

    /// Where a step leads in its container.
    private enum Slot { case key(String), element(Int) }

    /// The value `step` leads to from `node`, and its slot there. A kind step's string
    /// element comes back as the object it stands for.
    private static func child(_ step: Step, of node: Any, path: String) throws(JSONPathError) -> (Any, Slot) {
        switch step {
        case let .key(k):
            if let object = node as? [String: Any] {
                guard let child = object[k] else { throw JSONPathError("\"\(path)\": no key \"\(k)\"") }
                return (child, .key(k))
            }
            guard let array = node as? [Any] else { throw JSONPathError("\"\(path)\": \"\(k)\" is not inside an object") }
            let matches = array.indices.filter { kind(of: array[$0]) == k }
            guard matches.count == 1 else {
                if matches.isEmpty {
                    let kinds = Set(array.compactMap(kind(of:))).sorted()
                    throw JSONPathError("\"\(path)\": no element of kind \"\(k)\" (a key after an array names an element by its \"kind\"; "
                                        + (kinds.isEmpty ? "none has one)" : "kinds there: \(kinds.joined(separator: ", ")))"))
                }
                throw JSONPathError("\"\(path)\": \(matches.count) elements of kind \"\(k)\" (at \(matches.map { "[\($0)]" }.joined(separator: ", "))); "
                                    + "name one by index or by its \"name\" in brackets")
            }
            let i = matches[0]
            return ((array[i] as? String).map { ["kind": $0] as [String: Any] } ?? array[i], .element(i))
        case let .index(i):
            guard let array = node as? [Any] else { throw JSONPathError("\"\(path)\": [\(i)] is not inside an array") }
            guard array.indices.contains(i) else { throw JSONPathError("\"\(path)\": index \(i) is out of range (\(array.count) elements)") }
            return (array[i], .element(i))
        case let .named(name):
            guard let array = node as? [Any] else { throw JSONPathError("\"\(path)\": [\(name)] is not inside an array") }
            guard let i = array.firstIndex(where: { ($0 as? [String: Any])?["name"] as? String == name }) else {
                throw JSONPathError("\"\(path)\": no element named \"\(name)\"")
            }
            return (array[i], .element(i))
        }
    }

    /// The kind of an array element: an object's `"kind"`, or a string (the kind shorthand).
    private static func kind(of element: Any) -> String? {
        (element as? String) ?? ((element as? [String: Any])?["kind"] as? String)
    }

    /// The path nearest to this one that leads through `document`: each step that leads
    /// nowhere replaced by the nearest key, name or kind there (`Suggestion`), or nil when
    /// a step has none near (or the path already leads through). A missing last key counts
    /// as leading (setting it adds it).
    func nearest(in document: Any) -> String? {
        var node = document
        var out: [Step] = []
        for (k, step) in steps.enumerated() {
            if let (child, _) = try? Self.child(step, of: node, path: text) {
                out.append(step); node = child; continue
            }
            if case .key = step, k == steps.count - 1, node is [String: Any] { out.append(step); break }
            let candidates: [Step]
            switch (step, node) {
            case let (.key(key), object as [String: Any]):
                candidates = Suggestion.nearest(to: key, among: object.keys.sorted()).map { [.key($0)] } ?? []
            case let (.key(kind), array as [Any]) where !array.contains(where: { Self.kind(of: $0) == kind }):   // not when ambiguous
                candidates = Suggestion.nearest(to: kind, among: array.compactMap(Self.kind(of:))).map { [.key($0)] } ?? []
            case let (.named(name), array as [Any]):
                let names = array.compactMap { ($0 as? [String: Any])?["name"] as? String }
                candidates = Suggestion.nearest(to: name, among: names).map { [.named($0)] } ?? []
            default: candidates = []
            }
            guard let fix = candidates.first, let (child, _) = try? Self.child(fix, of: node, path: text) else { return nil }
            out.append(fix); node = child
        }
        return out == steps ? nil : Self.text(of: out)
    }

    /// Steps written as a path: `variants[lossy].channel.loss`.
    private static func text(of steps: [Step]) -> String {
        var out = ""
        for step in steps {
            switch step {
            case let .key(k): out += (out.isEmpty ? "" : ".") + k
            case let .index(i): out += "[\(i)]"
            case let .named(n): out += "[\(n)]"
            }
        }
        return out
    }
}

/// Why a JSON path could not be parsed or applied.
public struct JSONPathError: Error, Sendable, CustomStringConvertible {
    public var description: String
    public init(_ d: String) { description = d }
}
