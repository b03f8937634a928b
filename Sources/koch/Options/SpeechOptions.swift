import ArgumentParser
import KochAudio
import KochCore
import KochLessons

extension SpeechSettings.Placement: ExpressibleByArgument {}
extension SpeechSettings.Spelling: ExpressibleByArgument {}

/// Spoken answers, for lessons heard without a sheet (in a car, on a walk);
/// shared by `lesson`, `render` and `pack`.
struct SpeechOptions: ParsableArguments {
    @Option(
        name: .customLong("speak"),
        help: ArgumentHelp(
            "Speak each answer (of a group, word or callsign; of a QSO, a line): after (sent, a pause to think, then said), before (said, then sent: for new characters) or repeat (sent, said, sent again).",
            valueName: "when"))
    var placement: SpeechSettings.Placement?

    @Option(
        help: ArgumentHelp(
            "Spell answers as letters (K, M) or phonetic (Kilo Mike, clearer over road noise). Default: groups and callsigns as letters, words as words.",
            valueName: "how"))
    var spell: SpeechSettings.Spelling?

    @Option(help: ArgumentHelp("The espeak-ng voice (espeak-ng --voices lists them).", valueName: "name"))
    var voice: String = SpeechSynthesizer.defaultVoice

    @Option(
        name: .customLong("speech-rate"),
        help: ArgumentHelp(
            "How fast the answers are said, \(Limits.speechRateWPM.lowerBound) to \(Limits.speechRateWPM.upperBound) words per minute.",
            valueName: "wpm"))
    var speechRateWPM: Int = SpeechSynthesizer.defaultRateWPM

    @Option(
        name: .customLong("speak-pause"),
        help: ArgumentHelp(
            "Seconds to think between an item and its answer, \(Limits.speechPauseSeconds.lowerBound.formatted) to \(Limits.speechPauseSeconds.upperBound.formatted). Default: 0.8 s for one character, 0.3 s more a character, at most 3 s.",
            valueName: "seconds"))
    var pauseSeconds: Double?

    @Option(
        name: .customLong("speech-volume"),
        help: ArgumentHelp(
            "How much louder the answers are than the tone, in dB, \(Limits.speechVolumeDB.lowerBound.formatted) to \(Limits.speechVolumeDB.upperBound.formatted) (below 0 the voice is turned down, above 0 the tone). Default: 0, as loud as the tone.",
            valueName: "db"))
    var volumeDB: Double?

    private typealias Limits = LessonSettings.Limits

    func validate() throws {
        if placement == nil {
            if volumeDB != nil { throw ValidationError("--speech-volume is for spoken answers: add --speak after (or before, repeat).") }
            if spell != nil { throw ValidationError("--spell is for spoken answers: add --speak after (or before, repeat).") }
            if pauseSeconds != nil { throw ValidationError("--speak-pause is for spoken answers: add --speak after (or before, repeat).") }
            if voice != SpeechSynthesizer.defaultVoice || speechRateWPM != SpeechSynthesizer.defaultRateWPM {
                throw ValidationError("--voice and --speech-rate are for spoken answers: add --speak after (or before, repeat).")
            }
        }
        guard Limits.speechRateWPM.contains(speechRateWPM) else {
            throw ValidationError(
                "--speech-rate must be \(Limits.speechRateWPM.lowerBound) to \(Limits.speechRateWPM.upperBound) words per minute, not \(speechRateWPM)."
            )
        }
        if placement == .before, pauseSeconds != nil {
            throw ValidationError("--speak-pause is the time to think before an answer: --speak before says the answer first, so it has none.")
        }
        if let volumeDB, !Limits.speechVolumeDB.contains(volumeDB) {
            throw ValidationError(
                "--speech-volume must be \(Limits.speechVolumeDB.lowerBound.formatted) to \(Limits.speechVolumeDB.upperBound.formatted) dB, not \(volumeDB.formatted)."
            )
        }
        if let pauseSeconds, !Limits.speechPauseSeconds.contains(pauseSeconds) {
            throw ValidationError(
                "--speak-pause must be \(Limits.speechPauseSeconds.lowerBound.formatted) to \(Limits.speechPauseSeconds.upperBound.formatted) seconds, not \(pauseSeconds.formatted)."
            )
        }
    }

    /// The speech settings asked for; nil when the answers are not spoken.
    var settings: SpeechSettings? {
        guard let placement else { return nil }
        var settings = SpeechSettings()
        settings.placement = placement
        settings.spelling = spell
        settings.voice = voice
        settings.rateWPM = speechRateWPM
        settings.pauseSeconds = pauseSeconds
        // 0 dB is the default and is not recorded, so that such a lesson's key is as it always was.
        settings.volumeDB = volumeDB == 0 ? nil : volumeDB
        return settings
    }
}
