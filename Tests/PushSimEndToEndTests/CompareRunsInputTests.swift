import Foundation
import Testing

/// `pushsim compare --paired` and `--fingerprints` refuse impossible run lists as
/// `compare` of summaries does (`CompareInputTests`): exit 2 naming the file, the row and
/// the column, and no verdict.
@Suite struct CompareRunsInputTests {
    static let header = "variant,strategy,replication,seed,converged,pulls,rejected_codes,fingerprint\n"
    static let runs = header + "v,s,0,1,1,2,,00000000000000ab\nv,s,1,1,0,3,BadDeviceToken=1,00000000000000cd\n"
    static let list = "file,point,variant,strategy,replication,fingerprint\nx.json,,v,s,0,00000000000000ab\nx.json,,v,s,1,00000000000000cd\n"
    static let summary = "variant,strategy,replications,converged\nv,s,2,1\n"

    struct Case: CustomTestStringConvertible, Sendable {
        var label: String
        var mode: String
        var base: String
        var new: String
        var badIsNew = false
        var location: String
        var message: String
        var testDescription: String { "\(mode) \(label)" }
    }

    static let cases: [Case] = [
        Case(label: "header-only files", mode: "--paired", base: header, new: header, location: "row 1", message: "no runs"),
        Case(label: "a NaN in a numeric column", mode: "--paired", base: runs,
             new: header + "v,s,0,1,1,2,,00000000000000ab\nv,s,1,1,0,nan,,00000000000000cd\n", badIsNew: true,
             location: "row 3, column 6 (pulls)", message: "got nan"),
        Case(label: "text in a count column", mode: "--paired", base: header + "v,s,0,1,x,2,,00000000000000ab\n",
             new: runs, location: "row 2, column 5 (converged)", message: "got x"),
        Case(label: "a run twice", mode: "--paired", base: runs + "v,s,1,1,0,3,,00000000000000cd\n", new: runs,
             location: "row 4", message: "row 3"),
        Case(label: "a bad replication", mode: "--paired", base: header + "v,s,-1,1,1,2,,00000000000000ab\n", new: runs,
             location: "row 2, column 3 (replication)", message: "got -1"),
        Case(label: "a summary.csv", mode: "--paired", base: summary, new: runs, location: "row 1", message: "a summary.csv"),
        Case(label: "a row with too many fields", mode: "--paired", base: runs + "v,s,2,1,0,3,,00000000000000cd,9\n", new: runs,
             location: "row 4", message: "9 fields"),
        Case(label: "a run the other file lacks", mode: "--paired", base: runs, new: header + "v,s,0,1,1,2,,00000000000000ab\n",
             location: "row 3", message: "variant=v strategy=s replication=1 is not in"),
        Case(label: "a run only the new file has", mode: "--paired", base: header + "v,s,0,1,1,2,,00000000000000ab\n", new: runs,
             badIsNew: true, location: "row 3", message: "variant=v strategy=s replication=1 is not in"),
        Case(label: "header-only files", mode: "--fingerprints", base: header, new: header, location: "row 1", message: "no runs"),
        Case(label: "a header-only list", mode: "--fingerprints", base: list, new: "file,point,variant,strategy,replication,fingerprint\n",
             badIsNew: true, location: "row 1", message: "no runs"),
        Case(label: "a bad replication", mode: "--fingerprints", base: header + "v,s,x,1,1,2,,00000000000000ab\n", new: runs,
             location: "row 2, column 3 (replication)", message: "got x"),
        Case(label: "a fingerprint that is not 16 hex digits", mode: "--fingerprints", base: runs,
             new: header + "v,s,0,1,1,2,,zz\nv,s,1,1,0,3,,00000000000000cd\n", badIsNew: true,
             location: "row 2, column 8 (fingerprint)", message: "16 hexadecimal digits"),
        Case(label: "a bad point", mode: "--fingerprints", base: "file,point,variant,strategy,replication,fingerprint\nx,p,v,s,0,00000000000000ab\n",
             new: runs, location: "row 2, column 2 (point)", message: "got p"),
        Case(label: "a run twice", mode: "--fingerprints", base: runs + "v,s,0,1,1,2,,00000000000000ab\n",
             new: runs + "v,s,0,1,1,2,,00000000000000ab\n", location: "row 4", message: "row 2"),
        Case(label: "a summary.csv", mode: "--fingerprints", base: runs, new: summary, badIsNew: true, location: "row 1",
             message: "a summary.csv"),
        Case(label: "another run in a row", mode: "--fingerprints", base: runs,
             new: header + "v,s,0,1,1,2,,00000000000000ab\nv,s,7,1,0,3,,00000000000000cd\n", badIsNew: true,
             location: "row 3", message: "replication=7"),
    ]

    @Test("bad run lists exit 2 naming the file, row and column", arguments: cases)
    func refused(_ c: Case) throws {
        try expectCompareRefuses(base: c.base, new: c.new, options: [c.mode], badIsNew: c.badIsNew, location: c.location, message: c.message)
    }

    @Test("good run lists still compare, in both modes, a list against its runs.csv too")
    func goodInputStillCompares() throws {
        let files = try CompareFiles()
        defer { files.remove() }
        let a = try files.write("a.csv", Self.runs), l = try files.write("l.csv", Self.list)
        let paired = try BuiltPushSim.run(["compare", a, a, "--paired"])
        #expect(paired.status == 0 && paired.out.contains("2 paired runs, 0 sign tests: nothing moved"), "\(paired.out)\(paired.err)")
        let same = try BuiltPushSim.run(["compare", l, a, "--fingerprints"])
        #expect(same.status == 0 && same.out.contains("every run has the same fingerprint"), "\(same.out)\(same.err)")
        let changed = try files.write("c.csv", Self.runs.replacingOccurrences(of: "00000000000000cd", with: "00000000000000ce"))
        let moved = try BuiltPushSim.run(["compare", l, changed, "--fingerprints"])
        #expect(moved.status == 1 && moved.out.contains("run: variant=v strategy=s replication=1"), "\(moved.out)\(moved.err)")
    }
}
