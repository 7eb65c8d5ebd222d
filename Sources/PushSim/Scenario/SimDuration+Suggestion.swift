/// Near misses of the duration grammar and the spelling that means the same.
extension SimDuration {
    /// Other spellings of each unit (compared in lower case, so `"S"`, `"Hours"` count);
    /// `"M"` is never read as minutes (it could mean months).
    static let unitAliases: [(name: String, aliases: [String])] = [
        ("us", ["µs", "μs", "usec", "usecs", "microsecond", "microseconds"]),
        ("ms", ["msec", "msecs", "millis", "millisecond", "milliseconds"]),
        ("s", ["sec", "secs", "second", "seconds"]),
        ("m", ["min", "mins", "minute", "minutes"]),
        ("h", ["hr", "hrs", "hour", "hours"]),
        ("d", ["day", "days"]),
    ]
    /// Spellings of a week, written as 7 days.
    static let weekAliases: Set<String> = ["w", "wk", "wks", "week", "weeks"]

    /// The unit `name` stands for (`"min"` → `"m"`, `"m"` → `"m"`), nil when it is none or
    /// ambiguous (`"M"`); weeks are no unit (a duration writes them as days).
    public static func unitName(for name: String) -> String? {
        if units.contains(where: { $0.name == name }) { return name }
        guard name != "M" else { return nil }
        let lower = name.lowercased()
        if units.contains(where: { $0.name == lower }) { return lower }
        return unitAliases.first { $0.aliases.contains(lower) }?.name
    }

    /// A spelling of `text` that `init(parsing:)` accepts and that means what `text` says,
    /// or nil: spaces dropped (`"2 m"` → `"2m"`, `"1h 30m"` → `"1h30m"`), unit words and
    /// capitals replaced (`"2 mins"` → `"2m"`, `"1 hour"` → `"1h"`, `"10S"` → `"10s"`),
    /// weeks as days (`"2w"` → `"14d"`). A bare number gets none: its unit is unknown.
    public static func suggestion(for text: String) -> String? {
        let s = Array(text.unicodeScalars)
        var i = 0, out = ""
        func skipSpaces() { while i < s.count, s[i].properties.isWhitespace { i += 1 } }
        skipSpaces()
        guard i < s.count else { return nil }
        while i < s.count {
            let numberStart = i
            while i < s.count, ("0"..."9").contains(s[i]) || s[i] == "." { i += 1 }
            let number = String(String.UnicodeScalarView(s[numberStart..<i]))
            guard let value = Double(number) else { return nil }
            skipSpaces()
            let unitStart = i
            while i < s.count, s[i].properties.isAlphabetic { i += 1 }
            let unit = String(String.UnicodeScalarView(s[unitStart..<i]))
            skipSpaces()
            if let name = unitName(for: unit) {
                out += number + name
            } else if weekAliases.contains(unit.lowercased()) {
                let days = value * 7
                out += (days == days.rounded() && days < 1e15 ? String(Int64(days)) : String(days)) + "d"
            } else {
                return nil
            }
        }
        guard out != text, (try? strict(out)) != nil else { return nil }
        return out
    }
}
