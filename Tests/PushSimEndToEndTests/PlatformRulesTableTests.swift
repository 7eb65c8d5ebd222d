import Foundation
import Testing

/// docs/platform-rules.md, PushSim's platform-rules table, stays true to the repository:
/// one row per rule id of the specification, every scenario it names exists, every test it
/// names exists in the file named beside it. The checks return their problems as text, so
/// `checksCatchMistakes` can show that each one fails on a broken copy of the page.
@Suite("Platform rules table (docs/platform-rules.md)")
struct PlatformRulesTableTests {
    /// Every rule id of the specification, in its order.
    static let ruleIDs: [String] = (1...12).map { "A\($0)" } + (1...8).map { "I\($0)" }
        + (1...16).map { "F\($0)" } + (1...7).map { "D\($0)" } + ["S1"]
    static let caseIDs: [String] = (1...10).map { "C\($0)" }
    /// Rules with nothing to run, so no scenario; F13 has no test either.
    static let withoutScenario: Set<String> = ["F11", "F13"]
    static let withoutTest: Set<String> = ["F13"]

    static let pagePath = "docs/platform-rules.md"

    static func page() throws -> String {
        try String(contentsOf: repositoryRoot.appendingPathComponent(pagePath), encoding: .utf8)
    }

    // MARK: - Parsing

    /// One markdown table: its header cells and its body rows (separator line dropped).
    struct Table {
        var header: [String]
        var rows: [[String]]

        func column(_ name: String) -> Int? { header.firstIndex(of: name) }
    }

    /// The cells of a table line `| a | b |`, trimmed; `\|` does not split a cell.
    static func cells(_ line: String) -> [String] {
        var body = Substring(line.trimmingCharacters(in: .whitespaces))
        if body.hasPrefix("|") { body = body.dropFirst() }
        if body.hasSuffix("|") && !body.hasSuffix("\\|") { body = body.dropLast() }
        var result: [String] = [], current = "", escaped = false
        for ch in body {
            if ch == "|" && !escaped { result.append(current); current = ""; continue }
            escaped = ch == "\\"
            current.append(ch)
        }
        result.append(current)
        return result.map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// Every table of the page: runs of consecutive lines starting with `|`.
    static func tables(_ text: String) -> [Table] {
        var tables: [Table] = []
        var lines: [String] = []
        func close() {
            defer { lines.removeAll() }
            guard let first = lines.first else { return }
            let body = lines.dropFirst().map(cells).filter { row in
                !row.allSatisfy { cell in !cell.isEmpty && cell.allSatisfy { "-:".contains($0) } }
            }
            tables.append(Table(header: cells(first), rows: body))
        }
        for line in text.components(separatedBy: "\n") {
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("|") { lines.append(line) } else { close() }
        }
        close()
        return tables
    }

    /// The table whose first header cell is `name` ("rule" or "case").
    static func table(_ text: String, first name: String) -> Table? {
        tables(text).first { $0.header.first == name }
    }

    /// The contents of the `code spans` of a cell.
    static func codeSpans(_ cell: String) -> [String] {
        cell.split(separator: "`", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 1 }.map { String($0.element) }
    }

    // MARK: - Checks

    /// Each id of `ids` has exactly one row in the table that starts with `first`, there
    /// are no other rows, and every row has one cell per header column.
    static func rowProblems(_ text: String, first: String, ids: [String]) -> [String] {
        guard let t = table(text, first: first) else { return ["no table with first column \"\(first)\""] }
        var problems: [String] = []
        let named = t.rows.map { $0.first ?? "" }
        for id in ids {
            let n = named.filter { $0 == id }.count
            if n != 1 { problems.append("\(id): \(n) rows, expected exactly 1") }
        }
        for id in Set(named).subtracting(ids).sorted() { problems.append("row \"\(id)\" is not an id of the list") }
        for row in t.rows where row.count != t.header.count {
            problems.append("\(row.first ?? "?"): \(row.count) cells, the header has \(t.header.count)")
        }
        return problems
    }

    /// Every code span of a scenario cell is an existing `Scenarios/…json` file; a rule row
    /// names its `Scenarios/platform/<id>.json` whenever that file exists, a field case its
    /// `Scenarios/cases/<id>.json`; only `withoutScenario` rows name none.
    static func scenarioProblems(_ text: String, root: URL) -> [String] {
        var problems: [String] = []
        for (first, folder) in [("rule", "Scenarios/platform"), ("case", "Scenarios/cases")] {
            guard let t = table(text, first: first), let col = t.column("scenario") else {
                problems.append("no \"scenario\" column in the \"\(first)\" table"); continue
            }
            for row in t.rows where row.count > col {
                let id = row[0], paths = codeSpans(row[col])
                for path in paths {
                    if !(path.hasPrefix("Scenarios/") && path.hasSuffix(".json")) {
                        problems.append("\(id): \"\(path)\" is not a Scenarios/….json path")
                    } else if !FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path) {
                        problems.append("\(id): \(path) does not exist")
                    }
                }
                let own = "\(folder)/\(id).json"
                if FileManager.default.fileExists(atPath: root.appendingPathComponent(own).path), !paths.contains(own) {
                    problems.append("\(id): the row does not name \(own)")
                }
                if paths.isEmpty && !(first == "rule" && withoutScenario.contains(id)) {
                    problems.append("\(id): names no scenario")
                }
            }
        }
        return problems
    }

    /// The Swift files under Tests/, by file name (a name may occur more than once).
    static func testFiles(root: URL) -> [String: [URL]] {
        var files: [String: [URL]] = [:]
        let tests = root.appendingPathComponent("Tests")
        guard let walk = FileManager.default.enumerator(at: tests, includingPropertiesForKeys: nil) else { return [:] }
        for case let url as URL in walk where url.pathExtension == "swift" {
            files[url.lastPathComponent, default: []].append(url)
        }
        return files
    }

    /// Whether `source` declares a Swift Testing test `name`: a `func name(` with an
    /// `@Test` attribute after the previous `func`, or a test displayed as `@Test("name"`.
    static func declaresTest(_ name: String, in source: String) -> Bool {
        if source.contains("@Test(\"\(name)\"") { return true }
        var searchFrom = source.startIndex
        while let hit = source.range(of: "func \(name)(", range: searchFrom..<source.endIndex) {
            let before = source[source.startIndex..<hit.lowerBound]
            if let attribute = before.range(of: "@Test", options: .backwards) {
                let previousFunc = before.range(of: "func ", options: .backwards)
                if previousFunc.map({ $0.lowerBound < attribute.lowerBound }) ?? true { return true }
            }
            searchFrom = hit.upperBound
        }
        return false
    }

    /// Every test cell is a `;`-separated list of "`File.swift`: `name`, `name`" groups;
    /// each file exists exactly once under Tests/ and declares each name as a test; only
    /// `withoutTest` rows name none.
    static func testProblems(_ text: String, root: URL) -> [String] {
        var problems: [String] = []
        let files = testFiles(root: root)
        var sources: [URL: String] = [:]
        for first in ["rule", "case"] {
            guard let t = table(text, first: first), let col = t.column("test") else {
                problems.append("no \"test\" column in the \"\(first)\" table"); continue
            }
            for row in t.rows where row.count > col {
                let id = row[0]
                var named = 0
                for group in row[col].split(separator: ";") {
                    let spans = codeSpans(String(group))
                    guard let file = spans.first else { continue }
                    guard file.hasSuffix(".swift") else { problems.append("\(id): \"\(file)\" comes before any test file"); continue }
                    let found = files[file] ?? []
                    guard found.count == 1, let url = found.first else {
                        problems.append("\(id): \(file) matches \(found.count) files under Tests/, expected 1"); continue
                    }
                    if sources[url] == nil { sources[url] = (try? String(contentsOf: url, encoding: .utf8)) ?? "" }
                    let names = spans.dropFirst()
                    if names.isEmpty { problems.append("\(id): \(file) with no test name") }
                    for name in names {
                        named += 1
                        if name.hasSuffix(".swift") { problems.append("\(id): \(name) follows \(file) without a test name of its own"); continue }
                        if !declaresTest(name, in: sources[url]!) { problems.append("\(id): no test \(name) in \(file)") }
                    }
                }
                if named == 0 && !(first == "rule" && withoutTest.contains(id)) { problems.append("\(id): names no test") }
            }
        }
        return problems
    }

    // MARK: - Tests

    @Test("every rule id A1–A12, I1–I8, F1–F16, D1–D7, S1 has exactly one row")
    func everyRuleHasOneRow() throws {
        let text = try Self.page()
        let problems = Self.rowProblems(text, first: "rule", ids: Self.ruleIDs)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        #expect(Self.table(text, first: "rule")?.rows.count == Self.ruleIDs.count)
    }

    @Test("every field case C1–C10 has exactly one row")
    func everyFieldCaseHasOneRow() throws {
        let text = try Self.page()
        let problems = Self.rowProblems(text, first: "case", ids: Self.caseIDs)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test("every scenario the table names exists; each rule and case names its own file")
    func scenarioPathsExist() throws {
        let problems = Self.scenarioProblems(try Self.page(), root: repositoryRoot)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test("every test the table names exists in the file named beside it")
    func namedTestsExist() throws {
        let problems = Self.testProblems(try Self.page(), root: repositoryRoot)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    /// The checks are not vacuous: each catches its kind of mistake in a copy of the page.
    @Test("the checks catch a deleted row, a misspelled scenario path and a missing test")
    func checksCatchMistakes() throws {
        let text = try Self.page()
        let lines = text.components(separatedBy: "\n")
        let root = repositoryRoot

        let withoutA7 = lines.filter { !$0.hasPrefix("| A7 |") }.joined(separator: "\n")
        #expect(withoutA7 != text)
        #expect(Self.rowProblems(withoutA7, first: "rule", ids: Self.ruleIDs) == ["A7: 0 rows, expected exactly 1"])

        let doubledC3 = lines.flatMap { $0.hasPrefix("| C3 |") ? [$0, $0] : [$0] }.joined(separator: "\n")
        #expect(Self.rowProblems(doubledC3, first: "case", ids: Self.caseIDs) == ["C3: 2 rows, expected exactly 1"])

        let misspelledPath = text.replacingOccurrences(of: "`Scenarios/platform/D2.json`", with: "`Scenarios/platfrom/D2.json`")
        #expect(misspelledPath != text)
        let pathProblems = Self.scenarioProblems(misspelledPath, root: root)
        #expect(pathProblems.contains("D2: Scenarios/platfrom/D2.json does not exist"))
        #expect(pathProblems.contains("D2: the row does not name Scenarios/platform/D2.json"))

        let misspelledTest = text.replacingOccurrences(of: "`a1OneSlot`", with: "`a1OneSlots`")
        #expect(misspelledTest != text)
        #expect(Self.testProblems(misspelledTest, root: root) == ["A1: no test a1OneSlots in APNsRuleTests.swift"])

        let wrongFile = text.replacingOccurrences(of: "`AndroidRuleTests.swift`: `d6HandlerTime`", with: "`IOSRuleTests.swift`: `d6HandlerTime`")
        #expect(wrongFile != text)
        #expect(Self.testProblems(wrongFile, root: root) == ["D6: no test d6HandlerTime in IOSRuleTests.swift"])

        let missingFile = text.replacingOccurrences(of: "`FCMRuleTests.swift`: `f5Reordering`", with: "`FCMRulesTests.swift`: `f5Reordering`")
        #expect(missingFile != text)
        #expect(Self.testProblems(missingFile, root: root) == ["F5: FCMRulesTests.swift matches 0 files under Tests/, expected 1",
                                                                "F5: names no test"])

        // A helper that is not a test does not count as one.
        #expect(!Self.declaresTest("platformScenario", in: "func platformScenario(_ id: String) {}\n@Test func other() {}"))
        #expect(Self.declaresTest("x", in: "@Test(\"A: x\", arguments: [1])\n    func x(a: Int) {}"))
    }
}
