import CCrypto
import Foundation

/// SHA-256 checksums (OpenSSL's libcrypto), for a lesson pack's manifest.
public enum FileChecksum {
    /// The digest of a whole file, read a megabyte at a time, as 64 lower-case hex digits.
    public static func sha256Hex(ofFile path: String) throws -> String {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw FileError.system(path: path, action: "read", errno: errno)
        }
        defer { try? handle.close() }
        var digest = SHA256Digest()
        while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty { digest.update(chunk) }
        return digest.finalHex()
    }

    /// The digest of bytes, as 64 lower-case hex digits.
    public static func sha256Hex(of bytes: some Collection<UInt8>) -> String {
        var digest = SHA256Digest()
        digest.update(Data(bytes))
        return digest.finalHex()
    }
}

/// One SHA-256 digest being computed: libcrypto's EVP context, freed when done.
private struct SHA256Digest: ~Copyable {
    private let context: OpaquePointer

    init() {
        // Only memory exhaustion makes these fail.
        guard let context = EVP_MD_CTX_new(), EVP_DigestInit_ex(context, EVP_sha256(), nil) == 1 else {
            fatalError("libcrypto could not start a SHA-256 digest")
        }
        self.context = context
    }

    deinit { EVP_MD_CTX_free(context) }

    mutating func update(_ bytes: Data) {
        bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress, buffer.count > 0 else { return }
            _ = EVP_DigestUpdate(context, base, buffer.count)
        }
    }

    /// The digest as 64 lower-case hex digits.
    consuming func finalHex() -> String {
        var bytes = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        _ = EVP_DigestFinal_ex(context, &bytes, &length)
        return bytes.prefix(Int(length)).map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }
}
