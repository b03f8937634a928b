import KochCore

/// A recording of a send exercise, decoded and read against its key.
struct KeyingRecording {
    let file: String
    let result: DecodeResult
    let copy: KeyedCopy
    /// Nil when not a single mark could be measured.
    let fist: FistReport?
    /// The speed the decoder was told, when the exercise's speed gave the better reading.
    var speedHintWPM: Double?

    var toneHz: Double? { result.toneHz }
}
