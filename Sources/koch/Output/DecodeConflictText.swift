import KochCore
import KochDecoding
import KochLessons
import KochRecordings

/// What `koch decode` says of options given together that cannot be (`RecordingDecodeRequest.Conflict`), in the options' words.
enum DecodeConflictText {
    static func message(_ conflict: RecordingDecodeRequest.Conflict) -> String {
        switch conflict {
        case let .stationCount(count):
            return "--stations must be 1 or 2, not \(count)."
        case .steeringTwoStations:
            return "--stations 2 finds each station's pitch and speed itself: leave out --tone, --wpm and --plot."
        case let .expectedCharacters(reason):
            return "--expect: \(reason)"
        case let .toneTooLow(toneHz):
            return "--tone must be 100 Hz or more (and under 0.45 of the recording's sample rate), not \(toneHz)."
        case let .speed(speedWPM):
            let range = RecordingDecodeRequest.speedRangeWPM
            return "--wpm must be \(range.lowerBound.formatted) to \(range.upperBound.formatted), not \(speedWPM)."
        case let .plotNotSVG(path):
            return "--plot must name an .svg file, not '\(path)'."
        case .plotStretchWithoutPlot:
            return "--plot-from and --plot-seconds choose the stretch of a plot: give --plot FILE.svg too."
        case let .plotSeconds(seconds):
            let range = PlotStretch.spanRangeSeconds
            return "--plot-seconds must be \(range.lowerBound.formatted) to \(range.upperBound.formatted), not \(seconds)."
        case let .plotFrom(seconds):
            return "--plot-from must be 0 or more, not \(seconds)."
        }
    }
}
