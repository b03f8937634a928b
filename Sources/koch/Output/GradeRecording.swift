import KochCore

/// A recording (or a log of key events) of a send exercise, decoded and read against its key.
struct KeyingRecording {
    let file: String
    /// For a log of key events: what keyed it (`paddles, Mode B, 20 WPM`, `straight key`); nil for a recording.
    var eventLog: String?
    let result: DecodeResult
    let copy: KeyedCopy
    /// Nil when not a single mark could be measured.
    let fist: FistReport?
    /// The speed the decoder was told, when the exercise's speed gave the better reading.
    var speedHintWPM: Double?

    /// The tone heard in a recording; nil for a log, sounded at a tone of koch's choosing.
    var toneHz: Double? { eventLog == nil ? result.toneHz : nil }
}
