import Crypto
import Foundation

/// SHA-256 checksums (swift-crypto's), for a lesson pack's manifest.
public enum FileChecksum {
    /// The digest of a whole file, read a megabyte at a time, as 64 lower-case hex digits.
    public static func sha256Hex(ofFile path: String) throws -> String {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw FileError.system(path: path, action: "read", errno: errno)
        }
        defer { try? handle.close() }
        var hash = SHA256()
        while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty { hash.update(data: chunk) }
        return hex(hash.finalize())
    }

    /// The digest of bytes, as 64 lower-case hex digits.
    public static func sha256Hex(of bytes: some Collection<UInt8>) -> String {
        hex(SHA256.hash(data: Data(bytes)))
    }

    private static func hex(_ digest: SHA256.Digest) -> String {
        digest.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }
}
