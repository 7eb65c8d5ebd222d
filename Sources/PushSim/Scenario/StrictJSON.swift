import Foundation

/// The strict check every JSON file PushSim reads as input (scenario, sweep, sweep base)
/// passes before Foundation parses it. Foundation accepts what RFC 8259 leaves open or
/// forbids, and resolves it silently: a duplicate object key keeps one of its values
/// (`JSONDecoder` the first, `JSONSerialization` the last), a trailing comma is allowed, a
/// number beyond `Double` is reported without a path. This check refuses each of them with
/// the JSON path and the line and column (line:column, both from 1; a column counts
/// characters), so Foundation only ever sees text that means one thing.
///
/// It refuses, as a `ScenarioError` naming the file and the path:
/// - anything outside RFC 8259's grammar (the text must be UTF-8; a leading UTF-8 byte
///   order mark is skipped): comments, single quotes, a trailing comma, a leading zero,
///   `NaN`, control characters or invalid UTF-8 in a string, text after the value;
/// - a duplicate key in one object (compared as Swift strings, as Foundation does, after
///   escapes), naming both positions;
/// - a number outside `Double`'s range (a magnitude above about 1.8e308, e.g. `1e400`, or a
///   nonzero one below about 4.9e-324, e.g. `1e-400`, which Foundation refuses too);
/// - nesting deeper than `maxDepth` objects and arrays;
/// - an array of more than `maxArrayLength` elements (an explicit list that long takes
///   Foundation's decoders about 1 KB per element; long timelines are drawn instead, e.g.
///   `device.connectivity`, `device.app.opens`).
///
/// One pass over the bytes: time and memory linear in the file size (the keys of the
/// objects being read are kept to find duplicates). `null` is left to the decoders
/// (docs/model.md, "null").
public enum StrictJSON {
    /// The most elements an array may have (100,000): docs/model.md, Limits.
    public static let maxArrayLength = 100_000
    /// The deepest nesting of objects and arrays (64; a scenario nests about 8 deep).
    public static let maxDepth = 64

    /// Checks `data` as described above.
    /// - Returns: the keys of the top-level object, in file order (empty for any other value),
    ///   which tell a scenario from a sweep (`ScenarioFileKind`) without another parse.
    /// - Throws: `ScenarioError(file:path:message:)` at the first problem.
    @discardableResult
    public static func check(_ data: Data, file: String) throws(ScenarioError) -> [String] {
        let outcome = data.withUnsafeBytes { raw -> Result<[String], Failure> in
            var s = Scanner(bytes: raw.bindMemory(to: UInt8.self))
            do throws(Failure) { try s.document() } catch { return .failure(error) }
            return .success(s.topLevelKeys)
        }
        switch outcome {
        case let .success(keys): return keys
        case let .failure(f): throw ScenarioError(file: file, path: f.path, message: f.message)
        }
    }

    /// Whether `data` passes `check`.
    public static func isValid(_ data: Data) -> Bool { (try? check(data, file: "")) != nil }

    struct Failure: Error { var path: String; var message: String }

    /// A place in the text: its byte offset, line (from 1) and the offset its line starts at;
    /// the column (from 1, in characters) is counted only for a message.
    struct Mark {
        var offset: Int, line: Int, lineStart: Int
    }

    /// One open container: an object with the keys read so far, or an array with its count.
    private enum Frame {
        case object(keys: [String: Mark], key: String?)
        case array(count: Int)
    }

    private struct Scanner {
        let bytes: UnsafeBufferPointer<UInt8>
        var i = 0, line = 1, lineStart = 0
        var stack: [Frame] = []
        /// The keys of the top-level object, in order.
        var topLevelKeys: [String] = []

        init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

        /// `m` as `line:column` (columns count characters: UTF-8 continuation bytes are skipped).
        func text(_ m: Mark) -> String {
            var column = 1
            for k in m.lineStart..<min(m.offset, bytes.count) where bytes[k] & 0xC0 != 0x80 { column += 1 }
            return "\(m.line):\(column)"
        }

        var here: Mark { Mark(offset: i, line: line, lineStart: lineStart) }

        /// The JSON path of the value being read (the key or element of the innermost container).
        var path: String {
            var p = "$"
            for frame in stack {
                switch frame {
                case let .object(_, key): if let key { p += "." + key }
                case let .array(count): p += "[\(count)]"
                }
            }
            return p
        }

        /// The path of the innermost container itself.
        var containerPath: String {
            var outer = self
            outer.stack.removeLast()
            return outer.path
        }

        func fail(_ message: String, at m: Mark? = nil, path: String? = nil) -> Failure {
            Failure(path: path ?? self.path, message: "malformed JSON at \(text(m ?? here)) (line:column): \(message)")
        }

        mutating func skipSpace() {
            while i < bytes.count {
                switch bytes[i] {
                case 0x20, 0x09, 0x0D: i += 1
                case 0x0A: i += 1; line += 1; lineStart = i
                default: return
                }
            }
        }

        mutating func document() throws(Failure) {
            if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { i = 3; lineStart = 3 }
            skipSpace()
            guard i < bytes.count else { throw fail("the file is empty") }
            try value()
            skipSpace()
            guard i == bytes.count else { throw fail("text after the end of the JSON value", path: "$") }
        }

        /// Reads one value and everything nested in it, without recursion.
        mutating func value() throws(Failure) {
            while true {
                skipSpace()
                guard i < bytes.count else { throw fail("the file ends where a value should be") }
                switch bytes[i] {
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    guard stack.count < maxDepth else { throw fail("nested deeper than \(maxDepth) objects and arrays") }
                    let isObject = bytes[i] == UInt8(ascii: "{")
                    i += 1
                    stack.append(isObject ? .object(keys: [:], key: nil) : .array(count: 0))
                    skipSpace()
                    let close = UInt8(ascii: isObject ? "}" : "]")
                    if i < bytes.count, bytes[i] == close { i += 1; stack.removeLast() }
                    else if isObject { try key(); continue }
                    else { continue }
                case UInt8(ascii: "\""): _ = try string(keepText: false)
                case UInt8(ascii: "t"): try literal("true")
                case UInt8(ascii: "f"): try literal("false")
                case UInt8(ascii: "n"): try literal("null")
                case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number()
                default: throw fail("expected a value (an object, array, string, number, true, false or null), found \(found)")
                }
                // A value is complete: move on within the enclosing containers.
                while true {
                    guard !stack.isEmpty else { return }
                    skipSpace()
                    let isObject: Bool
                    if case .object = stack[stack.count - 1] { isObject = true } else { isObject = false }
                    let close = UInt8(ascii: isObject ? "}" : "]")
                    guard i < bytes.count else { throw fail("the file ends inside this \(isObject ? "object" : "array")", path: containerPath) }
                    if bytes[i] == close { i += 1; stack.removeLast(); continue }
                    guard bytes[i] == UInt8(ascii: ",") else {
                        throw fail("expected \",\" or \"\(isObject ? "}" : "]")\", found \(found)", path: containerPath)
                    }
                    let comma = here
                    i += 1
                    skipSpace()
                    if i < bytes.count, bytes[i] == close {
                        throw fail("a trailing comma before \"\(isObject ? "}" : "]")\"", at: comma, path: containerPath)
                    }
                    if isObject { try key() } else { try nextElement() }
                    break
                }
            }
        }

        mutating func nextElement() throws(Failure) {
            guard case let .array(count) = stack[stack.count - 1] else { return }
            guard count + 1 < maxArrayLength else {
                throw Failure(path: containerPath, message: "an array of more than \(maxArrayLength) elements (at most \(maxArrayLength); "
                              + "long timelines are drawn, e.g. device.connectivity or device.app.opens: docs/model.md, Limits)")
            }
            stack[stack.count - 1] = .array(count: count + 1)
        }

        /// Reads `"key":` of the innermost object, refusing a key it already has.
        mutating func key() throws(Failure) {
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else {
                throw fail("expected a key (a string in double quotes), found \(found)", path: containerPath)
            }
            let at = here
            let name = try string(keepText: true)
            guard case .object(var keys, _) = stack[stack.count - 1] else { return }
            stack[stack.count - 1] = .object(keys: [:], key: nil)   // keeps `keys` uniquely referenced
            if let first = keys[name] {
                stack[stack.count - 1] = .object(keys: keys, key: name)
                throw Failure(path: path, message: "duplicate key \"\(name)\" at \(text(at)) (line:column); its first occurrence is at \(text(first))")
            }
            keys[name] = at
            if stack.count == 1 { topLevelKeys.append(name) }
            stack[stack.count - 1] = .object(keys: keys, key: name)
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw fail("expected \":\" after the key, found \(found)") }
            i += 1
        }

        /// What is at the current byte, for messages.
        var found: String {
            guard i < bytes.count else { return "the end of the file" }
            let b = bytes[i]
            return (0x21...0x7E).contains(b) ? "\"\(Character(Unicode.Scalar(b)))\"" : String(format: "byte 0x%02X", b)
        }

        mutating func literal(_ word: StaticString) throws(Failure) {
            let n = word.utf8CodeUnitCount
            let start = here
            guard i + n <= bytes.count, (0..<n).allSatisfy({ bytes[i + $0] == word.utf8Start[$0] }) else {
                throw fail("expected a value, found \(found) (JSON has no such word)", at: start)
            }
            i += n
        }

        mutating func number() throws(Failure) {
            let start = i, at = here
            func digits() -> Int { let s = i; while i < bytes.count, (0x30...0x39).contains(bytes[i]) { i += 1 }; return i - s }
            if bytes[i] == UInt8(ascii: "-") { i += 1 }
            guard i < bytes.count, (0x30...0x39).contains(bytes[i]) else { throw fail("a \"-\" without digits", at: at) }
            if bytes[i] == UInt8(ascii: "0") {
                i += 1
                if i < bytes.count, (0x30...0x39).contains(bytes[i]) { throw fail("a number with a leading zero", at: at) }
            } else { _ = digits() }
            if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
                i += 1
                guard digits() > 0 else { throw fail("expected digits after the decimal point", at: at) }
            }
            if i < bytes.count, bytes[i] | 0x20 == UInt8(ascii: "e") {
                i += 1
                if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
                guard digits() > 0 else { throw fail("expected digits in the exponent", at: at) }
            }
            let lexeme = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
            let mantissa = lexeme.prefix { $0 != "e" && $0 != "E" }
            guard let v = Double(lexeme), v.isFinite, v != 0 || !mantissa.contains(where: { ("1"..."9").contains($0) }) else {
                throw Failure(path: path, message: "the number \(lexeme) at \(self.text(at)) (line:column) is outside the range of a double "
                              + "(a magnitude from about 4.9e-324 to 1.8e308, or 0)")
            }
        }

        /// Reads a string; returns its text (escapes resolved) when `keepText`, else "".
        mutating func string(keepText: Bool) throws(Failure) -> String {
            let at = here
            i += 1
            var text: [UInt8] = []
            while true {
                guard i < bytes.count else { throw fail("the file ends inside the string that starts here", at: at) }
                let b = bytes[i]
                if b == UInt8(ascii: "\"") { i += 1; break }
                if b < 0x20 { throw fail("a control character (byte 0x\(String(b, radix: 16))) inside a string; write it as an escape such as \\n") }
                if b == UInt8(ascii: "\\") {
                    let escape = here
                    i += 1
                    guard i < bytes.count else { continue }
                    let e = bytes[i]
                    i += 1
                    switch e {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): if keepText { text.append(e) }
                    case UInt8(ascii: "b"): if keepText { text.append(0x08) }
                    case UInt8(ascii: "f"): if keepText { text.append(0x0C) }
                    case UInt8(ascii: "n"): if keepText { text.append(0x0A) }
                    case UInt8(ascii: "r"): if keepText { text.append(0x0D) }
                    case UInt8(ascii: "t"): if keepText { text.append(0x09) }
                    case UInt8(ascii: "u"):
                        guard var unit = hex4() else { throw fail("expected four hex digits after \\u", at: escape) }
                        if (0xD800..<0xDC00).contains(unit) {
                            guard i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") else {
                                throw fail("a lone UTF-16 surrogate \\u\(String(unit, radix: 16, uppercase: true))", at: escape)
                            }
                            i += 2
                            guard let low = hex4(), (0xDC00..<0xE000).contains(low) else { throw fail("a lone UTF-16 surrogate", at: escape) }
                            unit = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                        } else if (0xDC00..<0xE000).contains(unit) {
                            throw fail("a lone UTF-16 surrogate \\u\(String(unit, radix: 16, uppercase: true))", at: escape)
                        }
                        if keepText { text += Array(String(Character(Unicode.Scalar(unit)!)).utf8) }
                    default: throw fail("an unknown escape \\\(Character(Unicode.Scalar(e)))", at: escape)
                    }
                    continue
                }
                if b < 0x80 { if keepText { text.append(b) }; i += 1; continue }
                let n = try utf8Sequence()
                if keepText { text += bytes[i..<(i + n)] }
                i += n
            }
            return keepText ? String(decoding: text, as: UTF8.self) : ""
        }

        /// Four hex digits at `i` as a number (advancing), or nil.
        mutating func hex4() -> UInt32? {
            guard i + 4 <= bytes.count else { return nil }
            var v: UInt32 = 0
            for k in 0..<4 {
                guard let d = Character(Unicode.Scalar(bytes[i + k])).hexDigitValue else { return nil }
                v = v * 16 + UInt32(d)
            }
            i += 4
            return v
        }

        /// The length of the well-formed UTF-8 sequence at `i` (a non-ASCII byte).
        func utf8Sequence() throws(Failure) -> Int {
            let b = bytes[i]
            let (n, low, high): (Int, UInt8, UInt8) = switch b {
            case 0xC2...0xDF: (2, 0x80, 0xBF)
            case 0xE0: (3, 0xA0, 0xBF)
            case 0xE1...0xEC, 0xEE...0xEF: (3, 0x80, 0xBF)
            case 0xED: (3, 0x80, 0x9F)
            case 0xF0: (4, 0x90, 0xBF)
            case 0xF1...0xF3: (4, 0x80, 0xBF)
            case 0xF4: (4, 0x80, 0x8F)
            default: (0, 0, 0)
            }
            guard n > 0, i + n <= bytes.count, (low...high).contains(bytes[i + 1]),
                  (2..<n).allSatisfy({ (0x80...0xBF).contains(bytes[i + $0]) }) else {
                throw fail("invalid UTF-8 (the file must be UTF-8)")
            }
            return n
        }
    }
}
