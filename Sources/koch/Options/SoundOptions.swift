import ArgumentParser
import KochAudio
import KochCore
import KochLessons
import KochSound

/// How the Morse sounds; shared by every command that writes or plays it. How MP3 is
/// encoded is `MP3Options`'s.
struct SoundOptions: ParsableArguments {
    private typealias Limits = LessonSettings.Limits

    @Option(
        name: .customLong("wpm"),
        help: ArgumentHelp(
            "Character speed in words per minute (PARIS), \(Limits.characterSpeedWPM.lowerBound.formatted) to \(Limits.characterSpeedWPM.upperBound.formatted). Default: \(Self.defaultCharacterSpeedWPM.formatted).",
            valueName: "character-speed-wpm")
    )
    var givenCharacterSpeedWPM: Double?

    static let defaultCharacterSpeedWPM = LessonSettings().characterSpeedWPM

    /// `--wpm`, or the default speed.
    var characterSpeedWPM: Double { givenCharacterSpeedWPM ?? Self.defaultCharacterSpeedWPM }

    /// Whether the speeds were given (`--wpm`, `--effective`), as opposed to the defaults.
    var speedsGiven: Bool { givenCharacterSpeedWPM != nil || effectiveSpeedWPM != nil }

    @Option(
        name: .customLong("effective"),
        help: ArgumentHelp(
            "Effective (Farnsworth) speed in WPM: gaps between characters and words are stretched to it. At most --wpm; defaults to 12, or to --wpm if that is lower."
        ))
    var effectiveSpeedWPM: Double?

    @Option(name: .customLong("tone"), help: "Tone frequency in Hz, \(Limits.toneHz.lowerBound.formatted) to \(Limits.toneHz.upperBound.formatted).")
    var toneHz: Double = 600

    @Option(
        name: .customLong("rise-ms"),
        help:
            "Length of each element's raised-cosine edge in milliseconds, \(Limits.riseMilliseconds.lowerBound.formatted) to \(Limits.riseMilliseconds.upperBound.formatted) (no key clicks)."
    )
    var riseMilliseconds: Double = 5

    @Option(
        name: .customLong("sample-rate"),
        help: "Sample rate in Hz. MP3: 8000, 11025, 12000, 16000, 22050, 24000, 32000, 44100 or 48000 (the last three play everywhere).")
    var sampleRateHz: Int = 44_100

    var resolvedEffectiveSpeedWPM: Double { effectiveSpeedWPM ?? min(12, characterSpeedWPM) }

    var timing: Timing {
        Timing(characterSpeedWPM: characterSpeedWPM, effectiveSpeedWPM: resolvedEffectiveSpeedWPM)
    }

    var synthesizer: ToneSynthesizer {
        ToneSynthesizer(frequencyHz: toneHz, sampleRate: sampleRateHz, riseSeconds: riseMilliseconds / 1000)
    }

    func validate() throws {
        let speeds = Limits.characterSpeedWPM
        guard speeds.contains(characterSpeedWPM) else {
            throw ValidationError(
                "--wpm must be \(speeds.lowerBound.formatted) to \(speeds.upperBound.formatted), not \(characterSpeedWPM.formatted).")
        }
        guard resolvedEffectiveSpeedWPM >= Limits.lowestEffectiveSpeedWPM else {
            throw ValidationError(
                "--effective must be at least \(Limits.lowestEffectiveSpeedWPM.formatted) WPM, not \(resolvedEffectiveSpeedWPM.formatted).")
        }
        guard resolvedEffectiveSpeedWPM <= characterSpeedWPM else {
            throw ValidationError(
                "--effective \(resolvedEffectiveSpeedWPM.formatted) is above the character speed --wpm \(characterSpeedWPM.formatted): Farnsworth spacing only slows the gaps, so the effective speed must be at most the character speed."
            )
        }
        guard Limits.toneHz.contains(toneHz) else {
            throw ValidationError(
                "--tone must be \(Limits.toneHz.lowerBound.formatted) to \(Limits.toneHz.upperBound.formatted) Hz, not \(toneHz.formatted).")
        }
        guard Limits.riseMilliseconds.contains(riseMilliseconds) else {
            throw ValidationError(
                "--rise-ms must be \(Limits.riseMilliseconds.lowerBound.formatted) to \(Limits.riseMilliseconds.upperBound.formatted) ms, not \(riseMilliseconds.formatted)."
            )
        }
        guard Limits.sampleRateHz.contains(sampleRateHz) else {
            throw ValidationError(
                "--sample-rate must be \(Limits.sampleRateHz.lowerBound) to \(Limits.sampleRateHz.upperBound) Hz, not \(sampleRateHz).")
        }
    }

    /// Copies the sound settings into a lesson's settings.
    func apply(to settings: inout LessonSettings) {
        settings.characterSpeedWPM = characterSpeedWPM
        settings.effectiveSpeedWPM = resolvedEffectiveSpeedWPM
        settings.toneHz = toneHz
        settings.riseMilliseconds = riseMilliseconds
        settings.sampleRateHz = sampleRateHz
    }
}
