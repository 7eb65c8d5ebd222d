import Foundation
import Testing
@testable import PushSim

/// Sweep axis paths (issue 35): a strategy named by its kind, the nearest path suggested for
/// one that leads nowhere, and the point texts made from one serialization of the base.
@Suite struct SweepPathTests {
    static let base = BadInputTests.valid.replacingOccurrences(of: #""strategies": ["hintPull"]"#,
                                                               with: #""strategies": ["hintPull", {"kind": "polling", "interval": "1m"}]"#)

    /// `validate` of a sweep over `base` with one axis at `path` (values `values`, JSON).
    static func validate(path: String, values: String = #"["2m", "5m"]"#, base: String = Self.base) throws -> (status: Int32, out: String, err: String, file: String) {
        let dir = try BadInputStrictTests.folder(["base.json": base])
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("sweep.json").path
        try Data(#"{"name": "sw", "base": "base.json", "axes": [{"name": "a", "path": "\#(path)", "values": \#(values)}]}"#.utf8)
            .write(to: URL(fileURLWithPath: file))
        let r = runCLI(["validate", file])
        return (r.status, r.out, r.err, file)
    }

    @Test("strategies.polling.interval sets what strategies[1].interval sets; a string element becomes its object")
    func aKeyAfterAListNamesTheElementOfThatKind() throws {
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(Self.base.utf8)) as? [String: Any])
        func strategies(_ path: String, _ value: Any) throws -> String {
            let set = try #require(try JSONPath(path).setting(value, in: doc) as? [String: Any])
            return String(decoding: try JSONSerialization.data(withJSONObject: try #require(set["strategies"]), options: [.sortedKeys]), as: UTF8.self)
        }
        #expect(try strategies("strategies.polling.interval", "5m") == #"["hintPull",{"interval":"5m","kind":"polling"}]"#)   // 1m before
        #expect(try strategies("strategies.polling.interval", "5m") == strategies("strategies[1].interval", "5m"))
        #expect(try strategies("strategies.hintPull.name", "hp") == #"[{"kind":"hintPull","name":"hp"},{"interval":"1m","kind":"polling"}]"#)
        #expect(try strategies("strategies.hintPull", "applyPayload") == #"["applyPayload",{"interval":"1m","kind":"polling"}]"#)
        // Through a sweep: the points' strategies have the intervals.
        let r = try Self.validate(path: "strategies.polling.interval")
        #expect(r.status == 0 && r.out.contains("(sweep: 2 points)"), "\(r.err)")
    }

    @Test func aKindNoElementHasOrSeveralHaveIsAnError() throws {
        let absent = try Self.validate(path: "strategies.hintPullExtension.x")
        #expect(absent.status == 2, "\(absent.err)")
        #expect(absent.err.hasPrefix("pushsim: \(absent.file): $.axes[0].path: \"strategies.hintPullExtension.x\": no element of kind \"hintPullExtension\""),
                "\(absent.err)")
        #expect(absent.err.contains("kinds there: hintPull, polling") && !absent.err.contains("did you mean"), "\(absent.err)")
        let two = Self.base.replacingOccurrences(of: #"{"kind": "polling", "interval": "1m"}"#,
                                                 with: #"{"kind": "polling", "interval": "1m"}, {"kind": "polling", "interval": "2m", "name": "p2"}"#)
        let ambiguous = try Self.validate(path: "strategies.polling.interval", base: two)
        #expect(ambiguous.status == 2, "\(ambiguous.err)")
        #expect(ambiguous.err.contains("\"strategies.polling.interval\": 2 elements of kind \"polling\" (at [1], [2]); name one by index or by its \"name\""),
                "\(ambiguous.err)")
        #expect(!ambiguous.err.contains("did you mean"), "\(ambiguous.err)")
    }

    @Test("a path that leads nowhere gets the nearest that does", arguments: [
        ("variants[v].chanel.loss", #"no key "chanel"; did you mean "variants[v].channel.loss"?"#),
        ("variants[w].channel.loss", #"no element named "w"; did you mean "variants[v].channel.loss"?"#),
        ("strategies.poling.interval", #"no element of kind "poling" (a key after an array names an element by its "kind"; kinds there: hintPull, polling); did you mean "strategies.polling.interval"?"#),
        ("servr.chnges.interval", #"no key "servr"; did you mean "server.changes.interval"?"#),
    ])
    func nearestPath(_ path: String, _ message: String) throws {
        let values = path.hasSuffix("loss") ? "[0.1, 0.2]" : #"["2m", "5m"]"#
        let r = try Self.validate(path: path, values: values)
        #expect(r.status == 2 && r.err == "pushsim: \(r.file): $.axes[0].path: \"\(path)\": \(message)\n", "\(r.err)")
    }

    @Test func noSuggestionWhenNothingIsNear() throws {
        let r = try Self.validate(path: "variants[v].transport.loss", values: "[0.1]")
        #expect(r.status == 2 && r.err.contains(#"no key "transport""#) && !r.err.contains("did you mean"), "\(r.err)")
        // A missing last key is added, and the point's decoding suggests the key it meant.
        let last = try Self.validate(path: "variants[v].channel.los", values: "[0.1]")
        #expect(last.status == 2 && last.err.contains(#"$.variants[0].channel.los: unknown key "los"; did you mean "loss"?"#), "\(last.err)")
    }

    /// Every shipped sweep's point texts from the template are the bytes of setting each
    /// value into the base and serializing it, point by point.
    @Test func templateTextsAreTheSerializedPoints() throws {
        var templated = 0
        for name in try FileManager.default.contentsOfDirectory(atPath: scenarioURL("Scenarios/sweeps").path).sorted() where name.hasSuffix(".json") {
            let url = scenarioURL("Scenarios/sweeps/" + name)
            let spec = try decodeStrictJSON(SweepSpec.self, Data(contentsOf: url), file: name)
            let baseURL = url.deletingLastPathComponent().appendingPathComponent(spec.base)
            let base = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: baseURL)) as? [String: Any])
            guard let template = PointTemplate(base: base, axes: spec.axes) else { continue }
            templated += 1
            for combination in SweepPlan.combinations(spec) {
                var doc: Any = base
                for c in combination { doc = try spec.axes[c.axis].path.setting(spec.axes[c.axis].values[c.value].foundation, in: doc) }
                let expected = try JSONSerialization.data(withJSONObject: doc, options: [.sortedKeys])
                #expect(template.text(values: combination.map(\.value)) == expected, "\(name) \(combination)")
            }
        }
        #expect(templated == 8, "every shipped sweep qualifies")
    }

    /// Axes that could move another axis's target, or set more than a scalar, get no template.
    @Test func templateOnlyForPlainScalarKeys() throws {
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(Self.base.utf8)) as? [String: Any])
        func template(_ axes: [(String, [JSONValue])]) throws -> PointTemplate? {
            PointTemplate(base: doc, axes: try axes.map { Axis(name: $0.0, path: try JSONPath($0.0), values: $0.1) })
        }
        #expect(try template([("seed", [.number(1)]), ("variants[v].channel.loss", [.number(0.1)])]) != nil)
        #expect(try template([("variants[0].name", [.string("w")])]) == nil)                  // [name] steps look it up
        #expect(try template([("strategies[1].kind", [.string("hintPull")])]) == nil)         // kind steps look it up
        #expect(try template([("strategies[0]", [.string("polling")])]) == nil)               // an element itself
        #expect(try template([("strategies.hintPull", [.string("polling")])]) == nil)
        #expect(try template([("server.changes", [.object(["count": .number(1)])])]) == nil)  // not a scalar
        #expect(try template([("server.keys", [.number(3)]), ("server.keys", [.number(4)])]) == nil)  // one target twice
        #expect(try template([("variants[v].channel", [.string("x")]), ("variants[v].channel.loss", [.number(0.1)])]) == nil)
    }
}
