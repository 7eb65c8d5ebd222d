import Foundation

/// The JSON text of a sweep's points made from one serialization of the base: the base's
/// text cut where each axis's value goes, and each axis value's text, so a point's text is
/// the pieces and its values' texts joined. Byte for byte the text that setting every value
/// into the base and serializing it gives (`JSONPath.setting`, then `JSONSerialization`
/// with sorted keys), without copying and serializing the whole base once per point (which
/// took most of `pushsim validate`'s time for an axis of 100,000 values).
///
/// Only for axes that cannot change where another axis's value goes: every value a scalar
/// (null, true/false, a number, a string), every path setting a key of an object other than
/// `"name"` and `"kind"` (which `[name]` and kind steps look up; `JSONPath.setsPlainKey`),
/// and each axis's value found exactly once in the text (no path inside or equal to
/// another's). `init` returns nil otherwise, and the caller sets and serializes per point.
struct PointTemplate: Sendable {
    /// The base's text around the values: `pieces.count == axes + 1`.
    private var pieces: [[UInt8]]
    /// Which axis's value follows each piece but the last (the text's order, not the axes').
    private var slots: [Int]
    /// Per axis, the text of each value.
    private var valueTexts: [[[UInt8]]]

    /// The template of `axes` over `base` (Foundation JSON objects), or nil when the axes
    /// do not qualify (see the type) or a path does not apply (the caller then reports it).
    init?(base: [String: Any], axes: [Axis]) {
        guard !axes.isEmpty, axes.allSatisfy({ a in a.path.setsPlainKey(in: base) && a.values.allSatisfy(\.isScalar) }) else { return nil }
        var doc: Any = base
        var marks: [[UInt8]] = []
        for (i, axis) in axes.enumerated() {
            let mark = "\u{1}pushsim axis \(i)\u{1}"
            guard let text = Self.text(mark), let set = try? axis.path.setting(mark, in: doc) else { return nil }
            doc = set
            marks.append(text)
        }
        guard let whole = Self.text(doc) else { return nil }
        var found: [(at: Int, axis: Int)] = []
        for (i, mark) in marks.enumerated() {
            let at = Self.occurrences(of: mark, in: whole)
            guard at.count == 1 else { return nil }
            found.append((at[0], i))
        }
        found.sort { $0.at < $1.at }
        var start = 0
        pieces = []
        for (at, axis) in found {
            pieces.append(Array(whole[start..<at]))
            start = at + marks[axis].count
        }
        pieces.append(Array(whole[start...]))
        slots = found.map(\.axis)
        var texts: [[[UInt8]]] = []
        for axis in axes {
            var column: [[UInt8]] = []
            column.reserveCapacity(axis.values.count)
            for v in axis.values {
                guard let t = Self.text(v.foundation) else { return nil }
                column.append(t)
            }
            texts.append(column)
        }
        valueTexts = texts
    }

    /// The text of the point whose value of axis `a` is `values[a]` (an index into its values).
    /// - Complexity: O(the text's length).
    func text(values: [Int]) -> Data {
        var out: [UInt8] = []
        out.reserveCapacity(pieces.reduce(0) { $0 + $1.count } + 64)
        for (k, piece) in pieces.enumerated() {
            out += piece
            if k < slots.count { out += valueTexts[slots[k]][values[slots[k]]] }
        }
        return Data(out)
    }

    /// `value` as JSON text, keys sorted (as the per-point serialization writes it).
    private static func text(_ value: Any) -> [UInt8]? {
        (try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed])).map { [UInt8]($0) }
    }

    /// The offsets where `needle` starts in `haystack` (at most two are looked for).
    private static func occurrences(of needle: [UInt8], in haystack: [UInt8]) -> [Int] {
        guard !needle.isEmpty, haystack.count >= needle.count else { return [] }
        var out: [Int] = []
        let first = needle[0]
        var i = 0
        while i <= haystack.count - needle.count, out.count < 2 {
            if haystack[i] == first, haystack[i..<(i + needle.count)].elementsEqual(needle) { out.append(i); i += needle.count } else { i += 1 }
        }
        return out
    }
}

extension JSONValue {
    /// Whether the value is null, a boolean, a number or a string.
    var isScalar: Bool {
        switch self {
        case .array, .object: false
        default: true
        }
    }
}
