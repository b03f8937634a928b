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

    @Test func aReportOfAStraightKeyHasNoModeNorSpeed() throws {
        let log = try PaddleLog(text: "0.000 key down\n0.0804 key up\n")
        let element = KeyedElement(element: nil, startSeconds: 0, durationSeconds: 0.0804)
        let report = KeyerReport(file: "k.txt", log: log, mode: .b, speedsWPM: [20], text: "E", elements: [element])
        #expect(report.key == "straight" && report.mode == nil && report.wpm == nil)
        #expect(report.elements.first?.durationSeconds == 0.08)
        #expect(try report.json().contains("\"key\" : \"straight\""))
    }
}
