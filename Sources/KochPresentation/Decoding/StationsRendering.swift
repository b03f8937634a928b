import Foundation
import KochCore
import KochDecoding

/// The text and the JSON report of a reading of two stations (`koch decode --stations 2`).
public enum StationsRendering {
    /// One over as a line: `[1 600 Hz 20 WPM 0:01.2–0:05.8] CQ TEST YT7MK`.
    public static func line(_ over: StationOver) -> String {
        let speed = over.speedWPM.map { "\(Int($0.rounded())) WPM" } ?? "? WPM"
        return "[\(over.station) \(Int(over.toneHz.rounded())) Hz \(speed) \(clock(over.startSeconds))–\(clock(over.endSeconds))] \(over.text)"
    }

    /// Seconds as minutes and seconds to a tenth: 0:01.2, 12:30.0.
    public static func clock(_ seconds: Double) -> String {
        let tenths = Int((max(0, seconds) * 10).rounded())
        return String(format: "%d:%02d.%d", tenths / 600, tenths / 10 % 60, tenths % 10)
    }

    private struct Report: Encodable {
        struct Station: Encodable {
            let station: Int
            let toneHz: Double
            let speedWPM: Double?
            let text: String
            let implausible: [String]
        }
        struct Over: Encodable {
            let station: Int
            let toneHz: Double
            let speedWPM: Double?
            let startSeconds: Double
            let endSeconds: Double
            let text: String
        }
        let file: String
        /// Whether two stations were told apart; if not, `text` is the single-station reading.
        let toldApart: Bool
        /// How: "pitch" (each in its own band) or "overs" (by the pitch, speed and level of each over).
        let toldApartBy: String?
        let caution: String?
        let stations: [Station]
        let overs: [Over]
        let text: String
    }

    public static func json(_ outcome: StationSeparation.Outcome, file: String) -> String {
        func tenth(_ value: Double) -> Double { (value * 10).rounded() / 10 }
        func hundredth(_ value: Double) -> Double { (value * 100).rounded() / 100 }
        let report: Report
        switch outcome {
        case .twoStations(let transcripts, let overs, let byPitch):
            report = Report(
                file: file, toldApart: true, toldApartBy: byPitch ? "pitch" : "overs", caution: nil,
                stations: transcripts.map {
                    Report.Station(
                        station: $0.station, toneHz: tenth($0.known.toneHz), speedWPM: $0.speedWPM.map(tenth), text: $0.text,
                        implausible: $0.result.doubts.map(\.description))
                },
                overs: overs.map {
                    Report.Over(
                        station: $0.station, toneHz: tenth($0.toneHz), speedWPM: $0.speedWPM.map(tenth),
                        startSeconds: hundredth($0.startSeconds), endSeconds: hundredth($0.endSeconds), text: $0.text)
                },
                text: overs.map(\.text).joined(separator: " "))
        case .oneStation(let result), .notToldApart(let result):
            report = Report(
                file: file, toldApart: false, toldApartBy: nil, caution: outcome.caution, stations: [], overs: [], text: result.text)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(report) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }
}
