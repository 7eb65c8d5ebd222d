import Foundation
import PushSim

extension Command {
    /// `trace FILE [--variant V] [--strategy S] [--replication R] [--format jsonl|text]
    /// [--out PATH] [--seed S] [--shuffle-ties SEED]`: one run, exactly as `pushsim run`
    /// computes it, with every event and what happened in it.
    static func trace(_ a: Arguments, _ registry: PluginRegistry, out: (String) -> Void) throws -> Int32 {
        try a.allow(options: ["--variant", "--strategy", "--replication", "--format", "--out", "--seed", "--shuffle-ties"])
        var (scenario, _) = try load(a, registry)
        if let s = try a.unsigned("--seed") { scenario.seed = s }
        let format = a.options["--format"] ?? "jsonl"
        guard ["jsonl", "text"].contains(format) else { throw UsageError("--format expects jsonl or text, got \"\(format)\"") }
        func index(_ option: String, _ names: [String]) throws(UsageError) -> Int {
            guard let name = a.options[option] else { return 0 }
            guard let i = names.firstIndex(of: name) else {
                throw UsageError("\(option): no \"\(name)\" in \(a.positional[0]); valid: \(names.joined(separator: ", "))")
            }
            return i
        }
        let variant = try index("--variant", scenario.variants.map(\.name))
        let strategy = try index("--strategy", scenario.strategies.map(\.name))
        let replication = try a.int("--replication", in: 0...(scenario.replications - 1)) ?? 0
        let simulation = Simulation(scenario: scenario, shuffleTies: try a.unsigned("--shuffle-ties"))
        let (outcome, trace) = simulation.trace(.init(variant: variant, strategy: strategy, replication: replication))
        let text: String
        if format == "text" {
            var title = "\(scenario.name): variant \(scenario.variants[variant].name), strategy \(scenario.strategies[strategy].name), "
                + "replication \(replication), seed \(scenario.seed)"
            if let s = simulation.shuffleTies { title += ", ties shuffled with \(s)" }
            title += outcome.converged ? " (converged)" : " (not converged)"
            text = trace.text(title: title)
        } else {
            text = trace.jsonLines()
        }
        if let path = a.options["--out"] { try AtomicFile.write(text, to: URL(fileURLWithPath: path)) } else { out(text) }
        return 0
    }
}
