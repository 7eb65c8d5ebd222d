import CZlib
import Foundation

/// A tiny PNG reader for render tests: 8-bit RGB or RGBA, not interlaced (what Chromium's
/// `--screenshot` writes); the IDAT stream is inflated with zlib and unfiltered (filters
/// 0–4, PNG spec §9).
struct PNGImage {
    let width: Int
    let height: Int
    /// RGB per pixel, row by row.
    private let pixels: [UInt8]

    struct Failure: Error, CustomStringConvertible { var description: String }

    init(_ data: [UInt8]) throws {
        guard data.count > 8, Array(data[0..<8]) == [137, 80, 78, 71, 13, 10, 26, 10] else { throw Failure(description: "not a PNG") }
        func u32(_ i: Int) -> Int { Int(data[i]) << 24 | Int(data[i + 1]) << 16 | Int(data[i + 2]) << 8 | Int(data[i + 3]) }
        var i = 8, w = 0, h = 0, channels = 0
        var compressed: [UInt8] = []
        while i + 8 <= data.count {
            let length = u32(i), type = String(decoding: data[i + 4..<i + 8], as: UTF8.self)
            let body = i + 8
            guard body + length <= data.count else { throw Failure(description: "truncated \(type) chunk") }
            switch type {
            case "IHDR":
                w = u32(body); h = u32(body + 4)
                guard data[body + 8] == 8, data[body + 12] == 0 else { throw Failure(description: "only 8-bit, non-interlaced") }
                switch data[body + 9] {
                case 2: channels = 3
                case 6: channels = 4
                default: throw Failure(description: "colour type \(data[body + 9]) not supported")
                }
            case "IDAT": compressed += data[body..<body + length]
            default: break
            }
            i = body + length + 4   // skip the CRC
        }
        guard w > 0, h > 0, channels > 0 else { throw Failure(description: "no IHDR") }
        let stride = w * channels
        var raw = [UInt8](repeating: 0, count: h * (stride + 1))
        var rawLength = uLongf(raw.count)
        let status = raw.withUnsafeMutableBufferPointer { out in
            compressed.withUnsafeBufferPointer { uncompress(out.baseAddress, &rawLength, $0.baseAddress, uLong($0.count)) }
        }
        guard status == Z_OK, Int(rawLength) == raw.count else { throw Failure(description: "zlib uncompress failed (\(status))") }
        var rgb = [UInt8](repeating: 0, count: w * h * 3)
        var previous = [UInt8](repeating: 0, count: stride), row = [UInt8](repeating: 0, count: stride)
        for y in 0..<h {
            let filter = raw[y * (stride + 1)], base = y * (stride + 1) + 1
            for x in 0..<stride {
                let a = x >= channels ? Int(row[x - channels]) : 0, b = Int(previous[x])
                let c = x >= channels ? Int(previous[x - channels]) : 0
                let predictor: Int
                switch filter {
                case 0: predictor = 0
                case 1: predictor = a
                case 2: predictor = b
                case 3: predictor = (a + b) / 2
                case 4:
                    let p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
                    predictor = pa <= pb && pa <= pc ? a : pb <= pc ? b : c
                default: throw Failure(description: "filter \(filter) in row \(y)")
                }
                row[x] = UInt8(truncatingIfNeeded: Int(raw[base + x]) + predictor)
            }
            for x in 0..<w { for k in 0..<3 { rgb[(y * w + x) * 3 + k] = row[x * channels + k] } }
            swap(&previous, &row)
        }
        width = w; height = h; pixels = rgb
    }

    /// The colour at (x, y) as 0xRRGGBB.
    func colour(_ x: Int, _ y: Int) -> Int {
        let i = (y * width + x) * 3
        return Int(pixels[i]) << 16 | Int(pixels[i + 1]) << 8 | Int(pixels[i + 2])
    }

    /// Whether `c` is within `tolerance` of `target` in every channel.
    static func near(_ c: Int, _ target: Int, tolerance: Int = 24) -> Bool {
        (0..<3).allSatisfy { abs((c >> (8 * $0)) & 0xFF - (target >> (8 * $0)) & 0xFF) <= tolerance }
    }
}
