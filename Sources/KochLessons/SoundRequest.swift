import KochCore
import KochSound

/// How the Morse is asked to sound, for a lesson or a live session: the speeds, the tone, its
/// edges and the sample rate, with the method's defaults (`LessonSettings.Defaults`) for what was
/// not given, and checked against `LessonSettings.Limits`.
public struct SoundRequest: Sendable, Hashable {
    /// The character speed asked for, in WPM; nil: the default.
    public var characterSpeedWPM: Double?
    /// The effective (Farnsworth) speed asked for, in WPM; nil: the default at the character speed.
    public var effectiveSpeedWPM: Double?
    public var toneHz = LessonSettings.Defaults.toneHz
    public var riseMilliseconds = LessonSettings.Defaults.riseMilliseconds
    public var sampleRateHz = LessonSettings.defaultSampleRateHz

    public init() {}

    /// A sound the settings' limits refuse, with the value that was asked for.
    public enum Refusal: Error, Sendable, Hashable {
        case characterSpeedWPM(Double)
        case effectiveSpeedWPM(Double)
        /// Farnsworth spacing only slows the gaps: the effective speed cannot pass the character speed.
        case effectiveAboveCharacter(effectiveSpeedWPM: Double, characterSpeedWPM: Double)
        case toneHz(Double)
        case riseMilliseconds(Double)
        case sampleRateHz(Int)
    }

    /// The character speed, asked for or the default.
    public var resolvedCharacterSpeedWPM: Double { characterSpeedWPM ?? LessonSettings.Defaults.characterSpeedWPM }

    /// The effective speed, asked for or the default at the character speed.
    public var resolvedEffectiveSpeedWPM: Double {
        effectiveSpeedWPM ?? LessonSettings.Defaults.effectiveSpeedWPM(characterSpeedWPM: resolvedCharacterSpeedWPM)
    }

    /// Whether a speed was asked for, as opposed to the defaults.
    public var speedsGiven: Bool { characterSpeedWPM != nil || effectiveSpeedWPM != nil }

    public var timing: Timing {
        Timing(characterSpeedWPM: resolvedCharacterSpeedWPM, effectiveSpeedWPM: resolvedEffectiveSpeedWPM)
    }

    public var synthesizer: ToneSynthesizer {
        ToneSynthesizer(frequencyHz: toneHz, sampleRate: sampleRateHz, riseSeconds: riseMilliseconds / 1000)
    }

    /// Refuses the first value outside `LessonSettings.Limits`.
    public func check() throws(Refusal) {
        typealias Limits = LessonSettings.Limits
        let character = resolvedCharacterSpeedWPM
        let effective = resolvedEffectiveSpeedWPM
        guard Limits.characterSpeedWPM.contains(character) else { throw .characterSpeedWPM(character) }
        guard effective >= Limits.lowestEffectiveSpeedWPM else { throw .effectiveSpeedWPM(effective) }
        guard effective <= character else { throw .effectiveAboveCharacter(effectiveSpeedWPM: effective, characterSpeedWPM: character) }
        guard Limits.toneHz.contains(toneHz) else { throw .toneHz(toneHz) }
        guard Limits.riseMilliseconds.contains(riseMilliseconds) else { throw .riseMilliseconds(riseMilliseconds) }
        guard Limits.sampleRateHz.contains(sampleRateHz) else { throw .sampleRateHz(sampleRateHz) }
    }

    /// Copies the sound into a lesson's settings.
    public func apply(to settings: inout LessonSettings) {
        settings.characterSpeedWPM = resolvedCharacterSpeedWPM
        settings.effectiveSpeedWPM = resolvedEffectiveSpeedWPM
        settings.toneHz = toneHz
        settings.riseMilliseconds = riseMilliseconds
        settings.sampleRateHz = sampleRateHz
    }
}
