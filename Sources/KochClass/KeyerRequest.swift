import KochAudio
import KochCore
import KochDecoding
import KochIO
import KochLessons

/// What a front end asks of a log of paddle or straight-key events (`koch keyer`): the log run
/// through the iambic keyer, what was keyed read as text, and its sidetone written if asked.
/// `conflict` says what cannot be asked before the log is read; `run()` does the rest.
public struct KeyerRequest: Sendable {
    /// The event log.
    public var eventsPath: String
    /// The keyer's speed until the log changes it; for a straight key, the speed to read at. Nil: the keyer's default.
    public var speedWPM: Double?
    /// The iambic mode.
    public var mode: IambicMode = .b
    /// Which keys of an evtest log are the paddles and the key.
    public var mapping: PaddleLog.KeyMapping = .usual
    /// The audio file to write the keyed sidetone into: FILE.wav or FILE.mp3; nil for none.
    public var outputPath: String?
    /// Only the elements, without reading them as text.
    public var elementsOnly = false

    public init(eventsPath: String) {
        self.eventsPath = eventsPath
    }

    /// What is asked that cannot be.
    public enum Conflict: Error, Sendable, Hashable {
        /// A speed out of `KeyerSpeed.rangeWPM`.
        case speed(Double)
        /// A sidetone file that is neither .wav nor .mp3.
        case outputFormat(path: String)
    }

    /// The first thing asked that cannot be; nil when the log can be keyed as asked.
    public var conflict: Conflict? {
        if let speedWPM, !KeyerSpeed.allows(speedWPM) { return .speed(speedWPM) }
        if let outputPath, AudioFormat(path: outputPath) == nil { return .outputFormat(path: outputPath) }
        return nil
    }

    /// A log that keys nothing: no key-down long enough to sound.
    public struct NothingKeyed: Error, Sendable, CustomStringConvertible {
        public let eventsPath: String
        public var description: String { "\(eventsPath): the log holds no key-down long enough to sound; nothing was keyed." }
    }

    /// What the keyer made of the log.
    public struct Result: Sendable {
        /// The log as read.
        public let log: PaddleLog
        /// The elements keyed, at least one.
        public let elements: [KeyedElement]
        /// The keyer's speeds, in order, each once.
        public let speedsWPM: [Double]
        /// The elements read as text; nil when only the elements were asked for.
        public let text: String?
    }

    /// Reads the log (its errors name the file and the line), keys it, reads it and writes the
    /// sidetone if asked. Throws `NothingKeyed` for a log that keys nothing, before writing anything.
    public func run() throws -> Result {
        let log = try PaddleLogFile.read(eventsPath, mapping: mapping)
        let keying = log.keying(at: KeyerSpeed(givenWPM: speedWPM), mode: mode)
        guard !keying.elements.isEmpty else { throw NothingKeyed(eventsPath: eventsPath) }
        let text = elementsOnly ? nil : try KeyedElementsReader.decode(keying.elements, speedWPM: keying.readingSpeedWPM).text
        if let outputPath { try writeSidetone(keying.elements, to: outputPath) }
        return Result(log: log, elements: keying.elements, speedsWPM: keying.speedsWPM, text: text)
    }

    /// The keyed sidetone at the lessons' sample rate, as WAV or MP3 by the file's name.
    private func writeSidetone(_ elements: [KeyedElement], to path: String) throws {
        let sampleRate = LessonSettings.defaultSampleRateHz
        let samples = SampleSource(KeyedElementsReader.sidetone(elements, sampleRate: sampleRate))
        if AudioFormat(path: path) == .mp3 {
            let encoder = try MP3Encoder(sampleRate: sampleRate, bitrateKbps: LessonSettings.defaultMP3BitrateKbps)
            try AudioOutput.writeMP3(samples, encoder: encoder, tags: .keyed(fromLog: eventsPath), to: path)
        } else {
            try AudioOutput.writeWAV(samples, sampleRate: sampleRate, to: path)
        }
    }
}
