import Foundation
import PushSim

extension Command {
    /// What this machine can give a run writing into `folder` (nil: nothing written):
    /// the memory available and the free space of the folder's file system.
    /// `PUSHSIM_FREE_MEMORY` and `PUSHSIM_FREE_DISK` (bytes) replace what is measured (for
    /// tests; docs/testing.md).
    static func sizeLimits(writingInto folder: URL?, environment: [String: String]) -> ScenarioSize.Limits {
        let memory = environment["PUSHSIM_FREE_MEMORY"].flatMap(Double.init) ?? availableMemory()
        let disk = folder.map { environment["PUSHSIM_FREE_DISK"].flatMap(Double.init) ?? freeDisk(at: $0) }
        return ScenarioSize.Limits(memory: memory, disk: disk ?? nil)
    }

    /// Memory available for a new process: Linux's `MemAvailable` (/proc/meminfo), else the
    /// physical memory.
    static func availableMemory() -> Double {
        if let text = try? String(contentsOfFile: "/proc/meminfo", encoding: .utf8),
           let line = text.split(separator: "\n").first(where: { $0.hasPrefix("MemAvailable:") }),
           let kB = line.split(separator: " ").dropFirst().first.flatMap({ Double($0) }) {
            return kB * 1024
        }
        return Double(ProcessInfo.processInfo.physicalMemory)
    }

    /// Free bytes (for an unprivileged user) of the file system `folder` is or will be on:
    /// that of its nearest existing ancestor; nil when none can be asked.
    static func freeDisk(at folder: URL) -> Double? {
        var url = folder.absoluteURL.standardized
        while !FileManager.default.fileExists(atPath: url.path) {
            let parent = url.deletingLastPathComponent()
            guard parent.path != url.path else { return nil }
            url = parent
        }
        var s = statvfs()
        guard statvfs(url.path, &s) == 0 else { return nil }
        return Double(s.f_bavail) * Double(s.f_frsize)
    }

    /// Refuses `scenario` (exit 2) when its estimate passes a limit of this machine, unless
    /// `--allow-large`.
    static func checkSize(_ scenario: Scenario, _ a: Arguments, file: String, jobs: Int, runs: RunsFormat, folder: URL,
                          environment: [String: String]) throws {
        guard !a.flags.contains("--allow-large") else { return }
        try ScenarioSize(scenario).check(sizeLimits(writingInto: folder, environment: environment), jobs: jobs, format: runs,
                                         file: file, folder: folder.path)
    }

    /// `checkSize` for the points of `plan` this shard computes.
    static func checkSize(_ plan: SweepPlan, _ a: Arguments, options: SweepRunner.Options, folder: URL,
                          environment: [String: String]) throws {
        guard !a.flags.contains("--allow-large") else { return }
        try SweepSize(plan, shard: options.shard).check(sizeLimits(writingInto: folder, environment: environment), jobs: options.jobs,
                                                        format: options.runs, file: plan.file, folder: folder.path)
    }
}
