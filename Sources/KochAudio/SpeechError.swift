/// A failure to make speech, saying what the speech library said and what to do.
public enum SpeechError: Error, CustomStringConvertible, Equatable {
    /// espeak-ng could not start: most often its data (phoneme tables, voices) is not installed.
    case cannotStart(reason: String)
    case unknownVoice(name: String, reason: String)
    case invalidRate(wordsPerMinute: Int)
    case synthesis(text: String, reason: String)
    case resampling(reason: String)
    case loudness(reason: String)

    public var description: String {
        switch self {
        case let .cannotStart(reason):
            return "The speech synthesizer (espeak-ng) cannot start: \(reason). Its data is in the Debian package espeak-ng-data "
                + "(apt-get install espeak-ng-data), or set ESPEAK_DATA_PATH to the folder that holds espeak-ng-data."
        case let .unknownVoice(name, reason):
            return "There is no espeak-ng voice '\(name)' (\(reason)). `espeak-ng --voices` lists them; for example --voice en-us or --voice en."
        case let .invalidRate(wordsPerMinute):
            return
                "--speech-rate must be \(SpeechSynthesizer.rateRangeWPM.lowerBound) to \(SpeechSynthesizer.rateRangeWPM.upperBound) words per minute, not \(wordsPerMinute)."
        case let .synthesis(text, reason):
            return "espeak-ng could not speak '\(text)': \(reason)."
        case let .resampling(reason):
            return "The speech could not be brought to the lesson's sample rate (speexdsp): \(reason)."
        case let .loudness(reason):
            return "The speech could not be levelled beside the tone (libebur128): \(reason)"
        }
    }
}
