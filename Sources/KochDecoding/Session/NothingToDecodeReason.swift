import KochCore

/// Why a recording gave no characters, in words a user can act on.
public enum NothingToDecodeReason: Sendable, Hashable, CustomStringConvertible {
    /// Every sample is (nearly) zero.
    case silence
    /// There is sound, but no tone in the range searched is keyed on and off.
    case noKeyedTone(searchedHz: ClosedRange<Double>)
    /// A tone is present all the time: a carrier, or a key held down from the start.
    case steadyCarrier(frequencyHz: Double)
    /// Sounds come and go (talk, music), but none at a steady pitch, as a keyed tone is;
    /// `clearestHz`, the best-scored of them (keyed most clearly for its steadiness: a sidetone
    /// whose pitch a room's echo makes waver can be one).
    case noSteadyTone(clearestHz: Double)
    /// A tone is keyed, but too weakly above the noise to tell marks from spaces.
    case tooWeak(frequencyHz: Double)

    public var description: String {
        switch self {
        case .silence:
            return "The recording is silent: nothing to decode. Check the recording level or the input the recorder used."
        case let .noKeyedTone(searchedHz):
            return "No keyed tone between \(Int(searchedHz.lowerBound.rounded())) and \(Int(searchedHz.upperBound.rounded())) Hz was found: "
                + "the recording holds only noise or steady sounds. Record closer to the sidetone, or, if the tone is outside "
                + "that range, give it with --tone (any pitch from 100 Hz to 0.45 of the sample rate)."
        case let .noSteadyTone(clearestHz):
            let hz = Int(clearestHz.rounded())
            return "Sounds come and go (talk or music, by their gliding pitch), but no tone keyed at a steady pitch was found: "
                + "nothing to decode. The pitch keyed most clearly was \(hz) Hz: if that is your sidetone (a room's echo makes a "
                + "tone's pitch waver), give it with --tone \(hz). Otherwise record in a quieter room, with the microphone near "
                + "the sidetone."
        case let .steadyCarrier(frequencyHz):
            return "A steady tone at \(Int(frequencyHz.rounded())) Hz sounds without a break (a carrier, or a key held down): "
                + "there is no keying to decode."
        case let .tooWeak(frequencyHz):
            return "A tone near \(Int(frequencyHz.rounded())) Hz comes and goes, but too faintly above the noise to tell marks from spaces. "
                + "Record with the sidetone louder or the microphone closer."
        }
    }
}
