import PushSim

/// Command-line arguments: a command, then `--option value` (or `--option=value`) pairs,
/// flags and positional values; `--` ends the options (everything after it is positional).
struct Arguments {
    var command: String?
    var positional: [String] = []
    /// Each valued option's value (the last, when given more than once).
    var options: [String: String] = [:]
    /// Each valued option's values, in command-line order (for a repeatable one: `--strategy` of run).
    var repeated: [String: [String]] = [:]
    var flags: Set<String> = []
    /// Flags written `--flag=value`: an error once the command says which flags it takes.
    var flagValues: [String: String] = [:]

    /// Options that take a value; everything else starting with `-` is a flag.
    static let valued: Set<String> = ["--replications", "--seed", "--out", "--jobs", "--shard", "--target-halfwidth", "--max-replications", "--alpha",
                                      "--point", "--variant", "--strategy", "--replication", "--format", "--shuffle-ties", "--label", "--runs",
                                      "--in-place", "--power", "--detect", "--column", "--unit",
                                      "--measured", "--threshold", "--messages", "--metric", "--delta", "--n0", "--batch", "--figure-size"]

    init(_ args: [String]) throws(UsageError) {
        var i = 0
        var optionsEnded = false
        while i < args.count {
            let a = args[i]
            i += 1
            if optionsEnded || a == "-" || !a.hasPrefix("-") {
                if command == nil { command = a } else { positional.append(a) }
                continue
            }
            if a == "--" { optionsEnded = true; continue }
            if a.hasPrefix("--"), let eq = a.firstIndex(of: "=") {
                let name = String(a[..<eq]), value = String(a[a.index(after: eq)...])
                guard Self.valued.contains(name) else { flags.insert(name); flagValues[name] = a; continue }
                guard !value.isEmpty else { throw UsageError("\(name) needs a value (got \"\(a)\")") }
                options[name] = value
                repeated[name, default: []].append(value)
                continue
            }
            if Self.valued.contains(a) {
                guard i < args.count else { throw UsageError("\(a) needs a value") }
                // An empty value (`--out ""`) would mean the current folder or nothing: refused.
                guard !args[i].isEmpty else { throw UsageError("\(a) needs a value (got an empty string)") }
                options[a] = args[i]
                repeated[a, default: []].append(args[i])
                i += 1
                continue
            }
            flags.insert(a)
        }
    }

    /// Throws for any flag or option the command does not take.
    func allow(flags allowedFlags: Set<String> = [], options allowedOptions: Set<String> = []) throws(UsageError) {
        if let f = flags.subtracting(allowedFlags).sorted().first { throw UsageError("unknown option \(f)") }
        if let (f, text) = flagValues.sorted(by: { $0.key < $1.key }).first { throw UsageError("\(f) takes no value (got \"\(text)\")") }
        if let o = Set(options.keys).subtracting(allowedOptions).sorted().first { throw UsageError("option \(o) does not apply here") }
    }

    /// An unsigned 64-bit option (a seed), or nil when absent.
    func unsigned(_ name: String) throws(UsageError) -> UInt64? {
        guard let text = options[name] else { return nil }
        guard let v = UInt64(text) else { throw UsageError("\(name) expects an unsigned integer, got \"\(text)\"") }
        return v
    }

    /// The `--runs` option (how per-run rows are written), `.csv` when absent.
    func runsFormat(_ name: String = "--runs", default fallback: RunsFormat = .csv) throws(UsageError) -> RunsFormat {
        guard let text = options[name] else { return fallback }
        guard let f = RunsFormat(rawValue: text) else {
            throw UsageError("\(name) expects \(RunsFormat.allCases.map { $0.rawValue }.joined(separator: ", ")), got \"\(text)\"")
        }
        return f
    }

    /// An integer option within `range`, or nil when absent.
    func int(_ name: String, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
        guard let text = options[name] else { return nil }
        guard let v = Int(text), range.contains(v) else {
            throw UsageError("\(name) expects an integer in \(range.lowerBound)…\(range.upperBound), got \"\(text)\"")
        }
        return v
    }
}

/// A mistake in how the command was called (exit status 2).
struct UsageError: Error, CustomStringConvertible {
    var description: String
    init(_ d: String) { description = d }
}

extension Arguments {
    /// A finite number, or nil when absent.
    func finite(_ name: String) throws(UsageError) -> Double? {
        guard let text = options[name] else { return nil }
        guard let v = Double(text), v.isFinite else { throw UsageError("\(name) expects a finite number, got \"\(text)\"") }
        return v
    }

    /// `--figure-size` (`FigureSize`: column, text or WxH inches), `.text` when absent.
    func figureSize() throws(UsageError) -> FigureSize {
        guard let text = options["--figure-size"] else { return .text }
        guard let size = FigureSize(parsing: text) else { throw UsageError("--figure-size expects \(FigureSize.syntax), got \"\(text)\"") }
        return size
    }

    /// A number in (0, 1) (a level, a power or a rate change), or nil when absent.
    func fraction(_ name: String) throws(UsageError) -> Double? {
        guard let text = options[name] else { return nil }
        guard let v = Double(text), v > 0, v < 1 else { throw UsageError("\(name) expects a number in (0, 1), got \"\(text)\"") }
        return v
    }
}
