import Foundation

extension StrategySpec {
    /// The strategy of a command-line `--strategy KIND[:JSON]` value: `KIND` alone (every
    /// parameter at its default, as `{"kind": "KIND"}`), or `KIND:` and a JSON object of its
    /// parameters and optional report `"name"` (`hintPullRetry:{"delay": "10s"}`,
    /// `polling:{"interval": "5m", "name": "poll5"}`), decoded as the scenario's strategies
    /// are, with `registry`.
    /// - Parameter directory: where relative files the parameters name are found.
    /// - Throws: `ScenarioError` whose `file` is empty and whose `path` is a JSON path in the
    ///   object (`$.kind`, `$.delay`; `$` for the whole): an unknown kind (with the nearest
    ///   kind when one is near), JSON that is malformed or not an object, a `"kind"` inside
    ///   the object (it goes before the colon), a bad or missing parameter.
    public static func parse(option text: String, registry: PluginRegistry = .builtIn, directory: URL? = nil) throws(ScenarioError) -> StrategySpec {
        let kind = String(text.prefix { $0 != ":" })
        var object = "{}"
        if kind.count < text.count {
            object = String(text.dropFirst(kind.count + 1))
            let keys: [String]
            do { keys = try StrictJSON.check(Data(object.utf8), file: "") } catch {
                // StrictJSON speaks of a file; here the text is the part after "KIND:".
                throw ScenarioError(file: "", path: error.path, message: error.message
                    .replacingOccurrences(of: "(line:column)", with: "(line:column of the text after \"\(kind):\")")
                    .replacingOccurrences(of: "the file", with: "the JSON"))
            }
            let trimmed = object.trimmingCharacters(in: .whitespacesAndNewlines)
            guard trimmed.hasPrefix("{") else {
                throw ScenarioError(file: "", path: "$", message: "expected a JSON object of the strategy's parameters after \"\(kind):\"")
            }
            if keys.contains("kind") {
                throw ScenarioError(file: "", path: "$.kind", message: "the kind goes before the colon (KIND:{…}), not into the object")
            }
            object = trimmed
        }
        let kindText = (try? JSONSerialization.data(withJSONObject: kind, options: [.fragmentsAllowed])) ?? Data("\"\"".utf8)
        let inner = object.dropFirst().drop { $0.isWhitespace }
        let json = "{\"kind\": " + String(decoding: kindText, as: UTF8.self) + (inner.first == "}" ? "" : ", ") + inner
        return try decodeStrictJSON(StrategySpec.self, Data(json.utf8), file: "", registry: registry,
                                    directory: directory ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
    }
}
