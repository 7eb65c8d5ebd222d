import Foundation

extension Scenario {
    /// Reads and validates a scenario file.
    /// - Parameter path: the file, as the user named it (it appears in error messages).
    /// - Throws: `ScenarioError` naming the file and JSON path for an unreadable file,
    ///   malformed JSON, an unknown kind or key, or an out-of-range value.
    public static func load(path: String) throws(ScenarioError) -> (scenario: Scenario, bytes: Data) {
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
            throw ScenarioError(file: path, path: "$", message: "cannot read the file (\((error as NSError).localizedDescription))")
        }
        return (try decode(data, file: path), data)
    }

    /// Decodes and validates scenario JSON.
    /// - Parameter file: the name to put in error messages.
    public static func decode(_ data: Data, file: String) throws(ScenarioError) -> Scenario {
        try decodeStrictJSON(Scenario.self, data, file: file)
    }
}

/// Decodes `data` as `T` from JSON: malformed JSON and decoding failures become a
/// `ScenarioError` naming `file` and the JSON path (line and column for syntax errors).
func decodeStrictJSON<T: Decodable>(_ type: T.Type, _ data: Data, file: String) throws(ScenarioError) -> T {
    do {
        _ = try JSONSerialization.jsonObject(with: data)
    } catch {
        throw ScenarioError(file: file, path: "$", message: "malformed JSON: \(malformedJSONDetail(error, data))")
    }
    do {
        return try JSONDecoder().decode(T.self, from: data)
    } catch let error as DecodingError {
        throw ScenarioError(decoding: error, file: file)
    } catch {
        throw ScenarioError(file: file, path: "$", message: "\(error)")
    }
}

/// Foundation's parse error, with "character N" turned into a line and column.
func malformedJSONDetail(_ error: any Error, _ data: Data) -> String {
    let detail = ((error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String) ?? "\(error)"
    guard let range = detail.range(of: #"character (\d+)"#, options: .regularExpression),
          let offset = Int(detail[range].dropFirst("character ".count)) else { return detail }
    var line = 1, column = 1
    for byte in data.prefix(offset) {
        if byte == UInt8(ascii: "\n") { line += 1; column = 1 } else { column += 1 }
    }
    return detail + " (line \(line), column \(column))"
}
