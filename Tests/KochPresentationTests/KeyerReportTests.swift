import KochCore
import Testing

@testable import KochPresentation

@Suite struct KeyerReportTests {
    @Test func aReportOfAStraightKeyHasNoModeNorSpeed() throws {
        let log = try PaddleLog(text: "0.000 key down\n0.0804 key up\n")
        let element = KeyedElement(element: nil, startSeconds: 0, durationSeconds: 0.0804)
        let report = KeyerReport(file: "k.txt", log: log, mode: .b, speedsWPM: [20], text: "E", elements: [element])
        #expect(report.key == "straight" && report.mode == nil && report.wpm == nil)
        #expect(report.elements.first?.durationSeconds == 0.08)
        #expect(try report.json().contains("\"key\" : \"straight\""))
    }
}
