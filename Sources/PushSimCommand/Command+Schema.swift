import PushSim

extension Command {
    /// `pushsim schema [--sweep]`: the JSON Schema of a scenario file (of a sweep file with
    /// `--sweep`) on stdout, with every kind of the registry (the stock command's: byte for
    /// byte what docs/schema/ keeps, `make schema`).
    /// - Returns: 0.
    /// - Throws: `UsageError` for an unknown option or an argument.
    static func schema(_ a: Arguments, _ registry: PluginRegistry, out: (String) -> Void) throws -> Int32 {
        try a.allow(flags: ["--sweep"])
        guard a.positional.isEmpty else { throw UsageError("schema takes no arguments") }
        out(a.flags.contains("--sweep") ? Schema.sweepText(registry) : Schema.scenarioText(registry))
        return 0
    }
}
