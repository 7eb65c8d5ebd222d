import Testing
@testable import PushSim

/// zlib's gzip members as PushSim writes and reads them.
@Suite("Gzip")
struct GzipTests {
    @Test("compress then decompress gives the bytes back; equal input gives equal bytes; members concatenate")
    func roundTrip() throws {
        var text: [UInt8] = []
        for i in 0..<20_000 { text += Array("row,\(i),\(i % 7),\(i * 31 % 1000)\n".utf8) }
        let gz = Gzip.compress(text)
        #expect(gz.starts(with: [0x1f, 0x8b, 8]) && gz.count < text.count / 2)
        #expect(try Gzip.decompress(gz) == text)
        #expect(Gzip.compress(text) == gz, "deterministic: no time stamp, no name")
        let header = Array("a,b\n".utf8)
        #expect(try Gzip.decompress(Gzip.compress(header) + gz + Gzip.compress([])) == header + text)
        // Streamed in pieces: the same bytes as in one go.
        let c = Gzip.Compressor()
        var streamed: [UInt8] = []
        for start in stride(from: 0, to: text.count, by: 4_099) { c.compress(Array(text[start..<min(text.count, start + 4_099)])) { streamed += $0 } }
        c.finish { streamed += $0 }
        #expect(streamed == gz)
    }

    @Test("truncated or foreign data is an error, not a silent short read")
    func badData() {
        let gz = Gzip.compress(Array("hello, world\n".utf8))
        #expect(throws: Gzip.Error.self) { try Gzip.decompress(Array(gz.dropLast(6))) }
        #expect(throws: Gzip.Error.self) { try Gzip.decompress(Array("plain text".utf8)) }
    }
}
