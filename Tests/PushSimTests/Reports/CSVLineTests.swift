import Testing
@testable import PushSim

/// `CSVLine` writes the bytes `CSV.record` writes for the same fields.
@Suite struct CSVLineTests {
    @Test func textFieldsMatchCSVRecord() {
        let samples = ["", "plain", "a,b", "say \"hi\"", "\"", "line\r\nbreak", "cr\ronly", "lf\nonly", "é,ü", "e\u{301},x",
                       ",", "\"\"", "日本,語", "tab\tok"]
        for a in samples {
            for b in samples {
                var line = CSVLine()
                line.append(a); line.append(b); line.end()
                #expect(String(decoding: line.bytes, as: UTF8.self) == CSV.record([a, b]), "\(a.debugDescription) \(b.debugDescription)")
            }
        }
    }

    @Test func integersMatchStringInit() {
        var values: [Int] = [0, 1, -1, 9, 10, 99, 100, -100, 1_234_567_890, Int.max, Int.min]
        var x: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<1_000 { x = x &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407; values.append(Int(bitPattern: UInt(x)) >> Int(x % 63)) }
        for v in values {
            var line = CSVLine()
            line.append(v)
            #expect(String(decoding: line.bytes, as: UTF8.self) == String(v))
        }
        for v: UInt64 in [0, 7, UInt64.max, 18_000_000_000_000_000_000] {
            var line = CSVLine()
            line.append(v)
            #expect(String(decoding: line.bytes, as: UTF8.self) == String(v))
        }
    }

    @Test func secondsMatchSecondsFormat() {
        for us: Int64 in [0, 1, 250, 999_999, 1_000_000, 1_500_000, -250, -1_000_001, 86_400_000_001, Int64.max, Int64.min + 1] {
            var line = CSVLine()
            line.appendSeconds(us)
            #expect(String(decoding: line.bytes, as: UTF8.self) == SecondsFormat.string(us))
        }
        var line = CSVLine()
        line.append(1); line.appendSeconds(nil); line.append(2); line.end(); line.append(3); line.end()
        #expect(String(decoding: line.bytes, as: UTF8.self) == "1,,2\n3\n")
    }

    /// `appendDecimal` writes what docs/csv.md promises for decimals: `printf("%.6f")`.
    @Test("decimals match %.6f, also at exact and near halves (1/128 is 0.0078125: printf rounds to even)")
    func decimalsMatchPrintf() {
        var samples: [Double] = [0, 1, 0.5, 1.0 / 3, 2.0 / 3, 0.0078125, 0.0000005, 0.0000015, 0.0000025, 1.0 / 128, 3.0 / 128,
                                 0.1234565, 1e-7, 123_456.789_012_5, 4.5e9, 1e13, 1e300, -0.25, -1e-9, 7.0 / 3600]
        // Every ratio a/b of small counts (pushes per change, stale-screen fractions, requests per hour).
        for a in 0...300 { for b in [1, 2, 3, 7, 8, 16, 64, 128, 256, 640, 1000, 1024, 3600, 4096] { samples.append(Double(a) / Double(b)) } }
        for x in samples {
            var line = CSVLine()
            line.appendDecimal(x)
            #expect(String(decoding: line.bytes, as: UTF8.self) == SummaryTable.number(x), "\(x)")
        }
        var line = CSVLine()
        line.appendDecimal(nil); line.appendDecimal(.nan); line.appendDecimal(.infinity); line.appendDecimal(0.25)
        #expect(String(decoding: line.bytes, as: UTF8.self) == ",,,0.250000")
    }
}
