import KochCore
import KochDecoding

/// A recording (or a log of key events) of a send exercise, decoded and read against its key.
public struct KeyingRecording: Sendable {
    public let file: String
    /// For a log of key events: what keyed it (`paddles, Mode B, 20 WPM`, `straight key`); nil for a recording.
    public var eventLog: String?
    public let result: DecodeResult
    public let copy: KeyedCopy
    /// Nil when not a single mark could be measured.
    public let fist: FistReport?
    /// The speed the decoder was told, when the exercise's speed gave the better reading.
    public var speedHintWPM: Double?
    /// Where the keying stopped before the sheet's end: `copy` is of the groups keyed. Nil for the whole sheet.
    public var stop: KeyingStop?
    /// Whether it was read live, as the learner keyed, rather than from `file` afterwards.
    public var readLive = false

    public init(file: String, result: DecodeResult, copy: KeyedCopy, fist: FistReport?, speedHintWPM: Double?) {
        self.file = file
        self.result = result
        self.copy = copy
        self.fist = fist
        self.speedHintWPM = speedHintWPM
    }

    /// What the progress file keeps of this keying (`GradedSession.keying`): the fist's figures
    /// and each character's time, against `exercise`; nil when no mark could be measured.
    public func sessionKeying(exercise: Timing) -> SessionKeying? {
        fist.map { SessionKeying(fist: $0, characters: result.output.characters, meant: copy.meant, exercise: exercise) }
    }

    /// The tone heard in a recording; nil for a log, sounded at a tone of koch's choosing.
    public var toneHz: Double? { eventLog == nil ? result.toneHz : nil }
}
