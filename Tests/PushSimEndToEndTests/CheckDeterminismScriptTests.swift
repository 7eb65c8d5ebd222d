import Foundation
import Testing

/// `scripts/check-determinism.sh` (`make check-determinism`) driven by a stub `pushsim`
/// whose runs always differ, so the script's mismatch path runs in a second.
@Suite struct CheckDeterminismScriptTests {
    /// A stub `BIN`: `run` writes empty reports, `compare --fingerprints` names run
    /// v/s/0 as differing, and `trace` writes two events on odd calls and the same two plus
    /// a third on even calls (one trace a prefix of the other).
    static let stub = """
    #!/usr/bin/env bash
    state="$(dirname "$0")/calls"
    case "$1" in
    run) while [ $# -gt 0 ]; do [ "$1" = --out ] && mkdir -p "$2" && : > "$2/runs.csv" && : > "$2/summary.csv"; shift; done ;;
    compare) echo "fingerprints differ first in row 1 (a vs b)"; echo "run: variant=v strategy=s replication=0"; exit 1 ;;
    trace)
        n=$(( $(cat "$state" 2>/dev/null || echo 0) + 1 )); echo $n > "$state"
        while [ "$1" != --out ]; do shift; done
        printf '{"seq":1}\\n{"seq":2}\\n' > "$2"
        [ $((n % 2)) -eq 0 ] && printf '{"seq":3,"kind":"extra"}\\n' >> "$2"
        exit 0 ;;
    esac
    """

    @Test("a trace that is a prefix of the other names the first extra event; a generic OUT is left alone")
    func prefixTraceAndOut() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let bin = dir.appendingPathComponent("pushsim")
        try Data(Self.stub.utf8).write(to: bin)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: bin.path)
        let unrelated = dir.appendingPathComponent("unrelated")
        try FileManager.default.createDirectory(at: unrelated, withIntermediateDirectories: true)
        try Data("keep".utf8).write(to: unrelated.appendingPathComponent("keep.txt"))

        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["bash", scenarioURL("scripts/check-determinism.sh").path, "x.json"]
        var environment = ProcessInfo.processInfo.environment
        environment["BIN"] = bin.path
        environment["SHUFFLE_TIES"] = "none"
        environment["CHECK_OUT"] = dir.appendingPathComponent("check").path
        environment["OUT"] = unrelated.path
        process.environment = environment
        let (status, output) = try runCaptured(process)

        #expect(status == 1, "\(output)")
        #expect(output.contains("first divergent event (line 3 of the trace)"), "\(output)")
        #expect(output.contains("trace 2: {\"seq\":3,\"kind\":\"extra\"}"), "\(output)")
        #expect(!output.contains("identical events"), "\(output)")
        #expect(FileManager.default.fileExists(atPath: unrelated.appendingPathComponent("keep.txt").path),
                "the script must not empty a folder named by a generic OUT")
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("check/x/jobs1/runs.csv").path))
    }
}
