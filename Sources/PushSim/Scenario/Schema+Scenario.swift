extension Schema {
    /// A name that also names a results folder: non-empty, no `/`, not starting with `.`.
    static let folderName: OrderedJSON = .object(["type": "string", "pattern": "^[^/.][^/]*$"])

    /// A UTC instant `"YYYY-MM-DDTHH:MM:SSZ"` (the decoder also checks the calendar).
    static let utcInstant: OrderedJSON = .object([
        "type": "string", "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z$",
    ])

    /// The object definitions a scenario file refers to by name, besides the plug-in ones.
    static var scenarioDefinitions: [OrderedJSON.Member] {
        [
            .init("server", object(of: ServerSpec.self)),
            .init("changeSchedule", object(of: ChangeSchedule.self)),
            .init("message", object(of: MessageTemplate.self)),
            .init("device", object(of: DeviceSpec.self)),
            .init("app", object(of: AppSpec.self)),
            .init("doze", object(of: DozeParameters.self)),
            .init("period", object(of: Period.self)),
            .init("recipient", object(of: RecipientSpec.self)),
            .init("variant", object(of: Variant.self)),
        ]
    }

    /// The JSON Schema of a scenario file: every key `Scenario` decodes (from the key
    /// declarations of `Scenario`, `Variant`, `ServerSpec`, `DeviceSpec`, … and of every
    /// registered plug-in kind), unknown keys rejected everywhere, as the decoder does.
    public static func scenario(_ registry: PluginRegistry = .builtIn) -> OrderedJSON {
        document(title: "PushSim scenario", body: object(of: Scenario.self), definitions: pluginDefinitions(registry) + scenarioDefinitions)
    }

    /// The JSON Schema of a sweep file (`SweepSpec`): the sweep's own keys, its axes and
    /// constraints; `strategies` as in a scenario.
    public static func sweep(_ registry: PluginRegistry = .builtIn) -> OrderedJSON {
        document(title: "PushSim sweep", body: object(of: SweepSpec.self),
                 definitions: pluginDefinitions(registry) + [.init("axis", object(of: Axis.self))])
    }

    /// `scenario()` as pretty-printed JSON text with a final newline (`pushsim schema`).
    public static func scenarioText(_ registry: PluginRegistry = .builtIn) -> String { scenario(registry).pretty() + "\n" }

    /// `sweep()` as pretty-printed JSON text with a final newline (`pushsim schema --sweep`).
    public static func sweepText(_ registry: PluginRegistry = .builtIn) -> String { sweep(registry).pretty() + "\n" }

    /// `body` (an object schema) under `$schema` and `title`, with `definitions` as `$defs`.
    private static func document(title: String, body: OrderedJSON, definitions: [OrderedJSON.Member]) -> OrderedJSON {
        guard case .object(let members) = body else { return body }
        return .object([.init("$schema", .string(dialect)), .init("title", .string(title))] + members
                       + [.init("$defs", .object(definitions))])
    }
}
