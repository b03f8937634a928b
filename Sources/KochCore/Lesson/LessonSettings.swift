/// Everything that decides what a lesson contains and how it sounds.
/// Recorded in the answer key, so that the lesson can be made again.
public struct LessonSettings: Sendable, Hashable, Codable {
    public var course: KochCourse = .letters
    public var level: Int = KochCourse.firstLevel
    public var direction: Direction = .receive
    public var kind: LessonKind = .groups
    /// A chosen set of characters (`--chars KMRS`) in place of the level's.
    public var customCharacters: String?
    /// Whether the lesson opens with the newest character sent on its own.
    public var introduction = true
    public var minutes = Defaults.minutes
    public var characterSpeedWPM = Defaults.characterSpeedWPM
    public var effectiveSpeedWPM = Defaults.effectiveSpeedWPM
    public var toneHz = Defaults.toneHz
    public var riseMilliseconds = Defaults.riseMilliseconds
    public var sampleRateHz: Int = defaultSampleRateHz
    public var mp3BitrateKbps: Int = defaultMP3BitrateKbps
    public var seed: UInt64 = 1
    /// Extra weight per character, for weak characters.
    public var extraWeight: [String: Double] = [:]
    /// Noise, fading and other stations the lesson is heard through.
    public var conditions: BandConditions = .clear
    /// How the answers are spoken, for a lesson to hear without a sheet (`--speak`); nil: not spoken.
    public var speech: SpeechSettings?
    /// The pairs a drill of confused pairs sets against each other (`koch lesson --drill
    /// confusions`); nil for any other lesson.
    public var drill: LessonDrill?

    public init() {}

    public var timing: Timing {
        Timing(characterSpeedWPM: characterSpeedWPM, effectiveSpeedWPM: effectiveSpeedWPM)
    }

    /// CD quality: every player plays it, and it holds the highest tone with room to spare.
    public static let defaultSampleRateHz = 44_100
    /// Enough for a tone and a voice; a lesson's MP3 stays small.
    public static let defaultMP3BitrateKbps = 64
    public static let leadInSeconds = 0.5
    public static let tailSeconds = 0.5

    /// Prosigns a QSO or a text may send besides the full course.
    public static let prosigns = ["<AR>", "<SK>", "<KN>", "<BT>"].compactMap(MorseAlphabet.prosign)

    /// The characters the lesson may use: the chosen set, else the level's
    /// unlocked characters; for a QSO or a text, the full course and the prosigns.
    public var characters: [Symbol] {
        if let customCharacters {
            var seen = Set<String>()
            return customCharacters.compactMap { MorseAlphabet.symbol(for: $0) }.filter { seen.insert($0.text).inserted }
        }
        if kind.usesLevel {
            let unlocked = course.unlocked(atLevel: level)
            // A drill's pair may hold a character confused in a lesson beyond the level (a QSO's).
            let drilled = (drill?.symbolPairs ?? []).flatMap(\.pair).filter { !unlocked.contains($0) }
            var seen = Set<String>()
            return unlocked + drilled.filter { seen.insert($0.text).inserted }
        }
        return KochCourse.full.order + Self.prosigns
    }

    /// The character introduced at the lesson's level, when the lesson is of
    /// a level's characters; nil for a chosen set, a drill, a QSO or a text.
    public var newestCharacter: Symbol? {
        customCharacters == nil && drill == nil && kind.usesLevel ? course.newest(atLevel: level) : nil
    }

    /// The characters the lesson opens with, each sent on its own: both of the first
    /// level's (K and M), the newest one at any other; none where `newestCharacter` is nil.
    public var introducedCharacters: [Symbol] {
        newestCharacter == nil ? [] : course.introduced(atLevel: level)
    }
}

extension LessonSettings {
    private enum CodingKeys: String, CodingKey {
        case course, level, direction, kind, customCharacters, introduction, minutes, characterSpeedWPM, effectiveSpeedWPM
        case toneHz, riseMilliseconds, sampleRateHz, mp3BitrateKbps, seed, extraWeight, conditions, speech
        case drill
    }

    /// Reads settings written by any koch of format version 1: what a
    /// newer koch added and an older one did not write takes its default.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        course = try container.decode(KochCourse.self, forKey: .course)
        level = try container.decode(Int.self, forKey: .level)
        direction = try container.decode(Direction.self, forKey: .direction)
        kind = try container.decodeIfPresent(LessonKind.self, forKey: .kind) ?? .groups
        customCharacters = try container.decodeIfPresent(String.self, forKey: .customCharacters)
        introduction = try container.decodeIfPresent(Bool.self, forKey: .introduction) ?? false
        minutes = try container.decode(Double.self, forKey: .minutes)
        characterSpeedWPM = try container.decode(Double.self, forKey: .characterSpeedWPM)
        effectiveSpeedWPM = try container.decode(Double.self, forKey: .effectiveSpeedWPM)
        toneHz = try container.decode(Double.self, forKey: .toneHz)
        riseMilliseconds = try container.decode(Double.self, forKey: .riseMilliseconds)
        sampleRateHz = try container.decode(Int.self, forKey: .sampleRateHz)
        mp3BitrateKbps = try container.decode(Int.self, forKey: .mp3BitrateKbps)
        seed = try container.decode(UInt64.self, forKey: .seed)
        extraWeight = try container.decode([String: Double].self, forKey: .extraWeight)
        conditions = try container.decodeIfPresent(BandConditions.self, forKey: .conditions) ?? .clear
        speech = try container.decodeIfPresent(SpeechSettings.self, forKey: .speech)
        drill = try container.decodeIfPresent(LessonDrill.self, forKey: .drill)
    }
}
