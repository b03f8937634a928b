import Foundation
import KochCore
import Testing

@testable import KochIO

@Suite struct PaddleLogFileTests {
    private func temporaryPath(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("koch-paddle-\(UUID().uuidString)-\(name)").path
    }

    @Test func aLogIsReadWithItsEvents() throws {
        let path = temporaryPath("log.txt")
        try "0.000 dit down\n0.080 dit up\n".write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let log = try PaddleLogFile.read(path, mapping: .usual)
        #expect(log.events.count == 2)
    }

    @Test func aMissingLogIsNamedAsMissing() {
        let path = temporaryPath("absent.txt")
        #expect { try PaddleLogFile.read(path, mapping: .usual) } throws: { error in
            "\(error)" == "\(path): there is no event log here."
        }
    }

    @Test func aMalformedLogNamesTheFileAndTheLine() throws {
        let path = temporaryPath("bad.txt")
        try "0.000 dit sideways\n".write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect { try PaddleLogFile.read(path, mapping: .usual) } throws: { error in
            "\(error)".hasPrefix("\(path): line 1: ")
        }
    }

}
