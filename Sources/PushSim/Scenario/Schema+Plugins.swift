extension Schema {
    /// The schema of one plug-in kind's JSON object: `"kind"` fixed to `T.kind`, the other
    /// reserved keys (a strategy's `"name"`) as strings, then `T.params`.
    public static func fragment<T: Plugin>(of type: T.Type) -> OrderedJSON {
        let reserved = T.reservedKeys.map { key -> (String, OrderedJSON) in
            key == "kind" ? (key, .object(["const": .string(T.kind)])) : (key, .object(["type": "string", "minLength": 1]))
        }
        guard case .object(var members) = object(T.params, reserved: reserved, requireReserved: ["kind"]) else { return .null }
        members.insert(.init("description", .string(T.summary)), at: 0)
        return .object(members)
    }

    /// `{"$ref": "#/$defs/<name>"}`.
    static func ref(_ name: String) -> OrderedJSON { .object(["$ref": .string("#/$defs/" + name)]) }

    /// One family: an object chosen by `"kind"` (each kind's fragment under `if`/`then`),
    /// or, with `shorthand`, also a kind string for the kinds without a required parameter.
    static func family(_ name: String, _ kinds: [(kind: String, required: Bool)], shorthand: Bool) -> OrderedJSON {
        let names = kinds.map { OrderedJSON.string($0.kind) }
        let chosen: OrderedJSON = .object([
            "type": "object",
            "required": ["kind"],
            "properties": .object(["kind": .object(["enum": .array(names)])]),
            "allOf": .array(kinds.map { k in
                .object(["if": .object(["properties": .object(["kind": .object(["const": .string(k.kind)])])]),
                         "then": ref("\(name).\(k.kind)")])
            }),
        ])
        guard shorthand else { return chosen }
        let bare = kinds.filter { !$0.required }.map { OrderedJSON.string($0.kind) }
        return .object(["anyOf": .array([.object(["enum": .array(bare)]), chosen])])
    }

    /// `$defs` of the plug-in parts: the value definitions, `channel`, `strategy`, `sender`,
    /// and `channel.<kind>`, `strategy.<kind>`, `sender.<kind>` for every kind of `registry`.
    public static var pluginDefinitions: [OrderedJSON.Member] { pluginDefinitions(.builtIn) }

    /// `pluginDefinitions` for the kinds of `registry` (built-ins and other packages' kinds).
    public static func pluginDefinitions(_ registry: PluginRegistry) -> [OrderedJSON.Member] {
        func entries<T>(_ family: String, _ types: [T], _ kind: (T) -> String, _ fragment: (T) -> OrderedJSON) -> [OrderedJSON.Member] {
            types.map { .init("\(family).\(kind($0))", fragment($0)) }
        }
        func needs(_ params: [AnyParam]) -> Bool { params.contains(where: \.isRequired) }
        return valueDefinitions + [
            .init("channel", family("channel", registry.channels.map { ($0.kind, needs($0.params)) }, shorthand: false)),
            .init("strategy", family("strategy", registry.strategies.map { ($0.kind, needs($0.params)) }, shorthand: true)),
            .init("sender", family("sender", registry.senders.map { ($0.kind, needs($0.params)) }, shorthand: true)),
            .init("client", object(of: ClientSpec.self)),
        ]
            + entries("channel", registry.channels, { $0.kind }, { kindFragment($0) })
            + entries("strategy", registry.strategies, { $0.kind }, { kindFragment($0) })
            + entries("sender", registry.senders, { $0.kind }, { kindFragment($0) })
    }

    /// The schema of a scenario file's plug-in parts: `strategies[]`, `sender`, `client`,
    /// `variants[].channel`, `variants[].sender` and `variants[].client` are checked; every
    /// other key of the scenario and of a variant is left open (for the CLI to combine with
    /// the scenario's own keys, or to use on its own to check a file's plug-in objects).
    public static func scenarioPlugins() -> OrderedJSON {
        .object([
            "$schema": .string(dialect),
            "title": "PushSim scenario (plug-in parts)",
            "type": "object",
            "properties": .object([
                "strategies": .object(["type": "array", "items": ref("strategy")]),
                "sender": ref("sender"),
                "client": ref("client"),
                "variants": .object(["type": "array", "items": .object([
                    "type": "object",
                    "properties": .object(["channel": ref("channel"), "sender": ref("sender"), "client": ref("client")]),
                ])]),
            ]),
            "$defs": .object(pluginDefinitions),
        ])
    }

    /// `scenarioPlugins()` as pretty-printed JSON text with a final newline (for `pushsim schema`).
    public static func scenarioPluginsText() -> String { scenarioPlugins().pretty() + "\n" }
}

extension Schema {
    /// `fragment(of:)` for a kind from `Registry` (an existential metatype, opened here).
    static func kindFragment<T: Plugin>(_ t: T.Type) -> OrderedJSON { fragment(of: t) }
}
