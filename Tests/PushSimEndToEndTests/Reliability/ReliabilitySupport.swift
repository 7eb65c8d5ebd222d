import Foundation
import Testing
@testable import PushSim

/// What the reliability tests share: the built `pushsim` as a child process (optionally
/// armed with a fail point, `FailPoint`), and a results folder's report set as bytes.
enum Reliability {
    static let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("pushsim")
    static let study = scenarioURL("Scenarios/push-hint-study.json").path
    static let reportNames = ["runs.csv", "summary.csv", "paired.csv", "meta.json", "plot.gp"]

    /// Runs `pushsim ARGS` as a child (environment as `runCLI`'s, plus `failPoint`).
    /// - Returns: the exit status (128 + signal when killed: 137 for SIGKILL) and stderr.
    @discardableResult
    static func child(_ args: [String], failPoint: String? = nil) throws -> (status: Int32, err: String, killed: Bool) {
        let p = Process()
        p.executableURL = binary
        p.arguments = args
        var env = ProcessInfo.processInfo.environment.merging(["CI": "1", "PUSHSIM_COMMIT": "test"]) { $1 }
        env["PUSHSIM_FAILPOINT"] = failPoint
        p.environment = env
        p.standardOutput = FileHandle.nullDevice
        let pipe = Pipe()
        p.standardError = pipe
        try p.run()
        let err = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        return (p.terminationStatus, err, p.terminationReason == .uncaughtSignal)
    }

    /// The report files of `folder` that exist, name → bytes.
    static func reports(_ folder: URL) -> [String: Data] {
        var out: [String: Data] = [:]
        for name in reportNames { out[name] = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path) }
        return out
    }

    /// Names in `folder` (not recursive) matching `suffix`.
    static func names(in folder: URL, suffix: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(suffix) }.sorted()
    }

    /// Copies folder `a` to a new path `b`.
    static func copy(_ a: URL, to b: URL) throws {
        try? FileManager.default.removeItem(at: b)
        try FileManager.default.copyItem(at: a, to: b)
    }

    /// A sweep file of the lossy variant's loss over `values`, at `replications`.
    static func sweep(in dir: URL, replications: Int, values: [Double] = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6]) throws -> String {
        let url = dir.appendingPathComponent("sweep-\(replications).json")
        let text = """
            {"name": "r", "base": "\(study)", "replications": \(replications), "variants": ["lossy"],
             "axes": [{"name": "loss", "path": "variants[lossy].channel.loss", "values": \(values)}]}
            """
        try Data(text.utf8).write(to: url)
        return url.path
    }

    /// The `replications` column of a summary.csv, one value per row.
    static func replications(_ summary: URL) throws -> [String] {
        let rows = CSV.parse(String(decoding: try Data(contentsOf: summary), as: UTF8.self))
        let column = try #require(rows.first?.firstIndex(of: "replications"))
        return rows.dropFirst().map { $0[column] }
    }
}
