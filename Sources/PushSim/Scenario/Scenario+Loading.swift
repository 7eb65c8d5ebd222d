import Foundation

extension Scenario {
    /// Reads and validates a scenario file.
    /// - Parameters:
    ///   - path: the file, as the user named it (it appears in error messages).
    ///   - registry: the kinds the file may name (default: the built-in ones).
    /// - Throws: `ScenarioError` naming the file and JSON path for an unreadable file,
    ///   malformed JSON, an unknown kind or key, or an out-of-range value.
    public static func load(path: String, registry: PluginRegistry = .builtIn) throws(ScenarioError) -> (scenario: Scenario, bytes: Data) {
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
            throw ScenarioError(file: path, path: "$", message: "cannot read the file (\((error as NSError).localizedDescription))")
        }
        return (try decode(data, file: path, registry: registry), data)
    }

    /// Decodes and validates scenario JSON.
    /// - Parameters:
    ///   - file: the name to put in error messages.
    ///   - registry: the kinds the JSON may name (default: the built-in ones).
    ///   - directory: where a relative sample file (`empirical`'s `file`) is found; nil:
    ///     the folder of `file`.
    /// - Throws: `ScenarioError`; for a sweep file (`ScenarioFileKind`), at `$`: "a sweep
    ///   file (it has "axes"), not a scenario".
    public static func decode(_ data: Data, file: String, registry: PluginRegistry = .builtIn, directory: URL? = nil) throws(ScenarioError) -> Scenario {
        try decode(data, file: file, registry: registry, directory: directory, strict: true)
    }

    /// `decode(_:file:registry:directory:)`; without `strict`, the text is not given to
    /// `StrictJSON` first (for text PushSim wrote itself from checked parts, e.g. a sweep
    /// point after its first: `PointTemplate`).
    static func decode(_ data: Data, file: String, registry: PluginRegistry, directory: URL?, strict: Bool) throws(ScenarioError) -> Scenario {
        let log = SampleFile.Log()
        var scenario = try decodeStrictJSON(Scenario.self, data, file: file, registry: registry, directory: directory, log: log,
                                            strict: strict) { keys throws(ScenarioError) in
            if case let .sweep(key) = ScenarioFileKind(topLevelKeys: keys) {
                throw ScenarioError(file: file, path: "$", message: "a sweep file (it has \"\(key)\"), not a scenario")
            }
        }
        scenario.sampleFiles = log.sources
        return scenario
    }
}

/// Decodes `data` as `T` from JSON: the text must pass `StrictJSON.check` (no duplicate
/// key, no trailing comma, numbers within `Double`, …); its failures and decoding failures
/// become a `ScenarioError` naming `file` and the JSON path (line and column for syntax errors).
/// Plug-in kinds are looked up in `registry` (given to the decoder's `userInfo`), relative
/// sample files in `directory` (nil: the folder of `file`; `SampleFile.directoryKey`).
/// `inspect` sees the top-level keys first (to reject a file of the wrong kind as a whole).
/// Only `JSONDecoder` parses the text (no `JSONSerialization` pass besides), so an explicit
/// list costs one decode. Without `strict` neither the check nor `inspect` runs.
func decodeStrictJSON<T: Decodable>(_ type: T.Type, _ data: Data, file: String, registry: PluginRegistry = .builtIn, directory: URL? = nil,
                                    log: SampleFile.Log? = nil, strict: Bool = true,
                                    inspect: ([String]) throws(ScenarioError) -> Void = { _ in }) throws(ScenarioError) -> T {
    if strict { try inspect(try StrictJSON.check(data, file: file)) }
    do {
        let decoder = JSONDecoder()
        decoder.userInfo[PluginRegistry.userInfoKey] = registry
        decoder.userInfo[SampleFile.directoryKey] = directory ?? URL(fileURLWithPath: file).deletingLastPathComponent()
        if let log { decoder.userInfo[SampleFile.logKey] = log }
        return try decoder.decode(T.self, from: data)
    } catch let error as DecodingError {
        throw ScenarioError(decoding: error, file: file)
    } catch {
        throw ScenarioError(file: file, path: "$", message: "\(error)")
    }
}
