import Foundation
import KochClass
import KochCore
import Testing

/// A log of key events through the keyer as a front end asks it: refusals before the log is
/// read, the text read from what was keyed, and the sidetone written only for a keying.
@Suite final class KeyerRequestTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("koch-keyer-\(UUID().uuidString)").path

    init() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// A paddle log of K M at `wpm`: each paddle held for half its element, the keyer times the rest.
    func log(_ text: String) throws -> String {
        let path = folder + "/paddles.txt"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func paddlesKeyingKM(wpm: Double) -> String {
        let unit = Timing.unitSeconds(wpm: wpm)
        var time = 0.5
        var lines: [String] = []
        for pattern in ["-.-", "--"] {
            for element in pattern {
                let length = unit * (element == "." ? 1 : 3)
                let paddle = element == "." ? "dit" : "dah"
                lines.append(String(format: "%.4f %@ down", time, paddle))
                lines.append(String(format: "%.4f %@ up", time + length / 2, paddle))
                time += length + unit
            }
            time += 2.2 * unit
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test func aSpeedOutsideTheKeyersRangeIsRefused() {
        var request = KeyerRequest(eventsPath: "paddles.txt")
        request.speedWPM = KeyerSpeed.rangeWPM.upperBound + 1
        #expect(request.conflict == .speed(KeyerSpeed.rangeWPM.upperBound + 1))
        request.speedWPM = KeyerSpeed.rangeWPM.lowerBound
        #expect(request.conflict == nil)
    }

    @Test func theSidetoneIsAWAVOrAnMP3File() {
        var request = KeyerRequest(eventsPath: "paddles.txt")
        request.outputPath = "keyed.ogg"
        #expect(request.conflict == .outputFormat(path: "keyed.ogg"))
        request.outputPath = "keyed.mp3"
        #expect(request.conflict == nil)
    }

    @Test func whatWasKeyedIsReadAndItsSidetoneWritten() throws {
        var request = KeyerRequest(eventsPath: try log(paddlesKeyingKM(wpm: 20)))
        request.speedWPM = 20
        request.outputPath = folder + "/keyed.wav"
        let keyed = try request.run()
        #expect(keyed.text == "KM")
        #expect(keyed.elements.count == 5)
        #expect(keyed.speedsWPM == [20])
        #expect(FileManager.default.fileExists(atPath: folder + "/keyed.wav"))
    }

    @Test func onlyTheElementsAreGivenWhenAskedSo() throws {
        var request = KeyerRequest(eventsPath: try log(paddlesKeyingKM(wpm: 20)))
        request.speedWPM = 20
        request.elementsOnly = true
        let keyed = try request.run()
        #expect(keyed.text == nil && keyed.elements.count == 5)
    }

    @Test func aLogThatKeysNothingIsRefusedAndNoSidetoneWritten() throws {
        var request = KeyerRequest(eventsPath: try log("0.500 wpm 18\n"))
        request.outputPath = folder + "/keyed.wav"
        #expect(throws: KeyerRequest.NothingKeyed.self) { try request.run() }
        #expect(!FileManager.default.fileExists(atPath: folder + "/keyed.wav"))
    }
}
