import CBrotli
import CZlib
import ModakOutput
import StableHashing
import UTF8Bytes

/// `"precompress": true` in site.json: a `.gz` and a `.br` twin beside each text file of the plan,
/// which nginx (`gzip_static`, `brotli_static`) and Caddy (`precompressed`) send as they are to a
/// browser that accepts them (docs/hosting/README.md).
///
/// Twins are planned like pages: deferred, keyed by their source's key or bytes, so the writer
/// compresses a file only when its source changed, records the twins in its manifest, and removes
/// them with their source. Pages are always twinned; other text files from `minimumSize` bytes.
struct PrecompressionStep: FinishingStep {
    /// Below this, the bytes a twin saves do not pay for a second request path and a file.
    static let minimumSize = 1024
    static let textExtensions: Set<String> = ["html", "css", "js", "json", "xml", "svg", "ics", "webmanifest", "txt"]

    func finish(_ plan: inout OutputPlan, _ context: RenderContext) throws {
        guard context.content.site.precompress else { return }
        var twins: [DeferredFile] = []
        for file in plan.files where Self.isText(file.path) && file.bytes.count >= Self.minimumSize {
            let bytes = file.bytes
            twins += Compression.allCases.map {
                $0.twin(of: file.path, key: { StableHash.of(bytes) }, render: { bytes })
            }
        }
        for page in plan.deferred where Self.isText(page.path) {
            twins += Compression.allCases.map { $0.twin(of: page.path, key: page.key, render: page.render) }
        }
        plan.deferred += twins
    }

    static func isText(_ path: String) -> Bool {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return false }
        return textExtensions.contains(String(path[path.index(after: dot)...]))
    }
}

/// The two encodings browsers accept and servers send from twins, at their highest settings: a
/// twin is made once and sent many times.
enum Compression: String, CaseIterable, Sendable {
    case gzip = "gz"
    case brotli = "br"

    /// The twin of the plan file `path`, whose key is `key` and whose bytes `render` makes.
    func twin(
        of path: String, key: @escaping @Sendable () -> UInt64, render: @escaping @Sendable () throws -> [UInt8]
    ) -> DeferredFile {
        DeferredFile(path: path + "." + rawValue) {
            var hash = StableHash()
            hash.add(key())
            hash.add(self.rawValue)
            return hash.value
        } render: {
            self.compress(try render())
        }
    }

    func compress(_ bytes: [UInt8]) -> [UInt8] {
        switch self {
        case .gzip: Self.gzip(bytes)
        case .brotli: Self.brotli(bytes)
        }
    }

    /// Brotli at quality 11, in UTF-8 text mode, with a window no larger than the file: as small
    /// a twin as the largest window gives, in a third of the time
    /// (bench/README.md#decision-precompressed-twins-by-zlib-and-brotli).
    static func brotli(_ bytes: [UInt8]) -> [UInt8] {
        let sizeBits = Int32(Int.bitWidth - max(bytes.count - 1, 1).leadingZeroBitCount)
        let windowBits = min(max(sizeBits, BROTLI_MIN_WINDOW_BITS), BROTLI_MAX_WINDOW_BITS)
        var size = BrotliEncoderMaxCompressedSize(bytes.count)
        var output = [UInt8](repeating: 0, count: max(size, 64))
        size = output.count
        let succeeded = bytes.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { out in
                BrotliEncoderCompress(
                    BROTLI_MAX_QUALITY, windowBits, BROTLI_MODE_TEXT, input.count, input.baseAddress,
                    &size, out.baseAddress)
            }
        }
        // Only a too small output buffer fails, and BrotliEncoderMaxCompressedSize rules that out.
        precondition(succeeded == BROTLI_TRUE, "brotli could not compress \(bytes.count) bytes")
        return Array(output.prefix(size))
    }

    /// gzip by zlib at level 9 (bench/README.md#decision-precompressed-twins-by-zlib-and-brotli).
    /// zlib's gzip header holds no name and a zero time, so the same bytes always give the same twin.
    static func gzip(_ bytes: [UInt8]) -> [UInt8] {
        var stream = z_stream()
        // 15 bits of window, + 16: a gzip header and trailer instead of zlib's.
        guard modak_deflate_init2(&stream, 9, 15 + 16, 9) == Z_OK else { preconditionFailure("zlib could not start") }
        defer { deflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(bytes.count))) + 32)
        var input = bytes
        let status = input.withUnsafeMutableBufferPointer { input in
            output.withUnsafeMutableBufferPointer { out in
                stream.next_in = input.baseAddress
                stream.avail_in = uInt(input.count)
                stream.next_out = out.baseAddress
                stream.avail_out = uInt(out.count)
                return deflate(&stream, Z_FINISH)
            }
        }
        // deflateBound is enough for one call to finish.
        precondition(status == Z_STREAM_END, "zlib could not compress \(bytes.count) bytes")
        return Array(output.prefix(Int(stream.total_out)))
    }
}
