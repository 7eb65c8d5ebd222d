import PushSim

/// `pushsim list`: every kind a scenario can name, with its parameters, and the keys of a
/// scenario file.
enum Listing {
    /// The listing of every kind in `registry` (built-ins first, in `Registry` order).
    static func text(_ registry: PluginRegistry = .builtIn) -> String {
        var s = "CHANNELS (variants[].channel.kind)\n"
        for t in registry.channels { s += entry(t.kind, t.summary, t.parameters) }
        s += "\nSTRATEGIES (strategies[] or strategies[].kind)\n"
        for t in registry.strategies { s += entry(t.kind, t.summary, t.parameters) }
        s += "\nSENDERS (sender or variants[].sender, a kind string or {\"kind\": …}; default perChange)\n"
        for t in registry.senders { s += entry(t.kind, t.summary, t.parameters) }
        s += "\nDISTRIBUTIONS (kind; duration distributions add \"unit\": us|ms|s|m|h|d, or are a duration string)\n"
        for d in Distribution.kinds { s += "  \(d.kind)(\(d.parameters))\n      \(d.summary)\n" }
        s += "\nGENERATORS (generator, default \(GeneratorType.default.name))\n  " + GeneratorType.allNames.joined(separator: " ") + "\n"
        s += "\nSCENARIO KEYS (top level; an object's keys as object.key, the first time it appears)\n"
        var expanded: Set<String> = []
        s += keys(Scenario.params, prefix: "", &expanded)
        return s
    }

    /// One line per key, then its object's keys as `prefix.name.key` (each object type once).
    private static func keys(_ params: [AnyParam], prefix: String, _ expanded: inout Set<String>) -> String {
        var s = ""
        for p in params {
            let value = p.isRequired ? "required" : "default " + p.defaultText
            s += "      \(prefix)\(p.name): \(p.type), \(value): \(p.doc)\n"
            if !p.nested.isEmpty, expanded.insert(p.type).inserted { s += keys(p.nested, prefix: prefix + p.name + ".", &expanded) }
        }
        return s
    }

    private static func entry(_ kind: String, _ summary: String, _ parameters: [ParameterDoc]) -> String {
        "  \(kind)\n      \(summary)\n" + lines(parameters, prefix: "")
    }

    /// One line per parameter, then its object's fields as `prefix.name.field`.
    private static func lines(_ parameters: [ParameterDoc], prefix: String) -> String {
        parameters.map { p in
            let value = p.defaultValue == "required" ? "required" : "default " + p.defaultValue
            return "      \(prefix)\(p.name): \(p.type), \(value): \(p.summary)\n" + lines(p.fields, prefix: prefix + p.name + ".")
        }.joined()
    }
}
