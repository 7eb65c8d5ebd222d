import Foundation
import PushSim

extension Command {
    /// `trace FILE [--point N] [--variant V] [--strategy S] [--replication R]
    /// [--format jsonl|text|svg] [--out PATH] [--seed S] [--shuffle-ties SEED]`: one run,
    /// exactly as `pushsim run` (or `sweep`, for a point of a sweep FILE) computes it, with
    /// every event and what happened in it; `svg` draws it as a sequence chart.
    static func trace(_ a: Arguments, _ registry: PluginRegistry, out: (String) -> Void) throws -> Int32 {
        try a.allow(options: ["--point", "--variant", "--strategy", "--replication", "--format", "--out", "--seed", "--shuffle-ties"])
        let format = a.options["--format"] ?? "jsonl"
        guard ["jsonl", "text", "svg"].contains(format) else { throw UsageError("--format expects jsonl, text or svg, got \"\(format)\"") }
        var (scenario, name, point) = try traceScenario(a, registry)
        if let s = try a.unsigned("--seed") { scenario.seed = s }
        func index(_ option: String, _ names: [String]) throws(UsageError) -> Int {
            guard let name = a.options[option] else { return 0 }
            guard let i = names.firstIndex(of: name) else {
                throw UsageError("\(option): no \"\(name)\" in \(a.positional[0])\(Suggestion.separator(for: name, among: names))"
                                 + "valid: \(names.joined(separator: ", "))")
            }
            return i
        }
        let variant = try index("--variant", scenario.variants.map(\.name))
        let strategy = try index("--strategy", scenario.strategies.map(\.name))
        let replication = try a.int("--replication", in: 0...(scenario.replications - 1)) ?? 0
        let simulation = Simulation(scenario: scenario, shuffleTies: try a.unsigned("--shuffle-ties"))
        let run = Simulation.RunID(variant: variant, strategy: strategy, replication: replication)
        let (outcome, trace) = simulation.trace(run)
        var title = "\(name): \(point.map { "point \($0), " } ?? "")variant \(scenario.variants[variant].name), "
            + "strategy \(scenario.strategies[strategy].name), replication \(replication), seed \(scenario.seed)"
        if let s = simulation.shuffleTies { title += ", ties shuffled with \(s)" }
        title += outcome.converged ? " (converged)" : " (not converged)"
        let text: String
        switch format {
        case "text": text = trace.text(title: title)
        case "svg": text = SequenceChart.svg(trace, context: .init(scenario: scenario, run: run, title: title))
        default: text = trace.jsonLines()
        }
        if let path = a.options["--out"] { try AtomicFile.write(text, to: URL(fileURLWithPath: path)) } else { out(text) }
        return 0
    }

    /// The scenario to trace: FILE itself, or for a sweep file (one with `"axes"`) the
    /// scenario of point `--point` (0-based, default 0), titled "<sweep>: point N (axis=value, …), …".
    /// - Returns: the scenario, the name for the title (the sweep's, for a point) and, for a
    ///   sweep, the point's index and axis values.
    private static func traceScenario(_ a: Arguments, _ registry: PluginRegistry) throws -> (Scenario, String, String?) {
        guard a.positional.count == 1 else { throw UsageError("expected exactly one scenario FILE") }
        let path = a.positional[0]
        if case .sweep = ScenarioFileKind(json: FileManager.default.contents(atPath: path) ?? Data()) {
            let plan = try SweepPlan.load(path: path, registry: registry)
            let i = try a.int("--point", in: 0...(plan.points.count - 1)) ?? 0
            let point = plan.points[i]
            try refuseFleet(point.scenario, file: path)
            let values = zip(plan.spec.axes, point.values).map { "\($0.name)=\($1.label)" }.joined(separator: ", ")
            return (point.scenario, plan.spec.name, "\(i) (\(values))")
        }
        if a.options["--point"] != nil { throw UsageError("--point applies to a sweep file only; \(path) is a scenario") }
        let scenario = try load(a, registry).0
        try refuseFleet(scenario, file: path)
        return (scenario, scenario.name, nil)
    }

    /// A fleet's recipients share its resources: one of them cannot be replayed alone.
    private static func refuseFleet(_ scenario: Scenario, file: String) throws {
        guard scenario.fleet != nil else { return }
        throw ScenarioError(file: file, path: "$.fleet", message: "trace follows one recipient; a fleet's recipients share the fleet's "
            + "resources, so one of them cannot be replayed alone (drop \"fleet\" to trace a lone recipient, or read the fleet's timeline.csv)")
    }
}
