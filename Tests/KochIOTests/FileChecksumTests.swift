import Foundation
import KochIO
import Testing

@Suite struct FileChecksumTests {
    @Test func matchesTheStandardTestVectors() {
        #expect(FileChecksum.sha256Hex(of: Array("".utf8)) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(FileChecksum.sha256Hex(of: Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    @Test func aFileReadInPiecesHasTheDigestOfItsBytes() throws {
        // Over two of the megabyte pieces the file is read in.
        let bytes = (0..<2_500_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("koch-checksum-\(UUID().uuidString)").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try FileChecksum.sha256Hex(ofFile: path) == FileChecksum.sha256Hex(of: bytes))
        #expect(
            FileChecksum.sha256Hex(of: [UInt8](repeating: 0x61, count: 1_000_000))
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }
}
