import KochClass
import KochCore
import KochLessons

/// What `koch grade` says of options given together that cannot be (`GradeRequest.Conflict`), in the options' words.
enum GradeConflictText {
    static func message(_ conflict: GradeRequest.Conflict) -> String {
        switch conflict {
        case .heardWithReturn:
            return "--heard is your own count of a spoken lesson: give it without --transcript, --audio, --events or --partial."
        case let .negativeHeard(heard):
            return "--heard must be 0 or more, not \(heard)."
        case .severalReturns:
            return "Give one of --audio (a recording of your keying), --events (a log of your paddles) or --transcript (a copy)."
        case .stopOfKeying:
            return
                "--stopped-at is for a lesson you listened to (--transcript, --heard): a keying is graded up to where it ends, wherever you stopped."
        case .toneOfEventLog:
            return "--tone is not for a log of key events."
        case .steeringWithoutKeying:
            return "--tone and --wpm describe a recording: use them with --audio."
        case let .toneTooLow(toneHz):
            return "--tone must be 100 Hz or more (and under 0.45 of the recording's sample rate), not \(toneHz.formatted)."
        case let .keyerSpeed(speedWPM):
            let range = KeyerSpeed.rangeWPM
            return
                "--wpm for a paddle log is the keyer's speed: \(range.lowerBound.formatted) to \(range.upperBound.formatted), not \(speedWPM.formatted)."
        case .keyerWithoutLog:
            return "--mode and --paddle-keys describe a log of key events: use them with --events."
        case .partialKeying:
            return "--partial is for a copy (--transcript) of under a quarter of the lesson; a keying is graded as it was keyed."
        case let .recordingSpeed(speedWPM):
            let range = GradeRequest.recordingSpeedRangeWPM
            return "--wpm must be \(range.lowerBound.formatted) to \(range.upperBound.formatted), not \(speedWPM.formatted)."
        }
    }
}
