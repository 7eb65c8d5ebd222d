/// The trace of one run (`Simulation.trace`): every kernel event and what happened inside
/// it, in order, with the run's fingerprint; written as JSON Lines or as a text timeline.
public struct RunTrace: Sendable, Equatable {
    public var records: [TraceRecord]
    /// Equal to the run's `fingerprint` column in `runs.csv`.
    public var fingerprint: RunFingerprint

    public init(records: [TraceRecord], fingerprint: RunFingerprint) { self.records = records; self.fingerprint = fingerprint }

    /// One JSON object per record and line (`\n`), keys in a fixed order: `seq`, `t`
    /// (seconds, six decimals), `kind`, `entity`, `msg`, `cause` (null when absent), then
    /// the record's details.
    public func jsonLines() -> String {
        var out = ""
        for r in records {
            out += "{\"seq\":\(r.seq),\"t\":\(r.time),\"kind\":\"\(r.kind.name)\",\"entity\":\(Self.json(r.entity)),"
            out += "\"msg\":\(Self.json(r.message)),\"cause\":\(Self.json(r.cause.map(Int64.init)))"
            for d in r.details { out += ",\(Self.quoted(d.name)):\(Self.json(d.value))" }
            out += "}\n"
        }
        return out
    }

    /// A readable timeline: a header, then one line per record (time in seconds, seq, kind
    /// indented under its event, entity, message, cause, details), then the fingerprint.
    /// - Parameter title: the first line, e.g. which run this is.
    public func text(title: String) -> String {
        func pad(_ s: String, _ n: Int, right: Bool = false) -> String {
            let fill = String(repeating: " ", count: max(0, n - s.count))
            return right ? fill + s : s + fill
        }
        var out = title + "\n" + pad("time (s)", 14, right: true) + "  " + pad("seq", 5, right: true) + "  "
            + pad("kind", 18) + pad("entity", 8) + pad("msg", 6) + pad("cause", 7) + "details\n"
        for r in records {
            let details = r.details.map { "\($0.name)=\(Self.text($0.value))" }.joined(separator: " ")
            let line = pad(r.time.description, 14, right: true) + "  " + pad(String(r.seq), 5, right: true) + "  "
                + pad((r.kind.isEvent ? "" : "  ") + r.kind.name, 18) + pad(r.entity.map(String.init) ?? "-", 8)
                + pad(r.message.map { "#\($0)" } ?? "-", 6) + pad(r.cause.map { "<\($0)" } ?? "-", 7) + details
            out += line.trimmingTrailingSpaces() + "\n"
        }
        return out + "fingerprint \(fingerprint.hex)\n"
    }

    static func json(_ v: Int64?) -> String { v.map(String.init) ?? "null" }

    static func json(_ v: TraceDetail.Value) -> String {
        switch v {
        case let .int(i): String(i)
        case let .text(s): quoted(s)
        case let .flag(b): b ? "true" : "false"
        case let .seconds(d): d.description
        }
    }

    static func text(_ v: TraceDetail.Value) -> String {
        switch v {
        case let .int(i): String(i)
        case let .text(s): s
        case let .flag(b): b ? "yes" : "no"
        case let .seconds(d): d.description + "s"
        }
    }

    /// A JSON string literal: quotes, backslashes and control characters escaped.
    static func quoted(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where u.value < 0x20:
                let hex = String(u.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(u)
            }
        }
        return out + "\""
    }
}

private extension String {
    func trimmingTrailingSpaces() -> String {
        var s = Substring(self)
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }
}
