import PushSim

extension Command {
    /// Appends the strategies of `--strategy KIND[:JSON]` (run and validate; repeatable, in
    /// command-line order) to `scenario`'s, after its own: `StrategySpec.parse(option:)`.
    /// - Throws: `UsageError` naming the option and its value (`--strategy 'hintPul': unknown
    ///   strategy kind …`, with the JSON path inside the value when there is one): a value
    ///   that does not parse, or a report name the scenario or an earlier `--strategy` has.
    static func addStrategies(_ a: Arguments, to scenario: inout Scenario, registry: PluginRegistry) throws(UsageError) {
        let own = scenario.strategies.count
        for text in a.repeated["--strategy"] ?? [] {
            let spec: StrategySpec
            do { spec = try StrategySpec.parse(option: text, registry: registry) } catch {
                throw UsageError("--strategy '\(text)': \(error.path == "$" ? "" : error.path + ": ")\(error.message)")
            }
            if let i = scenario.strategies.firstIndex(where: { $0.name == spec.name }) {
                let holder = i < own ? "the scenario's strategies[\(i)]" : "an earlier --strategy"
                throw UsageError("--strategy '\(text)': the report name \"\(spec.name)\" is taken by \(holder); "
                                 + "give this one its own: \(type(of: spec.prototype).kind):{\"name\": \"…\"}")
            }
            scenario.strategies.append(spec)
        }
    }
}
