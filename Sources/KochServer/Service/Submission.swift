import KochCore

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
    /// The keys typed while the lesson played in the page, each at its moment of the lesson, and
    /// where the learner stopped it: placed in groups as `koch practice` places them (`ReceiveCopy`).
    case typedLive([TypedKey], stoppedAtSeconds: Double?)
    /// A log of key events keyed on the page (koch's key log, as `koch grade --events` reads one), as its bytes came.
    case keyLog([UInt8])

    /// What the database and the gradebook call it.
    public var kind: String {
        switch self {
        case .copy, .copyStopped: "copy"
        case .recording: "recording"
        case .heard: "heard"
        case .typedLive: "copy live"
        case .keyLog: "key log"
        }
    }
}

extension Submission {
    /// A keying (a recording or a key log): read before the transaction that records it.
    var isKeying: Bool {
        switch self {
        case .recording, .keyLog: true
        default: false
        }
    }
}
