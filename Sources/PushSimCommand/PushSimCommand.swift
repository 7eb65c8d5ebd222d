import Foundation
import PushSim

/// The stock `pushsim` command line as a library: `run`, `trace`, `validate`, `sweep`,
/// `merge`, `compare`, `select`, `fingerprints` and `list`, over the plug-in kinds of a registry.
///
/// The stock executable is `PushSimCommand.main()`. A package that adds its own kinds runs
/// every stock command with them:
///
/// ```swift
/// import PushSim
/// import PushSimCommand
///
/// var registry = PluginRegistry.builtIn
/// try registry.add(strategy: HintPullRetry.self)
/// PushSimCommand.main(registry: registry)
/// ```
public enum PushSimCommand {
    /// Runs the process's command line (`CommandLine.arguments` after the program name)
    /// against `registry`, writing to standard output and error, and exits with the
    /// command's status: 0 ok, 1 runtime failure, 2 bad input or usage.
    public static func main(registry: PluginRegistry = .builtIn) -> Never {
        let status = run(Array(CommandLine.arguments.dropFirst()), registry: registry,
                         out: { FileHandle.standardOutput.write(Data($0.utf8)) },
                         err: { FileHandle.standardError.write(Data($0.utf8)) })
        exit(status)
    }

    /// Runs one command line in-process (for tests and embedding).
    /// - Parameters:
    ///   - args: the arguments without the program name, e.g. `["list"]`.
    ///   - registry: the kinds scenario and sweep files may name.
    ///   - out, err: receive what the command writes to standard output and error.
    ///   - environment: `CI` turns the progress line off; `PUSHSIM_COMMIT` names the
    ///     commit in `meta.json` (else `git rev-parse HEAD`).
    /// - Returns: the exit status, 0, 1 or 2.
    public static func run(_ args: [String], registry: PluginRegistry = .builtIn,
                           out: (String) -> Void, err: @escaping (String) -> Void,
                           environment: [String: String] = ProcessInfo.processInfo.environment) -> Int32 {
        Command.main(args, registry: registry, out: out, err: err, environment: environment)
    }

    /// The `--help` text.
    public static var usage: String { Command.usage }
}
