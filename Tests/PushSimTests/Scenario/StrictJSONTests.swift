import Foundation
import Testing
@testable import PushSim

private let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The error `StrictJSON.check` gives `text`, or nil when it passes.
private func failure(_ text: String) -> ScenarioError? { failure(Data(text.utf8)) }
private func failure(_ data: Data) -> ScenarioError? {
    do { try StrictJSON.check(data, file: "t.json"); return nil } catch { return error }
}

@Suite("Strict JSON pre-scan")
struct StrictJSONTests {
    @Test("every shipped JSON file passes, and Foundation parses each the same")
    func shippedFilesPass() throws {
        let files = (FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? [])
            .filter { $0.hasSuffix(".json") && ($0.hasPrefix("Scenarios/") || $0.hasPrefix("Examples/") && !$0.contains("/.build/")) }
        #expect(files.count > 50)
        for f in files {
            let data = try Data(contentsOf: root.appendingPathComponent(f))
            #expect(failure(data) == nil, "\(f): \(failure(data).map(\.description) ?? "")")
        }
    }

    @Test("valid JSON passes", arguments: [
        "{}", "[]", " {\"a\": [1, -0, 0.5, 1e3, 1E-3, -2.5e+10, true, false, null, \"x\"]} ", "[[[[]]]]",
        #"{"a": {"a": {"a": 1}}, "b": [{"a": 1}, {"a": 2}]}"#,          // equal keys in different objects
        #"{"s": "\" \\ \/ \b \f \n \r \t \u00e9 \ud83d\ude00 é 😀"}"#, "\u{FEFF}{\"bom\": 1}", "{\"a\":\r\n1}",
        "[5e-324, 0e-400, 1.7976931348623157e308]",
    ])
    func validPasses(text: String) {
        #expect(failure(text) == nil, "\(failure(text).map(\.description) ?? "")")
        #expect((try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])) != nil, "Foundation refuses \(text)")
    }

    @Test("a duplicate key names its path and both positions, after escapes, at any depth")
    func duplicateKeys() {
        let e = failure("{\"a\": 1,\n \"b\": {\"c\": [1, {\"d\": 1, \"\\u0064\": 2}]}}")
        #expect(e?.path == "$.b.c[1].d")
        #expect(e?.message == #"duplicate key "d" at 2:26 (line:column); its first occurrence is at 2:18"#)
        #expect(failure(#"{"x": 1, "y": 2, "x": 3}"#)?.message.contains("at 1:18 (line:column); its first occurrence is at 1:2") == true)
        // Columns count characters, not bytes.
        #expect(failure(#"{"é": "日本", "é": 1}"#)?.message == #"duplicate key "é" at 1:13 (line:column); its first occurrence is at 1:2"#)
    }

    @Test("syntax errors: path and line:column", arguments: [
        (#"{"a": [1, 2,]}"#, "$.a", "1:12", "trailing comma"),
        (#"{"a": 1,}"#, "$", "1:8", "trailing comma"),
        (#"{"a": 1 "b": 2}"#, "$", "1:9", #"expected "," or "}""#),
        (#"{"a": [1 2]}"#, "$.a", "1:10", #"expected "," or "]""#),
        (#"{a: 1}"#, "$", "1:2", "expected a key"),
        (#"{'a': 1}"#, "$", "1:2", "expected a key"),
        ("{\"a\": 1} // c", "$", "1:10", "text after the end"),
        ("{\"a\": 1}{}", "$", "1:9", "text after the end"),
        (#"{"a": NaN}"#, "$.a", "1:7", "expected a value"),
        (#"{"a": tru}"#, "$.a", "1:7", "no such word"),
        (#"{"a": 01}"#, "$.a", "1:7", "leading zero"),
        (#"{"a": 1.}"#, "$.a", "1:7", "after the decimal point"),
        (#"{"a": .5}"#, "$.a", "1:7", "expected a value"),
        (#"{"a": -}"#, "$.a", "1:7", "without digits"),
        (#"{"a": 1e}"#, "$.a", "1:7", "exponent"),
        (#"{"a": "\x"}"#, "$.a", "1:8", "unknown escape"),
        (#"{"a": "\u12"}"#, "$.a", "1:8", "four hex digits"),
        (#"{"a": "\ud800"}"#, "$.a", "1:8", "lone UTF-16 surrogate"),
        ("{\"a\": \"x\ny\"}", "$.a", "1:9", "control character"),
        ("{\"a\": [1,\n  {\"b\": ", "$.a[1].b", "2:9", "ends where a value should be"),
        (#"{"a": "abc"#, "$.a", "1:7", "ends inside the string"),
        (#"{"a": [1"#, "$.a", "1:9", "ends inside this array"),
        ("", "$", "1:1", "empty"),
        (#"{"a": 1, "b": [true, {"c": 1e400}]}"#, "$.b[1].c", "1:28", "the number 1e400 at 1:28 (line:column) is outside the range of a double"),
        (#"[-1e999]"#, "$[0]", "1:2", "outside the range of a double"),
        (#"[1e-400]"#, "$[0]", "1:2", "outside the range of a double"),
    ])
    func syntaxErrors(text: String, path: String, position: String, fragment: String) {
        let e = failure(text)
        #expect(e?.path == path, "\(text): \(e.map(\.description) ?? "passed")")
        #expect(e?.message.contains(position) == true, "\(text): \(e?.message ?? "")")
        #expect(e?.message.contains(fragment) == true, "\(text): \(e?.message ?? "")")
    }

    @Test("invalid UTF-8 is refused at its position")
    func invalidUTF8() {
        for bytes: [UInt8] in [[0xC3, 0x28], [0xED, 0xA0, 0x80], [0xF8, 0x88], [0xE2, 0x82]] {
            let e = failure(Data(Array("{\"a\": \"x".utf8) + bytes + Array("\"}".utf8)))
            #expect(e?.path == "$.a" && e?.message.contains("1:9 (line:column): invalid UTF-8") == true, "\(bytes): \(e.map(\.description) ?? "")")
        }
    }

    @Test("nesting and array length have documented limits")
    func limits() {
        let deep = String(repeating: "[", count: StrictJSON.maxDepth) + String(repeating: "]", count: StrictJSON.maxDepth)
        #expect(failure(deep) == nil)
        let deeper = String(repeating: "[", count: StrictJSON.maxDepth + 1) + String(repeating: "]", count: StrictJSON.maxDepth + 1)
        #expect(failure(deeper)?.message.contains("nested deeper than \(StrictJSON.maxDepth)") == true)
        let full = "{\"a\": [" + Array(repeating: "0", count: StrictJSON.maxArrayLength).joined(separator: ",") + "]}"
        #expect(failure(full) == nil)
        let over = "{\"a\": {\"b\": [" + Array(repeating: "0", count: StrictJSON.maxArrayLength + 1).joined(separator: ",") + "]}}"
        let e = failure(over)
        #expect(e?.path == "$.a.b" && e?.message.contains("more than \(StrictJSON.maxArrayLength) elements") == true, "\(e.map(\.description) ?? "")")
    }

    /// Linear in the size: a 6 MB file on one line (the case where counting columns from the
    /// line's start at every key would be quadratic) with 250,000 keys checks in seconds.
    @Test("the cost is linear in the file size, however long its lines")
    func linear() {
        let object = "{" + (0..<250_000).map { "\"k\($0)\": [\"\($0)s\", {\"x\": 1.5}]" }.joined(separator: ",") + "}"
        var e: ScenarioError?
        let elapsed = ContinuousClock().measure { e = failure(object) }
        #expect(e == nil)
        #expect(elapsed < .seconds(20 * wallClockScale), "\(elapsed)")
        // A duplicate at the very end of that one line is reported with its column.
        let dup = String(object.dropLast()) + ",\"k0\": 1}"
        #expect(failure(dup)?.message.contains("its first occurrence is at 1:2") == true)
    }
}
