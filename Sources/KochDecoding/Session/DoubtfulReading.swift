import KochCore

/// Why a decode cannot be trusted as a reading of keying: it read something else (talk,
/// music, a carrier, another tone, or the right tone through too much echo).
///
/// A learner keys at a human speed (about 5 to 50 WPM: 4 to 60 are accepted, as a speed read
/// from few marks can be a little off), with dahs of 1.5 to 6 dits. Whether a reading matches
/// an exercise well enough to be graded is the grader's to judge (KochClass's `ImplausibleDecode`).
public enum DoubtfulReading: Sendable, Hashable, CustomStringConvertible {
    case speedOutOfRange(speedWPM: Double, ditSeconds: Double)
    case dahDitRatioOutOfRange(Double)
    /// Two tones scored too close to tell which one is the sender's.
    case toneNearTie(chosenHz: Double, otherHz: Double)
    /// A tone was given where the search, which covers it, found nothing keyed, and found keying elsewhere:
    /// what was read is the keyed tone's leakage through the filter, weakened and broken.
    case toneGivenNotKeyed(givenHz: Double, keyedHz: Double)
    /// Many marks read at other pitches (or phases) than the tone's: talk or music sounded
    /// through its filter, and may have bent the marks that were read.
    case talkAtTheTone(offPitchMarks: Int, marks: Int)
    /// A room's echo trailed the marks, and the gaps read were shorter than a fist's (on the
    /// whole, under `shortestIntraCharacterDits` inside characters or `shortestCharacterDits`
    /// between them): the tails filled the gaps, and the marks read are the echo's as much as
    /// the sender's.
    case echoFilledTheGaps(intraCharacterDits: Double?, characterDits: Double?)

    public static let speedRangeWPM = 4.0...60.0
    public static let dahDitRatioRange = 1.5...6.0
    /// Marks off the tone's pitch, as a share of all marks (and at least `fewestOffPitchMarks` of them), that make a decode doubtful.
    public static let largestOffPitchShare = 0.01
    public static let fewestOffPitchMarks = 2
    /// A fist leaves about a dit between the elements of a character and three between
    /// characters. An echo lengthens the marks read and shortens the gaps, but where the reading
    /// is right they stay near a fist's; where an echo was heard, a mean under these (in the
    /// reading's own dits) read the echo. A right reading in an echoing room keeps about 0.6 and
    /// 1.9 dits, hence 1.7 between characters rather than 2 (docs/decoder.md).
    public static let shortestIntraCharacterDits = 0.5
    public static let shortestCharacterDits = 1.7
    public static let fewestGapsForSpacing = 5

    public var description: String {
        switch self {
        case let .speedOutOfRange(speedWPM, ditSeconds):
            return "the speed read was \(Int(speedWPM.rounded())) WPM (dits of \(Int((ditSeconds * 1000).rounded())) ms), "
                + "outside the \(Int(Self.speedRangeWPM.lowerBound)) to \(Int(Self.speedRangeWPM.upperBound)) WPM of human keying"
        case let .dahDitRatioOutOfRange(ratio):
            return "the dahs read were \(String(format: "%.1f", ratio)) dits long, outside the 1.5 to 6 of any fist"
        case let .toneNearTie(chosenHz, otherHz):
            return "two tones, at \(Int(chosenHz.rounded())) Hz and \(Int(otherHz.rounded())) Hz, were keyed about as clearly, "
                + "and the search cannot tell which one is yours"
        case let .toneGivenNotKeyed(givenHz, keyedHz):
            return "nothing is keyed at the tone given, \(Int(givenHz.rounded())) Hz: the keying is at \(Int(keyedHz.rounded())) Hz"
        case let .talkAtTheTone(offPitchMarks, marks):
            return "\(offPitchMarks) of \(offPitchMarks + marks) marks were at another pitch or phase than the tone's: "
                + "talk or music sounded through it, and may have changed the marks read"
        case let .echoFilledTheGaps(intraCharacterDits, characterDits):
            let read = [
                intraCharacterDits.map { String(format: "%.1f dits inside characters", $0) },
                characterDits.map { String(format: "%.1f between them", $0) },
            ].compactMap { $0 }.joined(separator: ", ")
            return "a room's echo trailed the marks, and the gaps read were shorter than any fist's (\(read); "
                + "a fist leaves about 1 and 3): the echo filled them, and may have made the marks read"
        }
    }
}

/// What made a recording hard to read: there a reading's mistakes may be the recording's
/// rather than the sender's (`DecodeResult.hardships`).
public enum ReadingHardship: Sendable, Hashable, CustomStringConvertible {
    /// A room's echo trailed the marks (or the reading is of a room undone, `roomEchoEqualized`).
    case roomEcho
    /// The tone's pitch wavered as a voice's does (`DecodeResult.toneWavered`: a room's echo, or talk at its pitch).
    case waveringTone
    /// Talk or music sounded (`ToneSearchResult.heardTalk(besidesHz:)`), or was read past (`readAlongTonePhase`).
    case talk
    /// The tone stood under `nearTheNoiseBelowDB` over the noise.
    case nearTheNoise(signalToNoiseDB: Double)
    /// Another tone was keyed too (`ToneSearchResult.rivals`).
    case otherTone(frequencyHz: Double)

    /// The tone's level over the noise (in 500 Hz) under which its reading is hard: the level
    /// under which the decoder reads every sample's evidence again (`DecodeSession`). Readings
    /// many characters wrong that pass every other check come from recordings with an echo
    /// heard, another station keyed, or the tone under it (docs/decoder.md).
    public static let nearTheNoiseBelowDB = DecodeSession.softReadingBelowDB

    public var description: String {
        switch self {
        case .roomEcho: return "a room's echo trailed the marks"
        case let .nearTheNoise(signalToNoiseDB): return "the tone stood only \(Int(signalToNoiseDB.rounded())) dB over the noise"
        case .waveringTone: return "the tone's pitch wavered as a voice's does (a room's echo, or talk at its pitch)"
        case .talk: return "talk or music sounded in the recording"
        case let .otherTone(frequencyHz): return "another tone was keyed at \(Int(frequencyHz.rounded())) Hz"
        }
    }
}
