import PushSim

extension Command {
    /// `pushsim schema [--sweep]`: the JSON Schema of a scenario file (of a sweep file with
    /// `--sweep`) on stdout, byte for byte what docs/schema/ keeps (`make schema`).
    /// - Returns: 0.
    /// - Throws: `UsageError` for an unknown option or an argument.
    static func schema(_ a: Arguments, out: (String) -> Void) throws -> Int32 {
        try a.allow(flags: ["--sweep"])
        guard a.positional.isEmpty else { throw UsageError("schema takes no arguments") }
        out(a.flags.contains("--sweep") ? Schema.sweepText() : Schema.scenarioText())
        return 0
    }
}
