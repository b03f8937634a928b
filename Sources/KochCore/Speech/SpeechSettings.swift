/// How a spoken lesson speaks its answers (`koch lesson --speak`): recorded
/// in the answer key's settings, so that the lesson can be made again.
public struct SpeechSettings: Sendable, Hashable, Codable {
    /// Where the answer is spoken, around each item sent.
    public enum Placement: String, Sendable, Hashable, Codable, CaseIterable {
        /// Sent, a pause to think, then spoken.
        case after
        /// Spoken, a short pause, then sent (for learning new characters).
        case before
        /// Sent, a pause, spoken, then sent again.
        case repeated = "repeat"
    }

    /// How characters are spoken.
    public enum Spelling: String, Sendable, Hashable, Codable, CaseIterable {
        /// By their names: "K, M".
        case letters
        /// By the ICAO/NATO spelling alphabet: "Kilo Mike".
        case phonetic
    }

    public var placement: Placement = .after
    /// How characters are spelled; nil: groups and callsigns letter by letter,
    /// words of a words, QSO or text lesson spoken as words.
    public var spelling: Spelling?
    /// The espeak-ng voice.
    public var voice = Self.defaultVoice
    /// The speaking rate, in words per minute (`LessonSettings.Limits.speechRateWPM`).
    public var rateWPM = Self.defaultRateWPM
    /// The time to think between an item sent and its answer; nil: scaled to the item's length.
    public var pauseSeconds: Double?
    /// How much louder (or, below 0, quieter) the answers are than the tone, in dB
    /// (`LessonSettings.Limits.speechVolumeDB`); nil: as loud as the tone.
    public var volumeDB: Double?

    /// The voice answers are said in unless another is asked for.
    public static let defaultVoice = "en-us"
    /// espeak-ng's own rate, in words per minute: clear at any speed of the Morse.
    public static let defaultRateWPM = 150

    public init() {}

    /// The default time to think: longer for a longer item, 0.8 s for one
    /// character, 0.3 s more for each further character, at most 3 s.
    public static func defaultPauseSeconds(characters: Int) -> Double {
        min(3, 0.8 + 0.3 * Double(max(0, characters - 1)))
    }

    /// The pause after item of `characters` characters.
    public func pauseSeconds(characters: Int) -> Double {
        pauseSeconds ?? Self.defaultPauseSeconds(characters: characters)
    }
}
