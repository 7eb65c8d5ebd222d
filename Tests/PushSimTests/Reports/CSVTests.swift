import Testing
@testable import PushSim

/// Characters that stress CSV: separators, quotes, line breaks alone and as CRLF, spaces,
/// non-ASCII, and a combining mark that Swift merges into the preceding character.
private let alphabet: [Unicode.Scalar] = ["a", "Z", "0", ",", "\"", "\r", "\n", " ", ";", "é", "\u{301}", "日", "\u{1F600}", "\t"]

private func randomField(_ rng: inout SplitMix64) -> String {
    var scalars = String.UnicodeScalarView()
    for _ in 0..<rng.below(12) { scalars.append(alphabet[rng.below(alphabet.count)]) }
    return String(scalars)
}

/// One runs.csv row, split into its fields.
func runFields(variant: String = "v", strategy: String = "s", replication: Int = 0, seed: UInt64 = 0, outcome: RunOutcome) -> [String] {
    CSV.parse(RunsTable.record(variant: variant, strategy: strategy, replication: replication, seed: seed, outcome: outcome))[0]
}

/// One summary.csv row, split into its fields.
func summaryFields(_ cell: CellSummary) -> [String] { CSV.parse(SummaryTable.record(cell))[0] }

@Suite("CSV")
struct CSVTests {
    @Test("plain fields are written as they are")
    func plain() {
        #expect(CSV.field("hintPull") == "hintPull")
        #expect(CSV.field("") == "")
        #expect(CSV.field("a b;c\té") == "a b;c\té")
    }

    @Test("commas, quotes, CR and LF make a quoted field with inner quotes doubled")
    func quoting() {
        #expect(CSV.field("a,b") == "\"a,b\"")
        #expect(CSV.field("say \"hi\"") == "\"say \"\"hi\"\"\"")
        #expect(CSV.field("\"") == "\"\"\"\"")
        #expect(CSV.field("line\nbreak") == "\"line\nbreak\"")
        #expect(CSV.field("carriage\rreturn") == "\"carriage\rreturn\"")
        #expect(CSV.field("crlf\r\ninside") == "\"crlf\r\ninside\"")
        #expect(CSV.field("\r\n") == "\"\r\n\"")
    }

    @Test("quoting works on Unicode scalars, not on Swift's extended grapheme clusters")
    func combiningMarks() {
        // "," + U+0301 is one Character in Swift, but the bytes still hold a comma.
        #expect(CSV.field(",\u{301}").unicodeScalars.elementsEqual("\",\u{301}\"".unicodeScalars))
        #expect(CSV.field("\"\u{301}").unicodeScalars.elementsEqual("\"\"\"\u{301}\"".unicodeScalars))
    }

    @Test("a record joins fields with commas and ends with LF (no CR for awk or cut to keep)")
    func record() {
        #expect(CSV.record(["a", "b,c", ""]) == "a,\"b,c\",\n")
        #expect(Array(CSV.record(["x"]).utf8.suffix(2)) == [120, 10])
        #expect(CSV.lineEnding == "\n")
        #expect(CSV.parse("a,\"b,c\",\r\nd,e\r\n") == [["a", "b,c", ""], ["d", "e"]])
    }

    @Test("parse(record(x)) == x for many random records, alone and concatenated")
    func roundTrip() {
        var rng = SplitMix64(state: 0xC5F)
        for trial in 0..<3_000 {
            let rows = (0..<(1 + rng.below(3))).map { _ in (0..<(1 + rng.below(5))).map { _ in randomField(&rng) } }
            let text = rows.map(CSV.record).joined()
            let parsed = CSV.parse(text)
            // Compare scalar by scalar: String == would accept canonically equivalent text.
            let same = parsed.count == rows.count && zip(parsed, rows).allSatisfy { p, r in
                p.count == r.count && zip(p, r).allSatisfy { $0.unicodeScalars.elementsEqual($1.unicodeScalars) }
            }
            #expect(same, "trial \(trial): \(rows.map { $0.map { Array($0.unicodeScalars) } })")
            if !same { return }
        }
    }

    @Test("a runs.csv row formats times exactly in seconds; no convergence time is an empty field")
    func runsRow() {
        // 30 pushes with known fates; every count differs from its neighbours' so a column
        // mix-up shows.
        var ledger = PushLedger()
        for id in Int64(1)...30 { ledger.sent(id) }
        // Delay reasons are marked while a push is still on its way, before its fate.
        ledger.delay(1, .delayedDeviceOffline); ledger.delay(2, .delayedDeviceOffline)
        ledger.delay(3, .delayedDeviceDoze)
        ledger.delay(4, .delayedDeviceOffline); ledger.delay(4, .delayedMessageThrottled)
        for id in Int64(1)...8 { ledger.finish(id, .delivered) }
        ledger.delay(5, .delayedDeviceDoze)     // after its fate: ignored
        for id in Int64(9)...10 { ledger.finish(id, .collapsed) }
        for id in Int64(11)...14 { ledger.finish(id, .droppedTooManyPendingMessages) }
        for id in Int64(15)...17 { ledger.finish(id, .replacedInStorage) }
        ledger.reject(18, .unregistered)
        ledger.reject(19, .unavailable)
        for id in Int64(20)...28 { ledger.finish(id, .lost) }
        ledger.delay(20, .delayedUserStopped)  // not delivered: counts in no delay column
        ledger.finish(29, .droppedDeviceOffline)
        ledger.finish(1, .lost)                 // the first outcome stays
        ledger.duplicated(); ledger.duplicated()
        // push 30 stays pending

        var counts = Counts()
        counts[.copiesArrived] = 10; counts[.bytesArrived] = 17; counts[.handlerRuns] = 11; counts[.notificationsDisplayed] = 12
        counts[.notificationsReplaced] = 13; counts[.taps] = 14; counts[.deletedSignals] = 5; counts[.pulls] = 6
        counts[.pullFailures] = 15; counts[.resets] = 7; counts[.payloadsApplied] = 8; counts[.appOpens] = 16; counts[.events] = 99
        counts[.localNotifications] = 2; counts[.bytesPushed] = 300; counts[.bytesPulled] = 1_200; counts[.deviceWakeups] = 4
        counts[.serverRequests] = 5
        var seen = ExperienceOutcome()
        seen.duration = .hours(2); seen.changes = 30; seen.reflected = 28
        seen.freshnessP50 = .microseconds(1_500_000); seen.freshnessP95 = .microseconds(9_250_001); seen.freshnessMax = .seconds(12)
        seen.foreground = .seconds(60); seen.staleScreen = .seconds(15); seen.regressions = 3
        seen.notificationsShown = 6; seen.notificationsStale = 2; seen.notificationStalenessTotal = .microseconds(7_000_001)
        seen.notificationStalenessMax = .seconds(5); seen.notificationsDuplicate = 1; seen.notificationsNeverDisplayed = 4
        var fingerprint = RunFingerprint()
        fingerprint.add(time: .zero, kind: TraceKind.change.rawValue, entity: 0, message: 0)
        var converged = RunOutcome(converged: true, convergenceTime: .microseconds(3_000_250), finalCursor: 30,
                                   ledger: ledger, counts: counts, experience: seen, fingerprint: fingerprint)
        // Sorted 1, 2, 3, 10.000001 s: p50 at position 1.5; p95 at 2.85 = 3 s + 0.85 · 7.000001 s
        // rounded half up to 8.950001 s; p99 9.790001 s; nothing drawn: four empty fields.
        converged.latencies = MessageLatencies(arrivals: [1_000_000, 3_000_000, 2_000_000, 10_000_001], displays: [])
        let row = runFields(variant: "lossy, 30%", strategy: "hintPull", replication: 4, seed: 1, outcome: converged)
        #expect(row.count == RunsTable.columns.count)
        #expect(row == ["lossy, 30%", "hintPull", "4", "1", "1", "3.000250", "30",
                        "30", "8", "1", "2", "4", "0", "0", "3", "0", "2", "0", "9", "1",
                        "4", "3", "1", "1", "0", "1", "1", "2",
                        "10", "17", "11", "12", "13", "14", "5", "6", "15", "7", "8", "16", "99",
                        "UNREGISTERED=1;UNAVAILABLE=1"] + Array(repeating: "0", count: 17) + ["0.000000", "", "0",
                        // 28 of 30 reflected; 15 of 60 s stale; staleness mean 7.000001 / 2 rounded down
                        "30", "2", "1.500000", "9.250001", "12.000000", "60.000000", "15.000000", "0.250000", "3", "2", "6",
                        "2", "3.500000", "5.000000", "1", "4", "300", "1200", "1.000000", "4", "5", "2.500000",
                        "2.500000", "8.950001", "9.790001", "10.000001", "", "", "", "",
                        fingerprint.hex])
        #expect(fingerprint.hex.count == 16 && fingerprint.hex != RunFingerprint().hex)
        #expect(CSV.record(row).hasPrefix("\"lossy, 30%\",hintPull,4,1,1,3.000250,30,"))
        #expect(RunsTable.record(variant: "lossy, 30%", strategy: "hintPull", replication: 4, seed: 1, outcome: converged) == CSV.record(row))
        #expect(RunsTable.record(prefix: ["0/a,b/c/4", "0", "1e-3"], variant: "lossy, 30%", strategy: "hintPull", replication: 4, seed: 1,
                                 outcome: converged) == CSV.record(["0/a,b/c/4", "0", "1e-3"] + row))
        #expect(CSV.record(row).hasSuffix(",5,2.500000,2.500000,8.950001,9.790001,10.000001,,,,,\(fingerprint.hex)\n"))

        let column = RunsTable.columns.firstIndex(of: "convergence_time_s")!
        for (us, text) in [(Int64(0), "0.000000"), (250, "0.000250"), (1_500_000, "1.500000"), (86_400_000_001, "86400.000001")] {
            let o = RunOutcome(converged: true, convergenceTime: .microseconds(us), finalCursor: 1, ledger: PushLedger(), counts: Counts())
            #expect(runFields(outcome: o)[column] == text)
        }
        let never = RunOutcome(converged: false, convergenceTime: nil, finalCursor: 12, ledger: PushLedger(), counts: Counts())
        let fields = runFields(seed: 18_446_744_073_709_551_615, outcome: never)
        #expect(fields[column] == "")
        #expect(fields[RunsTable.columns.firstIndex(of: "converged")!] == "0")
        #expect(fields[RunsTable.columns.firstIndex(of: "seed")!] == "18446744073709551615")
        #expect(fields[RunsTable.columns.firstIndex(of: "rejected_codes")!] == "", "no rejections: an empty rejected_codes field")
        // Undefined user-view figures are empty: no change ran, no foreground time, no stale notification.
        for name in ["freshness_p50_s", "freshness_p95_s", "freshness_max_s", "stale_screen_fraction", "notification_staleness_mean_s",
                     "notification_staleness_max_s", "pushes_per_change"] {
            #expect(fields[RunsTable.columns.firstIndex(of: name)!] == "", "\(name)")
        }
        #expect(CSV.parse(CSV.record(fields)) == [fields])
    }

    @Test("user-view seconds and decimals are written exactly as SecondsFormat writes them (10,000 random values)")
    func userViewNumbers() {
        var rng = SplitMix64(state: 2024)
        let column = RunsTable.columns.firstIndex(of: "freshness_p50_s")!
        let fraction = RunsTable.columns.firstIndex(of: "stale_screen_fraction")!
        for i in 0..<10_000 {
            let us = i < 20 ? Int64(i) * 999_999 : Int64(rng.below(UInt64(1) << UInt64(rng.below(62) + 1)))
            var seen = ExperienceOutcome()
            seen.freshnessP50 = .microseconds(us)
            seen.foreground = .microseconds(1 + Int64(rng.below(1_000_000_000)))
            seen.staleScreen = .microseconds(Int64(rng.below(UInt64(seen.foreground.microseconds) + 1)))
            let o = RunOutcome(converged: true, convergenceTime: nil, finalCursor: 0, ledger: PushLedger(), counts: Counts(),
                               experience: seen)
            let f = runFields(outcome: o)
            #expect(f[column] == SecondsFormat.string(us))
            let x = Double(seen.staleScreen.microseconds) / Double(seen.foreground.microseconds)
            #expect(f[fraction] == SecondsFormat.string(Int64((x * 1_000_000).rounded())))
        }
    }

    @Test("per-run quantiles match GSL's interpolation, rounded to the microsecond")
    func quantilesMatchGSL() {
        var rng = SplitMix64(state: 7)
        for _ in 0..<2_000 {
            let data = (0..<(1 + Int(rng.below(40)))).map { _ in Int64(rng.below(100_000_000)) }.sorted()
            for p in [0.0, 0.25, 0.5, 0.95, 1.0] {
                let gsl = Statistics.quantile(sorted: data.map(Double.init), p)!
                #expect(ExperienceTracker.quantile(data, p) == .microseconds(Int64(gsl.rounded())))
            }
        }
    }

    @Test("the sender group: counts, lateness in exact seconds, attempts; summary totals, means and maxima")
    func senderColumns() {
        var o = RunOutcome(converged: false, convergenceTime: nil, finalCursor: 0, ledger: PushLedger(), counts: Counts())
        o.counts[.messages] = 9; o.counts[.messagesAccepted] = 5; o.counts[.messagesLost] = 1
        o.counts[.messagesExpired] = 2; o.counts[.messagesSuperseded] = 1; o.counts[.messagesPending] = 0
        o.counts[.quietHoursAccepted] = 3; o.counts[.deferrals] = 4; o.counts[.duplicatesSent] = 6
        o.counts[.duplicatesDisplayed] = 7; o.counts[.duplicatesSuppressed] = 8; o.counts[.rowsStuck] = 10
        o.counts[.staleTokenSends] = 11; o.counts[.tokensDeleted] = 12; o.counts[.workerCrashes] = 13
        o.counts[.answersNotRecorded] = 14; o.counts[.attemptsMax] = 5
        o.counts[.wokenAccepted] = 2
        o.lateness.add(.microseconds(1_500_000))
        o.lateness.add(.microseconds(250))
        let fields = runFields(outcome: o)
        let first = RunsTable.columns.firstIndex(of: "messages")!
        let group = Array(fields[first ... RunsTable.columns.firstIndex(of: "attempts_max")!])
        #expect(group == ["9", "5", "1", "2", "1", "0", "3", "4", "2", "6", "7", "8", "10", "11", "12", "13", "14",
                          "1.500250", "1.500000", "5"])
        #expect(RunsTable.record(variant: "v", strategy: "s", replication: 0, seed: 0, outcome: o) == CSV.record(fields))

        var cell = CellSummary(variant: "v", strategy: "s")
        cell.add(o)
        for c in Count.allCases where (Count.quietHoursAccepted.rawValue...Count.answersNotRecorded.rawValue).contains(c.rawValue) { o.counts[c] = 0 }
        o.lateness = DeferralLateness()
        o.counts[.attemptsMax] = 2
        cell.add(o)
        let summary = summaryFields(cell)
        #expect(summary.count == SummaryTable.columns.count)
        let end = SummaryTable.columns.firstIndex(of: "attempts_per_message")! + 1
        let tail = Array(summary[end - 4 ..< end])
        // Lateness: (1.500250 s) over 2 woken rows; maximum 1.5 s; attempts max 5; no pushes
        // sent over 18 messages.
        #expect(tail == ["0.750125", "1.500000", "5", "0.000000"])
        #expect(summary[SummaryTable.columns.firstIndex(of: "total_messages")!] == "18")
        #expect(summary[SummaryTable.columns.firstIndex(of: "total_worker_crashes")!] == "13")
    }
}
