/// What a learner sends for a lesson.
public enum Submission: Sendable {
    /// A typed copy, as its bytes came.
    case copy([UInt8])
    /// A typed copy of the lesson up to where the learner stopped it, in seconds from its start.
    case copyStopped([UInt8], stoppedAtSeconds: Double?)
    /// A recording of their keying, as its bytes came (any file `koch grade --audio` reads).
    case recording([UInt8])
    /// A spoken lesson's count of items got right, and where they stopped, in seconds from the start.
    case heard(Int, stoppedAtSeconds: Double?)

    /// `copy`, `recording` or `heard`: what the database and the gradebook call it.
    public var kind: String {
        switch self {
        case .copy, .copyStopped: "copy"
        case .recording: "recording"
        case .heard: "heard"
        }
    }
}
