import Foundation
import Testing
@testable import PushSim

/// Runs `/usr/bin/env args` in the repository root: its status and its stdout and stderr
/// together (`nil` if it cannot start).
private func run(_ args: [String]) -> (status: Int32, output: String)? {
    let p = Process(), pipe = Pipe()
    p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    p.currentDirectoryURL = repositoryRoot
    p.arguments = args
    p.standardOutput = pipe; p.standardError = pipe
    guard (try? p.run()) != nil else { return nil }
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    p.waitUntilExit()
    return (p.terminationStatus, output)
}

/// Shipped files under Scenarios/, repository-relative: the sweeps (`Scenarios/sweeps/*.json`)
/// or every other scenario (bases included).
private func shipped(sweeps: Bool) -> [String] {
    let all = FileManager.default.enumerator(atPath: scenarioURL("Scenarios").path)?.compactMap { $0 as? String } ?? []
    return all.filter { $0.hasSuffix(".json") }.sorted()
        .filter { ($0.hasPrefix("sweeps/") && !$0.hasPrefix("sweeps/bases/")) == sweeps }.map { "Scenarios/" + $0 }
}

/// The generated files the repository keeps (docs/schema/, docs/plugins.md) against what
/// the declarations give now, and the shipped files against the committed schemas with a
/// standard validator (python3's jsonschema, installed by `make test`).
@Suite("Generated schema and parameter files")
struct SchemaFilesTests {
    @Test("the committed schemas and docs/plugins.md are what pushsim schema and pushsim list --markdown print", arguments: [
        ("docs/schema/scenario.schema.json", ["schema"]),
        ("docs/schema/sweep.schema.json", ["schema", "--sweep"]),
        ("docs/plugins.md", ["list", "--markdown"]),
    ])
    func committedFileIsCurrent(file: String, args: [String]) throws {
        let r = runCLI(args)
        #expect(r.status == 0 && r.err.isEmpty, "\(r.err)")
        let committed = (try? String(contentsOf: scenarioURL(file), encoding: .utf8)) ?? ""
        #expect(committed == r.out, "\(file) is stale: regenerate it with `make schema` (pushsim \(args.joined(separator: " ")) > \(file)) and commit it")
    }

    @Test("pushsim schema rejects arguments")
    func usage() {
        #expect(runCLI(["schema", "x.json"]).status == 2)
        #expect(runCLI(["schema", "--sweeps"]).status == 2)
    }

    @Test("python3 jsonschema validates every shipped scenario and sweep against the committed schemas, and rejects bad ones")
    func standardValidator() throws {
        guard run(["python3", "-c", "import jsonschema"])?.status == 0 else {
            Issue.record("python3 cannot import jsonschema: install it (Debian: apt-get install python3-jsonschema; `make test` does)")
            return
        }
        let script = """
        import json, sys, jsonschema
        bad = 0
        def validator(path):
            schema = json.load(open(path))
            jsonschema.Draft202012Validator.check_schema(schema)
            return jsonschema.Draft202012Validator(schema)
        scenario, sweep = validator(sys.argv[1]), validator(sys.argv[2])
        for path in sys.argv[3:]:
            v = sweep if path.startswith("Scenarios/sweeps/") and "/bases/" not in path else scenario
            for e in v.iter_errors(json.load(open(path))):
                bad += 1
                print(path, list(e.absolute_path), e.message)
        study = json.load(open("Scenarios/push-hint-study.json"))
        misspelled = dict(study); misspelled["replicatons"] = misspelled.pop("replications")
        nested = json.loads(json.dumps(study)); nested["device"]["foregrund"] = ["1s"]
        out_of_range = json.loads(json.dumps(study)); out_of_range["server"]["keys"] = 0
        probability = json.loads(json.dumps(study)); probability["variants"][0]["channel"]["loss"] = 1.5
        sweep_bad = json.load(open("Scenarios/sweeps/loss-rate.json")); sweep_bad["replications"] = 0
        for name, v, doc in [("misspelled key", scenario, misspelled), ("misspelled device key", scenario, nested),
                             ("server.keys 0", scenario, out_of_range), ("loss 1.5", scenario, probability),
                             ("sweep replications 0", sweep, sweep_bad)]:
            if v.is_valid(doc):
                bad += 1
                print("accepted:", name)
        sys.exit(1 if bad else 0)
        """
        let files = shipped(sweeps: false) + shipped(sweeps: true)
        let r = run(["python3", "-c", script, "docs/schema/scenario.schema.json", "docs/schema/sweep.schema.json"] + files)
        #expect(r?.status == 0, "\(r?.output ?? "python3 did not start")")
    }
}
