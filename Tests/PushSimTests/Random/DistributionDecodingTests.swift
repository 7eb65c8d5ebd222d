import Foundation
import Testing
@testable import PushSim

/// A wrapper so coding paths have a parent key: `$.d.<parameter>`.
private struct Holder<T: Decodable>: Decodable { let d: T }

/// JSON helpers shared by the Random decoding tests (namespaced to avoid clashes in the
/// test target).
enum RandomJSON {
    /// Decodes `json` as the value of key `d` in an enclosing object.
    static func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
        try JSONDecoder().decode(Holder<T>.self, from: Data(#"{"d": \#(json)}"#.utf8)).d
    }

    /// The context of any `DecodingError`.
    static func context(_ error: DecodingError?) -> DecodingError.Context? {
        switch error {
        case .dataCorrupted(let c)?: c
        case .keyNotFound(_, let c)?: c
        case .typeMismatch(_, let c)?: c
        case .valueNotFound(_, let c)?: c
        default: nil
        }
    }

    /// The coding path (as strings) of the error decoding `json` as `T`; records an issue
    /// if decoding does not throw a `DecodingError`.
    static func failurePath<T: Decodable>(_ type: T.Type, _ json: String) -> [String]? {
        let error = #expect(throws: DecodingError.self) { try decode(type, json) }
        return context(error)?.codingPath.map(\.stringValue)
    }
}

@Suite("Distribution decoding")
struct DistributionDecodingTests {
    @Test("every kind decodes from its JSON object")
    func validObjects() throws {
        let cases: [(String, Distribution)] = [
            (#"{"kind": "constant", "value": 2.5}"#, .constant(value: 2.5)),
            (#"{"kind": "uniform", "min": 1, "max": 3}"#, .uniform(min: 1, max: 3)),
            (#"{"kind": "uniformInt", "min": 0, "max": 4}"#, .uniformInt(min: 0, max: 4)),
            (#"{"kind": "exponential", "mean": 30}"#, .exponential(mean: 30)),
            (#"{"kind": "lognormal", "mu": -1, "sigma": 0.5}"#, .lognormal(mu: -1, sigma: 0.5)),
            (#"{"kind": "gamma", "shape": 2, "scale": 3}"#, .gamma(shape: 2, scale: 3)),
            (#"{"kind": "weibull", "scale": 2, "shape": 0.7}"#, .weibull(scale: 2, shape: 0.7)),
            (#"{"kind": "pareto", "shape": 2.5, "scale": 1}"#, .pareto(shape: 2.5, scale: 1)),
            (#"{"kind": "bernoulli", "p": 0.2}"#, .bernoulli(p: 0.2)),
            (#"{"kind": "discrete", "weights": [1, 3], "values": [5, 7]}"#,
             .discrete(DiscreteTable(weights: [1, 3], values: [5, 7])!)),
            (#"{"kind": "discrete", "weights": [1, 0, 3]}"#, .discrete(DiscreteTable(weights: [1, 0, 3])!)),
        ]
        for (json, expected) in cases {
            #expect(try RandomJSON.decode(Distribution.self, json) == expected, "\(json)")
        }
    }

    @Test("an unknown kind is rejected with every valid kind listed")
    func unknownKind() {
        let error = #expect(throws: DecodingError.self) {
            try RandomJSON.decode(Distribution.self, #"{"kind": "normal", "mean": 1}"#)
        }
        let context = RandomJSON.context(error)
        #expect(context?.codingPath.map(\.stringValue) == ["d", "kind"])
        let message = context?.debugDescription ?? ""
        #expect(message.contains("\"normal\""))
        for kind in Distribution.kinds.map(\.kind) { #expect(message.contains(kind), "missing \(kind)") }
    }

    @Test("a missing kind is rejected")
    func missingKind() {
        #expect(RandomJSON.failurePath(Distribution.self, #"{"mean": 1}"#) == ["d"])
    }

    @Test("bad parameters are rejected at their JSON path", arguments: [
        (#"{"kind": "lognormal", "mu": 0, "sigma": -0.5}"#, "sigma"),
        (#"{"kind": "bernoulli", "p": 1.5}"#, "p"),
        (#"{"kind": "bernoulli", "p": -0.1}"#, "p"),
        (#"{"kind": "exponential", "mean": 0}"#, "mean"),
        (#"{"kind": "exponential", "rate": 2}"#, "rate"),
        (#"{"kind": "exponential", "mean": 2, "rate": 2}"#, "rate"),
        (#"{"kind": "gamma", "shape": 2, "scale": -3}"#, "scale"),
        (#"{"kind": "weibull", "scale": 2, "shape": 0}"#, "shape"),
        (#"{"kind": "pareto", "shape": -1, "scale": 1}"#, "shape"),
        (#"{"kind": "uniform", "min": 3, "max": 1}"#, "max"),
        (#"{"kind": "uniformInt", "min": 3, "max": 1}"#, "max"),
        (#"{"kind": "uniformInt", "min": 0, "max": 1.5}"#, "max"),
        (#"{"kind": "uniformInt", "min": 0, "max": 9999999999}"#, "max"),
        (#"{"kind": "discrete", "weights": [1, -1]}"#, "weights"),
        (#"{"kind": "discrete", "weights": [0, 0]}"#, "weights"),
        (#"{"kind": "discrete", "weights": []}"#, "weights"),
        (#"{"kind": "discrete", "weights": [1, 2], "values": [1]}"#, "values"),
        (#"{"kind": "constant", "value": "3"}"#, "value"),
        (#"{"kind": "gamma", "shape": 2}"#, "d"),
        (#"{"kind": "constant", "value": 1, "unit": "s"}"#, "unit"),
    ])
    func badParameter(json: String, key: String) {
        let path = RandomJSON.failurePath(Distribution.self, json)
        #expect(path?.last == key, "\(json) → \(path ?? [])")
        #expect(path?.first == "d")
    }

    @Test("range messages say what was expected")
    func messages() {
        let error = #expect(throws: DecodingError.self) {
            try RandomJSON.decode(Distribution.self, #"{"kind": "bernoulli", "p": 1.5}"#)
        }
        #expect(RandomJSON.context(error)?.debugDescription == "expected a probability in [0, 1], got 1.5")
    }
}
