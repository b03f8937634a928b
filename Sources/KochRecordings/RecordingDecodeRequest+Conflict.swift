import Foundation
import KochCore
import KochDecoding

extension RecordingDecodeRequest {
    /// What is asked together that cannot be, or out of range: refused before the recording is
    /// read, so that a front end can refuse it as it takes the request.
    public enum Conflict: Error, Sendable, Hashable {
        /// A station count other than 1 or 2.
        case stationCount(Int)
        /// A tone, a speed or a plot given for two stations, whose pitches and speeds are found.
        case steeringTwoStations
        /// Expected characters that are not Morse, with what is wrong with them.
        case expectedCharacters(reason: String)
        /// A tone under `lowestToneHz`.
        case toneTooLow(Double)
        /// A speed out of `speedRangeWPM`.
        case speed(Double)
        /// A plot asked for in a file that is not named .svg.
        case plotNotSVG(path: String)
        /// A plot's stretch given without a plot.
        case plotStretchWithoutPlot
        /// A plot's length out of `PlotStretch.spanRangeSeconds`.
        case plotSeconds(Double)
        /// A plot starting before the recording.
        case plotFrom(Double)
    }

    /// The first thing asked that cannot be, in the order a learner is best told of it; nil when
    /// the recording can be read as asked, as far as can be told before it is opened.
    public var conflict: Conflict? {
        if !Self.stationCounts.contains(stationCount) { return .stationCount(stationCount) }
        if stationCount == 2, toneHz != nil || speedWPM != nil || plotted { return .steeringTwoStations }
        if let expectedCharacters {
            do {
                _ = try MorseText(parsing: expectedCharacters)
            } catch {
                return .expectedCharacters(reason: error.description)
            }
        }
        if let toneHz, toneHz < Self.lowestToneHz { return .toneTooLow(toneHz) }
        if let speedWPM, !Self.speedRangeWPM.contains(speedWPM) { return .speed(speedWPM) }
        if let plotPath, URL(fileURLWithPath: plotPath).pathExtension.lowercased() != "svg" { return .plotNotSVG(path: plotPath) }
        if !plotted, plotFromSeconds != nil || plotSeconds != nil { return .plotStretchWithoutPlot }
        if let plotSeconds, !PlotStretch.spanRangeSeconds.contains(plotSeconds) { return .plotSeconds(plotSeconds) }
        if let plotFromSeconds, plotFromSeconds < 0 { return .plotFrom(plotFromSeconds) }
        return nil
    }
}
