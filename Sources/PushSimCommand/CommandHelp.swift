/// One command's help, the one source of `pushsim CMD --help` (and `pushsim help CMD`) and
/// of its line in `pushsim --help`. The entries are `CommandHelp.all` (CommandHelp+Table);
/// a test checks that every option a command accepts is listed here, and the README's
/// command-line block against the synopses.
struct CommandHelp: Sendable {
    /// One option: its name, the placeholder of its value (nil for a flag) and what it does,
    /// with its default.
    struct Option: Sendable {
        var name: String
        var value: String?
        var meaning: String
        init(_ name: String, _ value: String? = nil, _ meaning: String) { self.name = name; self.value = value; self.meaning = meaning }
        /// `--out DIR`, `--quiet`.
        var label: String { value.map { "\(name) \($0)" } ?? name }
    }

    /// The command word.
    var name: String
    /// Each way of calling it, after `pushsim ` (compare has three).
    var synopsis: [String]
    /// Its line in the overview.
    var summary: String
    /// What it does, in a paragraph.
    var description: String
    var options: [Option] = []
    /// Command lines, after `pushsim `.
    var examples: [String] = []

    static let width = 80

    /// The command called `name`, if any.
    static func named(_ name: String) -> CommandHelp? { all.first { $0.name == name } }

    /// Every option name this command's help lists (`--help` and `-h` excepted).
    var optionNames: Set<String> { Set(options.map(\.name)) }

    /// `pushsim CMD --help`: usage, description, options with their meaning and default, examples.
    var text: String {
        var out = ""
        for (i, s) in synopsis.enumerated() {
            out += Self.wrapSynopsis("pushsim " + s, lead: i == 0 ? "usage: " : "       ") + "\n"
        }
        out += "\n" + Self.wrap(description, indent: 0) + "\n"
        let rows = options.map { ($0.label, $0.meaning) } + [("-h, --help", "this text")]
        out += "\noptions:\n" + Self.table(rows)
        if !examples.isEmpty {
            out += "\nexamples:\n" + examples.map { "  pushsim \($0)\n" }.joined()
        }
        return out
    }

    /// `pushsim --help`: every command with one line, then where to look next.
    static var overview: String {
        var out = "usage: pushsim <command> [options]\n\ncommands:\n"
        out += table(all.map { ($0.name, $0.summary) }, column: 14)
        out += """

        see pushsim CMD --help for a command's options, defaults and examples
        options with a value: --opt VALUE or --opt=VALUE; -- ends the options
        exit status: 0 ok, 1 runtime failure, 2 bad input or usage

        """
        return out
    }

    /// Two columns: `label` padded to `column` (or on a line of its own when longer), then
    /// `text` wrapped to `width` with a hanging indent.
    static func table(_ rows: [(String, String)], column: Int = 24) -> String {
        var out = ""
        for (label, text) in rows {
            let head = "  " + label
            let body = wrap(text, indent: column + 2).dropFirst(column + 2)
            if head.count + 2 > column + 2 {
                out += head + "\n" + String(repeating: " ", count: column + 2) + body + "\n"
            } else {
                out += head + String(repeating: " ", count: column + 2 - head.count) + body + "\n"
            }
        }
        return out
    }

    /// `text` word-wrapped to `width`, every line indented by `indent` spaces.
    static func wrap(_ text: String, indent: Int) -> String {
        lines(text.split(separator: " ").map(String.init), first: String(repeating: " ", count: indent),
              next: String(repeating: " ", count: indent))
    }

    /// A synopsis wrapped at its top-level words and `[…]` groups, continuation lines
    /// indented under the first argument.
    static func wrapSynopsis(_ text: String, lead: String) -> String {
        var words: [String] = [], depth = 0, current = ""
        for c in text {
            if c == "[" { depth += 1 } else if c == "]" { depth -= 1 }
            if c == " " && depth == 0 { if !current.isEmpty { words.append(current) }; current = "" } else { current.append(c) }
        }
        if !current.isEmpty { words.append(current) }
        let hang = lead.count + (words.prefix(2).map(\.count).reduce(0, +)) + 2
        return lines(words, first: lead, next: String(repeating: " ", count: min(hang, 32)))
    }

    private static func lines(_ words: [String], first: String, next: String) -> String {
        var out: [String] = [], line = first, empty = true
        for w in words {
            if !empty && line.count + 1 + w.count > width { out.append(line); line = next; empty = true }
            line += (empty ? "" : " ") + w
            empty = false
        }
        out.append(line)
        return out.joined(separator: "\n")
    }
}
