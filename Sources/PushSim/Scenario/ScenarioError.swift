import Foundation

/// Bad input: a file that cannot be read, is not JSON, or does not describe a valid
/// scenario. The CLI prints `description` and exits with status 2.
public struct ScenarioError: Error, Sendable, CustomStringConvertible {
    /// The file, as the user named it.
    public var file: String
    /// JSON path of the offending value (`$` for the whole document, `$.variants[0].channel.loss`).
    public var path: String
    /// What was wrong and what was expected.
    public var message: String

    public init(file: String, path: String, message: String) {
        self.file = file; self.path = path; self.message = message
    }

    /// `file: path: message`.
    public var description: String { "\(file): \(path): \(message)" }

    /// Translates a decoding failure into a message naming the file and the JSON path.
    public init(decoding error: DecodingError, file: String) {
        func path(_ keys: [any CodingKey]) -> String {
            keys.reduce("$") { acc, key in
                if let i = key.intValue { return acc + "[\(i)]" }
                return acc + "." + key.stringValue
            }
        }
        switch error {
        case let .dataCorrupted(ctx):
            if ctx.codingPath.isEmpty, ctx.debugDescription.contains("not valid JSON") {
                // Foundation says this when a number does not fit the expected type.
                self.init(file: file, path: "$", message: "a number does not fit its field (a fraction or negative value where a count is expected?)")
            } else {
                self.init(file: file, path: path(ctx.codingPath), message: ctx.debugDescription)
            }
        case let .keyNotFound(key, ctx):
            let hint = ctx.debugDescription.hasPrefix("No value associated") ? "missing required key \"\(key.stringValue)\"" : ctx.debugDescription
            self.init(file: file, path: path(ctx.codingPath + [key]), message: hint)
        case let .typeMismatch(type, ctx):
            self.init(file: file, path: path(ctx.codingPath), message: "expected \(Self.jsonTypeName(type))")
        case let .valueNotFound(type, ctx):
            self.init(file: file, path: path(ctx.codingPath), message: "expected \(Self.jsonTypeName(type)), found null")
        @unknown default:
            self.init(file: file, path: "$", message: "\(error)")
        }
    }

    private static func jsonTypeName(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: return "a string"
        case is Bool.Type: return "true or false"
        case is Int.Type, is UInt64.Type, is Int64.Type, is Int32.Type: return "an integer"
        case is Double.Type: return "a number"
        case is [Any].Type: return "an array"
        default:
            let name = "\(type)"
            if name.hasPrefix("Array") || name.hasPrefix("UnkeyedDecodingContainer") { return "an array" }
            if name.hasPrefix("Dictionary") || name.hasPrefix("KeyedDecodingContainer") { return "an object" }
            return "a JSON \(name)"
        }
    }
}
