import Testing
@testable import PushSim

/// Unsigned LEB128: 7 bits a byte, low group first, the high bit set on every byte but
/// the last (the DWARF / WebAssembly encoding; the byte strings below are worked by hand).
@Suite("LEB128")
struct LEB128Tests {
    static func encode(_ v: UInt64) -> [UInt8] {
        let out = UnsafeMutableRawPointer.allocate(byteCount: 16, alignment: 8)
        defer { out.deallocate() }
        var at = 0
        LEB128.write(v, out, &at)
        return (0..<at).map { out.load(fromByteOffset: $0, as: UInt8.self) }
    }

    @Test("Numbers at the byte boundaries encode as the standard byte strings",
          arguments: [(UInt64(0), [UInt8(0x00)]), (UInt64(127), [UInt8(0x7F)]), (UInt64(128), [UInt8(0x80), 0x01]),
                      (UInt64(300), [UInt8(0xAC), 0x02]), (UInt64(16_383), [UInt8(0xFF), 0x7F]), (UInt64(16_384), [UInt8(0x80), 0x80, 0x01]),
                      (UInt64.max, [UInt8(0xFF), 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01])] as [(UInt64, [UInt8])])
    func encodes(value: UInt64, bytes: [UInt8]) {
        #expect(Self.encode(value) == bytes)
    }

    @Test("Reading the standard byte strings gives the numbers back, and stops after the last byte",
          arguments: [(UInt64(0), [UInt8(0x00)]), (UInt64(127), [UInt8(0x7F)]), (UInt64(128), [UInt8(0x80), 0x01]),
                      (UInt64(300), [UInt8(0xAC), 0x02]), (UInt64(16_384), [UInt8(0x80), 0x80, 0x01]),
                      (UInt64(1) << 63, [UInt8(0x80), 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x01])] as [(UInt64, [UInt8])])
    func decodes(value: UInt64, bytes: [UInt8]) {
        let code = bytes + [0x05]   // a number after it
        code.withUnsafeBytes { p in
            var at = 0
            #expect(LEB128.read(p.baseAddress!, &at) == value)
            #expect(at == bytes.count)
            #expect(LEB128.read(p.baseAddress!, &at) == 5)
        }
    }
}
