import Foundation
import KochAudio
import KochCore
import KochDecoding
import KochIO

/// What a front end asks of a recording's decode (`koch decode`): the file, what is known of the
/// keying in it, how many stations it holds and the stretch a plot is to show. `conflict` says
/// what cannot be asked together before the file is read; `decode()` reads it.
public struct RecordingDecodeRequest: Sendable, Hashable {
    /// The recording.
    public var path: String
    /// The tone to read; nil to search for it.
    public var toneHz: Double?
    /// The sender's speed, if known; nil to learn it from the recording.
    public var speedWPM: Double?
    /// The characters the recording holds (prosigns as `<AR>`), read as readily as letters.
    public var expectedCharacters: String?
    /// 1, or 2 for a QSO read station by station.
    public var stationCount: Int = 1
    /// The SVG file a plot of the envelope is asked for in (the front end writes it); nil for none.
    public var plotPath: String?
    /// Where the plot starts, in seconds; nil for just before the first character.
    public var plotFromSeconds: Double?
    /// How many seconds the plot shows; nil for `PlotStretch.defaultSpanSeconds`.
    public var plotSeconds: Double?

    public init(path: String) {
        self.path = path
    }

    /// The lowest tone a recording can be read at, the same for a grade's recording.
    public static let lowestToneHz = 100.0
    /// The speeds a decoder can be told of.
    public static let speedRangeWPM: ClosedRange<Double> = DecoderConfiguration.speedRangeWPM
    /// How many stations a recording can be read as.
    public static let stationCounts: ClosedRange<Int> = 1...2

    /// Whether a plot of the envelope is asked for.
    public var plotted: Bool { plotPath != nil }

    /// How many seconds the plot shows.
    public var plotSpanSeconds: Double { plotSeconds ?? PlotStretch.defaultSpanSeconds }

    /// The characters the recording is expected to hold, as the decoder weighs them.
    var prior: CharacterPrior { expectedCharacters.map(CharacterPrior.init(expecting:)) ?? .text }

    /// What the decode found: the one station's reading, or the two stations'.
    public enum Outcome: Sendable {
        case oneStation(DecodeResult)
        case stations(StationSeparation.Outcome)
    }

    /// Reads the recording as asked. Throws `FileError` for a folder or a file that cannot be read,
    /// `DecoderError.sampleRateTooLow` for a recording sampled too low to decode.
    public func decode() throws -> Outcome {
        try FileError.checkNotFolder(path, expected: "the recording")
        if stationCount == 2 { return .stations(try StationSeparation.separate(file: path, expecting: prior)) }
        let traceRange = plotted ? PlotStretch.traceRange(fromSeconds: plotFromSeconds, spanSeconds: plotSpanSeconds) : nil
        return .oneStation(
            try DecodeSession.decode(file: path, toneHz: toneHz, speedWPM: speedWPM, traceRangeSeconds: traceRange, expecting: prior))
    }
}
