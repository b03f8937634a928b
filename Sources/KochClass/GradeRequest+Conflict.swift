import KochCore
import KochDecoding
import KochRecordings

extension GradeRequest {
    /// What is given together that cannot be, or given out of range: refused before any file is
    /// read, so that a front end can refuse it as it takes the request (the command line, as it
    /// parses its options).
    public enum Conflict: Error, Sendable, Hashable {
        /// A count heard given with a copy, a keying or `partial`: it is the learner's own count of a spoken lesson.
        case heardWithReturn
        /// A count heard below zero.
        case negativeHeard(Int)
        /// More than one return, other than a copy with one keying (the two halves of a contact answered);
        /// a live session's reading is given alone.
        case severalReturns
        /// A stop given with a keying, which is graded up to where it ends.
        case stopOfKeying
        /// A sidetone given for a log of key events.
        case toneOfEventLog
        /// A sidetone or speed given without a keying to steer.
        case steeringWithoutKeying
        /// A sidetone under 100 Hz.
        case toneTooLow(Double)
        /// A paddle log's keyer speed out of the keyer's range.
        case keyerSpeed(Double)
        /// A mode or paddle keys given without a log of key events.
        case keyerWithoutLog
        /// `partial` given with a keying, which is graded as it was keyed.
        case partialKeying
        /// A recording's speed out of the decoder's range.
        case recordingSpeed(Double)
    }

    /// The recording speeds a decoder can be told of.
    public static let recordingSpeedRangeWPM: ClosedRange<Double> = DecoderConfiguration.speedRangeWPM
    /// The lowest sidetone a recording can be steered to.
    public static let lowestToneHz = RecordingDecodeRequest.lowestToneHz

    /// The first thing given that cannot be, in the order a learner is best told of it; nil when
    /// the request can be graded as far as can be told before the key is read.
    public var conflict: Conflict? {
        if let heard {
            if copy != nil || keyingGiven || reading != nil || partial { return .heardWithReturn }
            return heard < 0 ? .negativeHeard(heard) : nil
        }
        let returns = [copy != nil, recordingPath != nil, eventsPath != nil, reading != nil].filter { $0 }.count
        if returns > 1, copy == nil || (recordingPath != nil && eventsPath != nil) || reading != nil { return .severalReturns }
        if keyingGiven, stoppedAtSeconds != nil { return .stopOfKeying }
        if eventsPath != nil, toneHz != nil { return .toneOfEventLog }
        if !keyingGiven, toneHz != nil || speedWPM != nil { return .steeringWithoutKeying }
        if let toneHz, toneHz < Self.lowestToneHz { return .toneTooLow(toneHz) }
        if eventsPath != nil, let speedWPM, !KeyerSpeed.allows(speedWPM) { return .keyerSpeed(speedWPM) }
        if eventsPath == nil, mode != nil || keyMapping != nil { return .keyerWithoutLog }
        if partial, keyingGiven { return .partialKeying }
        if let speedWPM, !Self.recordingSpeedRangeWPM.contains(speedWPM) { return .recordingSpeed(speedWPM) }
        return nil
    }
}
