import KochCore

/// A recording of a send exercise, decoded and read against its key.
struct KeyingRecording {
    let file: String
    let result: DecodeResult
    let copy: KeyedCopy
    /// Nil when not a single mark could be measured.
    let fist: FistReport?

    var toneHz: Double? { result.toneHz }
}
