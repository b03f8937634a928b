import KochCore

/// Something a decode warns of beside its text, in the order a reader is told of them.
public enum DecodeWarning: Equatable, Sendable {
    /// A key held down past any mark's length.
    case stuckKey(StuckKey)
    /// The reading is doubtful as keying; `otherTonesHeardHz` are worth trying with `--tone`.
    case doubtful([DoubtfulReading], otherTonesHeardHz: [Double])
    /// The tone's pitch wavered (`DecodeResult.waveringToneCaution`).
    case waveringTone(caution: String)
    /// Why nothing, or nothing but a stuck key, was read.
    case nothingToDecode(NothingToDecodeReason)

    /// The warning as one line naming the recording.
    public func message(in file: String) -> String {
        switch self {
        case .stuckKey(let stuck):
            return stuck.warning(in: file)
        case .doubtful(let doubts, let others):
            let advice = others.isEmpty ? "" : " Other tones heard: " + DayText.hertz(others) + " (--tone)."
            return "\(file): this decode is doubtful: \(doubts.map(\.description).joined(separator: "; ")).\(advice)"
        case .waveringTone(let caution):
            return "\(file): \(caution)."
        case .nothingToDecode(let reason):
            return "\(file): \(reason.description)"
        }
    }
}
