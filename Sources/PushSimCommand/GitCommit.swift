import Foundation

/// The git commit of the running `pushsim` build, for `meta.json` and `--version`, never
/// the commit of the directory it runs in. `PUSHSIM_COMMIT` in the environment wins (the
/// Makefile exports it, with `-dirty` for uncommitted changes); else, in order:
///
/// 1. `<executable>.commit` beside the binary, one line (`make build` writes it, `make
///    install` copies it), which an installed copy carries with it;
/// 2. `git rev-parse HEAD` in the checkout the executable was built in (the executable
///    lies under a folder holding `Sources/PushSim`, as `.build/release/pushsim` does),
///    when that folder is the top of a git work tree: a plain copy of the tree (no `.git`)
///    lying inside another repository does not take that repository's commit;
/// 3. nil: unknown.
enum GitCommit {
    /// The commit and where it came from (`"make build"`, `"git rev-parse HEAD"`), or nil.
    static func found() -> (commit: String, source: String)? {
        let exe = URL(fileURLWithPath: FileManager.default.fileExists(atPath: "/proc/self/exe") ? "/proc/self/exe" : CommandLine.arguments[0])
            .resolvingSymlinksInPath()
        if let text = try? String(contentsOf: URL(fileURLWithPath: exe.path + ".commit"), encoding: .utf8) {
            let line = text.trimmingCharacters(in: .whitespacesAndNewlines)
            if !line.isEmpty, !line.contains("\n") { return (line, exe.lastPathComponent + ".commit, written by make build") }
        }
        var dir = exe.deletingLastPathComponent()
        while dir.path != "/" {
            if FileManager.default.fileExists(atPath: dir.appendingPathComponent("Sources/PushSim").path) {
                return git(in: dir).map { ($0, "git rev-parse HEAD in \(dir.path)") }
            }
            dir = dir.deletingLastPathComponent()
        }
        return nil
    }

    /// The commit alone (`found()`), or nil.
    static func current() -> String? { found()?.commit }

    private static func git(in dir: URL) -> String? {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["git", "-C", dir.path, "rev-parse", "--show-toplevel", "HEAD"]
        let pipe = Pipe()
        p.standardOutput = pipe
        p.standardError = FileHandle.nullDevice
        guard (try? p.run()) != nil else { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        guard p.terminationStatus == 0 else { return nil }
        // Two lines: the work tree's top folder, then the commit.
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
        guard lines.count == 2, !lines[1].isEmpty,
              URL(fileURLWithPath: lines[0]).resolvingSymlinksInPath().path == dir.resolvingSymlinksInPath().path else { return nil }
        return lines[1]
    }
}
