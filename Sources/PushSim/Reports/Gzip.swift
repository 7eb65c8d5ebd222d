import CZlib

/// gzip compression and decompression through zlib (RFC 1952 members: no file name,
/// modification time 0, so equal input always gives equal bytes).
///
/// A `Gzip.Compressor` turns a byte stream into one gzip member; gzip files may hold
/// several members one after another (RFC 1952 §2.2), which gzip, zcat, Python's `gzip`
/// (so pandas) and R read as one stream, so parts compressed apart can be concatenated.
public enum Gzip {
    /// The zlib compression level PushSim writes with: 1, the fastest (a runs.csv row
    /// compresses about 10× even so).
    public static let level: Int32 = 1

    /// One gzip member in the making. Not `Sendable`: one writer thread.
    public final class Compressor {
        /// zlib keeps the stream's address in its state, so the stream lives at one address.
        private let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        private var output = [UInt8](repeating: 0, count: 1 << 16)
        private var finished = false

        /// - Note: aborts only if zlib cannot allocate its state.
        public init(level: Int32 = Gzip.level) {
            stream.initialize(to: z_stream())
            let status = pushsim_gzip_init(stream, level)
            precondition(status == Z_OK, "zlib deflateInit2 failed (\(status))")
        }

        deinit {
            deflateEnd(stream)
            stream.deinitialize(count: 1)
            stream.deallocate()
        }

        /// Compresses `bytes` and hands the compressed bytes produced so far to `sink`
        /// (possibly none: zlib buffers).
        public func compress(_ bytes: [UInt8], into sink: ([UInt8]) throws -> Void) rethrows {
            precondition(!finished, "compress after finish")
            try run(bytes, flush: Z_NO_FLUSH, into: sink)
        }

        /// Ends the member (the deflate end and the gzip trailer: CRC-32 and length) and
        /// hands the rest to `sink`.
        public func finish(into sink: ([UInt8]) throws -> Void) rethrows {
            precondition(!finished, "finish twice")
            try run([], flush: Z_FINISH, into: sink)
            finished = true
        }

        private func run(_ bytes: [UInt8], flush: Int32, into sink: ([UInt8]) throws -> Void) rethrows {
            // zlib reads the input only (`next_in` is not const in its C declaration).
            try bytes.withUnsafeBufferPointer { inBuffer in
                stream.pointee.next_in = inBuffer.baseAddress.map { UnsafeMutablePointer(mutating: $0) }
                stream.pointee.avail_in = UInt32(inBuffer.count)
                var status = Z_OK
                while true {
                    let produced: Int = output.withUnsafeMutableBufferPointer { out in
                        stream.pointee.next_out = out.baseAddress
                        stream.pointee.avail_out = UInt32(out.count)
                        status = deflate(stream, flush)
                        precondition(status == Z_OK || status == Z_STREAM_END || status == Z_BUF_ERROR, "zlib deflate failed (\(status))")
                        return out.count - Int(stream.pointee.avail_out)
                    }
                    if produced > 0 { try sink(Array(output[0..<produced])) }
                    // Done when zlib took all input and (for Z_FINISH) wrote the trailer.
                    if stream.pointee.avail_out != 0 && stream.pointee.avail_in == 0 { break }
                }
                precondition(flush != Z_FINISH || status == Z_STREAM_END, "zlib did not end the gzip member (\(status))")
                stream.pointee.next_in = nil
            }
        }
    }

    /// `bytes` as one complete gzip member.
    public static func compress(_ bytes: [UInt8]) -> [UInt8] {
        let c = Compressor()
        var out: [UInt8] = []
        c.compress(bytes) { out += $0 }
        c.finish { out += $0 }
        return out
    }

    /// The decompressed bytes of `data`, every member of it in order.
    /// - Throws: `Gzip.Error` when `data` is not gzip or is truncated.
    public static func decompress(_ data: [UInt8]) throws(Gzip.Error) -> [UInt8] {
        var out: [UInt8] = []
        var offset = 0
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        // zlib keeps the stream's address in its state, so the stream lives at one address.
        let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        defer { stream.deallocate() }
        while offset < data.count {
            stream.initialize(to: z_stream())
            guard pushsim_gunzip_init(stream) == Z_OK else { throw Error(message: "zlib inflateInit2 failed") }
            defer { inflateEnd(stream); stream.deinitialize(count: 1) }
            var status = Z_OK
            data.withUnsafeBufferPointer { input in
                stream.pointee.next_in = UnsafeMutablePointer(mutating: input.baseAddress! + offset)
                stream.pointee.avail_in = UInt32(input.count - offset)
                repeat {
                    let produced: Int = chunk.withUnsafeMutableBufferPointer { buffer in
                        stream.pointee.next_out = buffer.baseAddress
                        stream.pointee.avail_out = UInt32(buffer.count)
                        status = inflate(stream, Z_NO_FLUSH)
                        return buffer.count - Int(stream.pointee.avail_out)
                    }
                    out += chunk[0..<produced]
                } while status == Z_OK && (stream.pointee.avail_in > 0 || stream.pointee.avail_out == 0)
            }
            guard status == Z_STREAM_END else { throw Error(message: status == Z_OK || status == Z_BUF_ERROR ? "truncated gzip data" : "not gzip data") }
            offset = data.count - Int(stream.pointee.avail_in)
        }
        return out
    }

    /// Data that is not (complete) gzip.
    public struct Error: Swift.Error, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }
}
