import Foundation
import KochCore
import KochDecoding
import KochIO
import KochRecordings
import Testing

/// A recording's decode as a front end asks it: what is refused before the file is read, and why.
@Suite struct RecordingDecodeRequestTests {
    func request(_ change: (inout RecordingDecodeRequest) -> Void) -> RecordingDecodeRequest {
        var request = RecordingDecodeRequest(path: "practice.wav")
        change(&request)
        return request
    }

    @Test func aPlainRequestHasNoConflict() {
        #expect(RecordingDecodeRequest(path: "practice.wav").conflict == nil)
        #expect(
            request {
                $0.toneHz = 700
                $0.speedWPM = 20
                $0.plotPath = "p.SVG"
                $0.plotSeconds = 120
                $0.plotFromSeconds = 0
            }.conflict == nil)
    }

    @Test func aStationCountOtherThanOneOrTwoIsRefused() {
        #expect(request { $0.stationCount = 3 }.conflict == .stationCount(3))
        #expect(request { $0.stationCount = 0 }.conflict == .stationCount(0))
    }

    @Test func twoStationsAreNotSteered() {
        #expect(
            request {
                $0.stationCount = 2
                $0.toneHz = 700
            }.conflict == .steeringTwoStations)
        #expect(
            request {
                $0.stationCount = 2
                $0.speedWPM = 20
            }.conflict == .steeringTwoStations)
        #expect(
            request {
                $0.stationCount = 2
                $0.plotPath = "p.svg"
            }.conflict == .steeringTwoStations)
    }

    @Test func expectedCharactersThatAreNoMorseAreRefusedWithTheReason() throws {
        let reason = try #require(throws: MorseTextError.self) { try MorseText(parsing: "K#M") }.description
        #expect(request { $0.expectedCharacters = "K#M" }.conflict == .expectedCharacters(reason: reason))
    }

    @Test func aToneUnderTheLowestIsRefusedAsAGradesIs() {
        #expect(request { $0.toneHz = 99 }.conflict == .toneTooLow(99))
        #expect(request { $0.toneHz = RecordingDecodeRequest.lowestToneHz }.conflict == nil)
    }

    @Test func aSpeedOutsideTheDecodersRangeIsRefused() {
        let range = RecordingDecodeRequest.speedRangeWPM
        #expect(request { $0.speedWPM = range.upperBound + 1 }.conflict == .speed(range.upperBound + 1))
        #expect(request { $0.speedWPM = range.lowerBound }.conflict == nil)
    }

    @Test func aPlotIsAnSVGFile() {
        #expect(request { $0.plotPath = "plot.png" }.conflict == .plotNotSVG(path: "plot.png"))
    }

    @Test func aPlotsStretchNeedsAPlot() {
        #expect(request { $0.plotSeconds = 5 }.conflict == .plotStretchWithoutPlot)
        #expect(request { $0.plotFromSeconds = 5 }.conflict == .plotStretchWithoutPlot)
    }

    @Test func aPlotShowsOneToOneHundredTwentySecondsFromZeroOn() {
        #expect(
            request {
                $0.plotPath = "p.svg"
                $0.plotSeconds = 0.5
            }.conflict == .plotSeconds(0.5))
        #expect(
            request {
                $0.plotPath = "p.svg"
                $0.plotSeconds = 121
            }.conflict == .plotSeconds(121))
        #expect(
            request {
                $0.plotPath = "p.svg"
                $0.plotFromSeconds = -1
            }.conflict == .plotFrom(-1))
        #expect(request { $0.plotPath = "p.svg" }.plotSpanSeconds == PlotStretch.defaultSpanSeconds)
    }

    @Test func aFolderIsNamedForWhatItIsRatherThanRead() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("koch-decode-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let error = #expect(throws: FileError.self) { try RecordingDecodeRequest(path: folder).decode() }
        guard case .isFolder(let path, let expected) = error else {
            Issue.record("not refused as a folder: \(String(describing: error))")
            return
        }
        #expect(path == folder && expected == "the recording")
    }
}
