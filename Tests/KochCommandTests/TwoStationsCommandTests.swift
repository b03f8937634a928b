import Foundation
import KochAudio
import KochTestSupport
import Testing

/// `koch decode --stations 2` through the built binary, on two-station recordings made here.
@Suite struct TwoStationsCommandTests {
    static let sampleRate = 8000
    static let overs: [(station: Int, text: String)] = [
        (0, "CQ TEST YT7MK"), (1, "DL1ABC"), (0, "DL1ABC 599 001"), (1, "TU 599 002"), (0, "TU YT7MK TEST"),
    ]

    /// A contest QSO, two stations 6 Hz apart at 20 and 18 WPM, in noise, written as a WAV.
    static func writeQSO(to path: String, stations: [StationSignals.Station]) throws {
        var made = StationSignals.turns(overs, stations: stations, pauseSeconds: 1.2, sampleRate: sampleRate)
        DecodingSignals.addWhiteNoise(&made.samples, snrDB: 15, amplitude: 0.4, sampleRate: sampleRate, seed: 7)
        try WAVWriter.write(made.samples, sampleRate: sampleRate, to: path)
    }

    @Test func labelsEachOverOfTwoStationsSixHertzApart() throws {
        let folder = try KochBinary.scratchFolder()
        let path = folder + "/contest.wav"
        try Self.writeQSO(to: path, stations: [.init(toneHz: 600, speedWPM: 20), .init(toneHz: 606, speedWPM: 18)])
        let result = try KochBinary.run(["decode", "--stations", "2", path])
        #expect(result.succeeded, "\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.count == 5, "\(result.standardOutput)")
        #expect(lines.first?.hasPrefix("[1 600 Hz 20 WPM 0:00.5–") == true, "\(lines)")
        #expect(lines.dropFirst().first?.hasPrefix("[2 606 Hz 18 WPM") == true, "\(lines)")
        #expect(lines.map { $0.split(separator: "] ", maxSplits: 1).last.map(String.init) ?? "" } == Self.overs.map(\.text))
        #expect(!result.standardError.contains("doubtful"), "\(result.standardError)")

        let json = try KochBinary.run(["decode", "--stations", "2", "--json", path])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        #expect(report["toldApart"] as? Bool == true)
        let overs = try #require(report["overs"] as? [[String: Any]])
        #expect(overs.compactMap { $0["station"] as? Int } == [1, 2, 1, 2, 1])
        #expect(overs.compactMap { $0["text"] as? String } == Self.overs.map(\.text))
    }

    @Test func oneStationIsSaidToBeOneAndReadAsOne() throws {
        let folder = try KochBinary.scratchFolder()
        let path = folder + "/one.wav"
        try Self.writeQSO(to: path, stations: [.init(toneHz: 600, speedWPM: 20), .init(toneHz: 600, speedWPM: 20)])
        let result = try KochBinary.run(["decode", "--stations", "2", path])
        #expect(result.succeeded, "\(result.standardError)")
        #expect(result.standardError.contains("one station heard"), "\(result.standardError)")
        #expect(
            result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines) == Self.overs.map(\.text).joined(separator: " "),
            "\(result.standardOutput)")
    }

    @Test func refusesAStationCountOtherThanOneOrTwoAndATone() throws {
        let three = try KochBinary.run(["decode", "--stations", "3", "x.wav"])
        #expect(!three.succeeded && three.standardError.contains("--stations must be 1 or 2"))
        let tone = try KochBinary.run(["decode", "--stations", "2", "--tone", "600", "x.wav"])
        #expect(!tone.succeeded && tone.standardError.contains("leave out --tone"))
    }
}
