import Foundation
@testable import PushSim

/// A small JSON Schema (draft 2020-12) checker for the keywords `Schema` emits: `$ref`
/// (to `#/$defs/…`), `type`, `enum`, `const`, `minimum`, `maximum`, `minLength`,
/// `exclusiveMinimum`, `maxLength`, `pattern`, `minItems`, `maxItems`, `properties`, `required`, `additionalProperties: false`,
/// `unevaluatedProperties: false`, `items`, `allOf`, `anyOf`, `oneOf`, `not`, `if`/`then`.
/// Anything else fails loudly, so the test cannot pass by ignoring a keyword.
struct SchemaValidator {
    let root: OrderedJSON

    /// The problems of `instance` (empty when it is valid), each with its JSON path.
    func problems(_ instance: JSONValue, path: String = "$") -> [String] { check(instance, root, path).problems }

    private struct Outcome { var problems: [String] = []; var evaluated: Set<String> = [] }

    private static let annotations: Set<String> = ["$schema", "$defs", "title", "description", "default"]

    private func check(_ v: JSONValue, _ s: OrderedJSON, _ path: String) -> Outcome {
        guard case .object(let members) = s else { return Outcome(problems: ["\(path): schema is not an object"]) }
        var out = Outcome()
        func fail(_ m: String) { out.problems.append("\(path): \(m)") }
        func sub(_ schema: OrderedJSON) -> Outcome { check(v, schema, path) }
        for m in members where !Self.annotations.contains(m.key) {
            switch (m.key, m.value) {
            case ("$ref", .string(let ref)):
                let name = String(ref.dropFirst("#/$defs/".count))
                guard ref.hasPrefix("#/$defs/"), let target = root["$defs"]?[name] else { fail("unresolved \(ref)"); continue }
                let o = sub(target); out.problems += o.problems; out.evaluated.formUnion(o.evaluated)
            case ("type", .string(let t)):
                if !Self.hasType(v, t) { fail("expected \(t)") }
            case ("enum", .array(let options)):
                if !options.contains(where: { Self.equal(v, $0) }) { fail("not one of \(OrderedJSON.array(options).compact)") }
            case ("const", let c):
                if !Self.equal(v, c) { fail("expected \(c.compact)") }
            case ("minimum", .number(let x)):
                if let n = v.number, n < x { fail("below \(x)") }
            case ("maximum", .number(let x)):
                if let n = v.number, n > x { fail("above \(x)") }
            case ("exclusiveMinimum", .number(let x)):
                if let n = v.number, n <= x { fail("not above \(x)") }
            case ("minItems", .number(let x)):
                if case .array(let items) = v, Double(items.count) < x { fail("fewer than \(x) items") }
            case ("maxItems", .number(let x)):
                if case .array(let items) = v, Double(items.count) > x { fail("more than \(x) items") }
            case ("minLength", .number(let x)):
                if case .string(let t) = v, Double(t.count) < x { fail("shorter than \(x)") }
            case ("maxLength", .number(let x)):
                if case .string(let t) = v, Double(t.count) > x { fail("longer than \(x)") }
            case ("pattern", .string(let p)):
                if case .string(let t) = v, t.range(of: p, options: .regularExpression) == nil { fail("does not match \(p)") }
            case ("properties", .object(let props)):
                guard case .object(let o) = v else { continue }
                for p in props {
                    out.evaluated.insert(p.key)
                    if let x = o[p.key] { out.problems += check(x, p.value, path + "." + p.key).problems }
                }
            case ("required", .array(let names)):
                guard case .object(let o) = v else { continue }
                for case .string(let n) in names where o[n] == nil { fail("missing \(n)") }
            case ("additionalProperties", .bool(false)):
                guard case .object(let o) = v else { continue }
                let known = Set(members.first { $0.key == "properties" }.flatMap { m -> [String]? in
                    if case .object(let ps) = m.value { return ps.map(\.key) } else { return nil } } ?? [])
                for k in o.keys.sorted() where !known.contains(k) { fail("unexpected key \(k)") }
            case ("unevaluatedProperties", .bool(false)):
                continue  // checked after the other keywords
            case ("items", let itemSchema):
                guard case .array(let items) = v else { continue }
                for (i, x) in items.enumerated() { out.problems += check(x, itemSchema, "\(path)[\(i)]").problems }
            case ("allOf", .array(let all)):
                for s in all { let o = sub(s); out.problems += o.problems; out.evaluated.formUnion(o.evaluated) }
            case ("anyOf", .array(let any)):
                let results = any.map(sub)
                if let ok = results.first(where: { $0.problems.isEmpty }) { out.evaluated.formUnion(ok.evaluated) }
                else { fail("matches no anyOf branch: " + results.flatMap(\.problems).joined(separator: "; ")) }
            case ("oneOf", .array(let one)):
                if one.map(sub).filter({ $0.problems.isEmpty }).count != 1 { fail("matches not exactly one oneOf branch") }
            case ("not", let n):
                if sub(n).problems.isEmpty { fail("matches a schema it must not") }
            case ("if", let condition):
                guard sub(condition).problems.isEmpty, let then = s["then"] else { continue }
                let o = sub(then); out.problems += o.problems; out.evaluated.formUnion(o.evaluated)
            case ("then", _):
                continue
            default:
                fail("the checker does not know the keyword \(m.key)")
            }
        }
        if s["unevaluatedProperties"] == .bool(false), case .object(let o) = v {
            for k in o.keys.sorted() where !out.evaluated.contains(k) { fail("unevaluated key \(k)") }
        }
        return out
    }

    private static func hasType(_ v: JSONValue, _ t: String) -> Bool {
        switch (t, v) {
        case ("object", .object), ("array", .array), ("string", .string), ("boolean", .bool), ("null", .null), ("number", .number): true
        case ("integer", .number(let x)): x == x.rounded()
        default: false
        }
    }

    private static func equal(_ v: JSONValue, _ s: OrderedJSON) -> Bool {
        switch (v, s) {
        case (.string(let a), .string(let b)): a == b
        case (.number(let a), .number(let b)): a == b
        case (.bool(let a), .bool(let b)): a == b
        case (.null, .null): true
        default: false
        }
    }
}
