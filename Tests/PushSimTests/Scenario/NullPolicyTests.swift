import Foundation
import Testing
@testable import PushSim

private let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// Shipped JSON files under Scenarios/: the sweeps, or every other file (bases included).
private func shipped(sweeps: Bool) -> [String] {
    let all = FileManager.default.enumerator(atPath: root.appendingPathComponent("Scenarios").path)?.compactMap { $0 as? String } ?? []
    return all.filter { $0.hasSuffix(".json") }.sorted()
        .filter { ($0.hasPrefix("sweeps/") && !$0.hasPrefix("sweeps/bases/")) == sweeps }.map { "Scenarios/" + $0 }
}

/// Every member and element of a Foundation JSON object, as (JSON path, the document with
/// that value replaced by `null`), each location once: paths that differ only in array
/// indices (`$.variants[0].channel.loss`, `$.variants[1].channel.loss`) count as one.
private func nulled(_ document: Any, seen: inout Set<String>) -> [(path: String, document: Any)] {
    var out: [(String, Any)] = []
    func walk(_ node: Any, _ path: String, _ shape: String, _ rebuild: (Any) -> Any) {
        if let object = node as? [String: Any] {
            for key in object.keys.sorted() {
                var copy = object
                let p = path + "." + key, s = shape + "." + key
                copy[key] = NSNull()
                if seen.insert(s).inserted { out.append((p, rebuild(copy))) }
                walk(object[key]!, p, s) { v in var c = object; c[key] = v; return rebuild(c) }
            }
        } else if let array = node as? [Any] {
            for (i, element) in array.enumerated() {
                var copy = array
                let p = path + "[\(i)]", s = shape + "[*]"
                copy[i] = NSNull()
                if seen.insert(s).inserted { out.append((p, rebuild(copy))) }
                walk(element, p, s) { v in var c = array; c[i] = v; return rebuild(c) }
            }
        }
    }
    walk(document, "$", "$") { $0 }
    return out
}

private func data(_ document: Any) throws -> Data { try JSONSerialization.data(withJSONObject: document, options: [.sortedKeys]) }

/// `null` (docs/model.md, "null"): a key is given a value or left out; `null` is refused
/// with the key's path everywhere, the decoder and the JSON Schema alike, except where it
/// is a value: `fcm.downgrade` (off) and a sweep axis's `values` (set at the axis's path).
@Suite("null is refused except where it is a value")
struct NullPolicyTests {
    let scenarioSchema = SchemaValidator(root: Schema.scenario())
    let sweepSchema = SchemaValidator(root: Schema.sweep())

    @Test("every location of every shipped scenario set to null: refused at its path by decoder and schema, except downgrade")
    func scenarios() throws {
        var seen = Set<String>()
        var accepted: [String] = []
        for file in shipped(sweeps: false) {
            let document = try JSONSerialization.jsonObject(with: Data(contentsOf: root.appendingPathComponent(file)))
            for (path, mutated) in nulled(document, seen: &seen) {
                let bytes = try data(mutated)
                let schemaAccepts = scenarioSchema.problems(try JSONDecoder().decode(JSONValue.self, from: bytes)).isEmpty
                do {
                    _ = try Scenario.decode(bytes, file: file)
                    accepted.append(path)
                    #expect(path.hasSuffix(".channel.downgrade"), "\(file): \(path) = null was accepted")
                    #expect(schemaAccepts, "\(file): \(path) = null: the decoder accepts it, the schema does not")
                } catch {
                    #expect(error.path == path, "\(file): \(path) = null refused at another path: \(error)")
                    #expect(path.hasSuffix("]") || error.message.contains("found null"), "\(file): \(path): \(error.message)")
                    #expect(!schemaAccepts, "\(file): \(path) = null: the schema accepts it, the decoder does not (\(error.message))")
                }
            }
        }
        #expect(seen.count > 300, "only \(seen.count) locations")
        #expect(!accepted.isEmpty, "no shipped file has fcm's downgrade")
    }

    @Test("every location of every shipped sweep set to null: refused, an axis value at the point it makes invalid")
    func sweeps() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pushsim-null-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        var seen = Set<String>()
        for file in shipped(sweeps: true) {
            let url = root.appendingPathComponent(file)
            guard var document = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any],
                  let base = document["base"] as? String else { Issue.record("\(file): no base"); continue }
            document["base"] = url.deletingLastPathComponent().appendingPathComponent(base).standardized.path
            for (path, mutated) in nulled(document, seen: &seen) where path != "$.base" {
                let copy = dir.appendingPathComponent("sweep.json")
                try data(mutated).write(to: copy)
                let isAxisValue = path.range(of: #"^\$\.axes\[\d+\]\.values\[\d+\]$"#, options: .regularExpression) != nil
                let schemaAccepts = sweepSchema.problems(try JSONDecoder().decode(JSONValue.self, from: data(mutated))).isEmpty
                #expect(schemaAccepts == isAxisValue, "\(file): \(path) = null: schema \(schemaAccepts ? "accepts" : "refuses") it")
                do {
                    _ = try SweepPlan.load(path: copy.path)
                    Issue.record("\(file): \(path) = null was accepted")
                } catch {
                    #expect(error.path == (isAxisValue ? "$.axes" : path), "\(file): \(path) = null refused at another path: \(error)")
                    #expect(path.hasSuffix("]") && !isAxisValue || error.message.contains("found null"), "\(file): \(path): \(error.message)")
                }
            }
        }
        #expect(seen.count > 15)
    }
}
