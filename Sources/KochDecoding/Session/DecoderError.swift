import KochCore

/// A setting the decoder cannot work with.
public enum DecoderError: Error, Sendable, Equatable, CustomStringConvertible {
    case sampleRateTooLow(Int)
    case noChannels
    case toneOutOfRange(frequencyHz: Double, sampleRate: Int)
    case speedOutOfRange(Double)

    public var description: String {
        switch self {
        case let .sampleRateTooLow(rate):
            return
                "The recording's sample rate is \(rate) Hz; decoding needs at least \(CWDecoder.lowestSampleRate) Hz. Record again at 8 kHz or more."
        case .noChannels:
            return "The recording has no audio channels."
        case let .toneOutOfRange(frequencyHz, sampleRate):
            return
                "A tone of \(Int(frequencyHz.rounded())) Hz cannot be decoded from audio sampled at \(sampleRate) Hz: give a tone from 100 Hz to \(Int(CWDecoder.highestToneHz(sampleRate: sampleRate))) Hz."
        case let .speedOutOfRange(speedWPM):
            return
                "A speed of \(speedWPM) WPM is outside what the decoder follows: give \(Int(DecoderConfiguration.speedRangeWPM.lowerBound)) to \(Int(DecoderConfiguration.speedRangeWPM.upperBound)) WPM."
        }
    }
}
