import Foundation
import KochTestSupport
import Testing

/// A file given as the key device that holds no input events, through the built binary.
@Suite(.serialized) struct KeyDeviceFileTests {
    static func randomBytes(_ count: Int) -> Data {
        var generator = SystemRandomNumberGenerator()
        return Data((0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) })
    }

    @Test func aFileOfRandomBytesIsRefusedAndNothingIsRecorded() throws {
        let scratch = try KochBinary.scratchFolder()
        for (name, count) in [("whole", 24 * 100), ("ragged", 24 * 100 + 5)] {
            let path = scratch + "/\(name).bin"
            try Self.randomBytes(count).write(to: URL(fileURLWithPath: path))
            let progress = scratch + "/progress-\(name).json"
            let result = try KochBinary.run([
                "practice", "characters", "--level", "2", "--count", "3", "--key-device", path, "--sound-device", "null", "--progress",
                progress,
            ])
            #expect(!result.succeeded, "\(result.standardOutput)")
            #expect(result.standardError.contains("\(path) holds no input events"), "\(result.standardError)")
            #expect(!result.standardOutput.contains("What was keyed before is graded"), "\(result.standardOutput)")
            #expect(!FileManager.default.fileExists(atPath: progress))
        }
    }
}
