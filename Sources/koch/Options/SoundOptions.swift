import ArgumentParser
import KochAudio
import KochCore
import KochLessons
import KochSound

/// How the Morse sounds; shared by every command that writes or plays it. How MP3 is
/// encoded is `MP3Options`'s. The defaults and the limits are `SoundRequest`'s.
struct SoundOptions: ParsableArguments {
    private typealias Limits = LessonSettings.Limits
    private typealias Defaults = LessonSettings.Defaults

    @Option(
        name: .customLong("wpm"),
        help: ArgumentHelp(
            "Character speed in words per minute (PARIS), \(Limits.characterSpeedWPM.lowerBound.formatted) to \(Limits.characterSpeedWPM.upperBound.formatted). Default: \(Defaults.characterSpeedWPM.formatted).",
            valueName: "character-speed-wpm")
    )
    var givenCharacterSpeedWPM: Double?

    @Option(
        name: .customLong("effective"),
        help: ArgumentHelp(
            "Effective (Farnsworth) speed in WPM: gaps between characters and words are stretched to it. At most --wpm; defaults to \(Defaults.effectiveSpeedWPM.formatted), or to --wpm if that is lower."
        ))
    var effectiveSpeedWPM: Double?

    @Option(name: .customLong("tone"), help: "Tone frequency in Hz, \(Limits.toneHz.lowerBound.formatted) to \(Limits.toneHz.upperBound.formatted).")
    var toneHz: Double = Defaults.toneHz

    @Option(
        name: .customLong("rise-ms"),
        help:
            "Length of each element's raised-cosine edge in milliseconds, \(Limits.riseMilliseconds.lowerBound.formatted) to \(Limits.riseMilliseconds.upperBound.formatted) (no key clicks)."
    )
    var riseMilliseconds: Double = Defaults.riseMilliseconds

    @Option(
        name: .customLong("sample-rate"),
        help: "Sample rate in Hz. MP3: 8000, 11025, 12000, 16000, 22050, 24000, 32000, 44100 or 48000 (the last three play everywhere).")
    var sampleRateHz: Int = LessonSettings.defaultSampleRateHz

    /// The sound asked for, as the libraries take it.
    var request: SoundRequest {
        var request = SoundRequest()
        request.characterSpeedWPM = givenCharacterSpeedWPM
        request.effectiveSpeedWPM = effectiveSpeedWPM
        request.toneHz = toneHz
        request.riseMilliseconds = riseMilliseconds
        request.sampleRateHz = sampleRateHz
        return request
    }

    /// `--wpm`, or the default speed.
    var characterSpeedWPM: Double { request.resolvedCharacterSpeedWPM }

    /// Whether the speeds were given (`--wpm`, `--effective`), as opposed to the defaults.
    var speedsGiven: Bool { request.speedsGiven }

    var resolvedEffectiveSpeedWPM: Double { request.resolvedEffectiveSpeedWPM }

    var timing: Timing { request.timing }

    var synthesizer: ToneSynthesizer { request.synthesizer }

    func validate() throws {
        do {
            try request.check()
        } catch {
            throw ValidationError(Self.message(error))
        }
    }

    /// The refusal told in the options' words: `--tone must be 400 to 1000 Hz, not 1200.`
    static func message(_ refusal: SoundRequest.Refusal) -> String {
        switch refusal {
        case .characterSpeedWPM(let speed):
            "--wpm must be \(Limits.characterSpeedWPM.lowerBound.formatted) to \(Limits.characterSpeedWPM.upperBound.formatted), not \(speed.formatted)."
        case .effectiveSpeedWPM(let speed):
            "--effective must be at least \(Limits.lowestEffectiveSpeedWPM.formatted) WPM, not \(speed.formatted)."
        case let .effectiveAboveCharacter(effective, character):
            "--effective \(effective.formatted) is above the character speed --wpm \(character.formatted): Farnsworth spacing only slows the gaps, so the effective speed must be at most the character speed."
        case .toneHz(let tone):
            "--tone must be \(Limits.toneHz.lowerBound.formatted) to \(Limits.toneHz.upperBound.formatted) Hz, not \(tone.formatted)."
        case .riseMilliseconds(let rise):
            "--rise-ms must be \(Limits.riseMilliseconds.lowerBound.formatted) to \(Limits.riseMilliseconds.upperBound.formatted) ms, not \(rise.formatted)."
        case .sampleRateHz(let rate):
            "--sample-rate must be \(Limits.sampleRateHz.lowerBound) to \(Limits.sampleRateHz.upperBound) Hz, not \(rate)."
        }
    }
}
