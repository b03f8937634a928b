/// One Koch lesson: random groups of the unlocked characters laid out in
/// time, with what the answer key needs to know about them.
public struct Lesson: Sendable {
    public let settings: LessonSettings
    /// Which lesson of a batch, from 1, and how many the batch has.
    public let number: Int
    public let count: Int
    public let lessonID: String
    public let text: MorseText
    public let timeline: Timeline

    /// Makes the `number`-th lesson of a batch of `count` from the settings.
    /// The same settings and number always give the same lesson.
    public init(settings: LessonSettings, number: Int = 1, count: Int = 1) {
        self.settings = settings
        self.number = number
        self.count = count
        let lessonSeed = SeededGenerator.derivedSeed(settings.seed, index: number)
        var generator = SeededGenerator(seed: lessonSeed)
        let groupGenerator = GroupGenerator(course: settings.course, level: settings.level, extraWeight: settings.extraWeight)
        let keyedSeconds = settings.minutes * 60 - LessonSettings.leadInSeconds - LessonSettings.tailSeconds
        let groups = groupGenerator.groups(lastingSeconds: keyedSeconds, timing: settings.timing, using: &generator)
        self.text = MorseText(words: groups)
        self.timeline = Timeline(
            text: text, timing: settings.timing,
            leadInSeconds: LessonSettings.leadInSeconds, tailSeconds: LessonSettings.tailSeconds)
        self.lessonID = Self.identifier(settings: settings, number: number)
    }

    public var characters: [Symbol] { settings.course.unlocked(atLevel: settings.level) }
    public var newestCharacter: Symbol { settings.course.newest(atLevel: settings.level) }

    /// A short identifier that names the lesson for grading: level, then a
    /// hash of everything that decided its content (FNV-1a, mixed, 48 bits).
    static func identifier(settings: LessonSettings, number: Int) -> String {
        let canonical = [
            settings.course.rawValue, settings.direction.rawValue, "\(settings.level)", "\(settings.minutes)",
            "\(settings.characterSpeedWPM)", "\(settings.effectiveSpeedWPM)", "\(settings.toneHz)",
            "\(settings.seed)", "\(number)",
            settings.extraWeight.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ","),
        ].joined(separator: "|")
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in canonical.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x100_0000_01B3
        }
        // SplitMix64's finaliser, so that similar settings give unlike IDs.
        hash = (hash ^ (hash >> 30)) &* 0xBF58_476D_1CE4_E5B9
        hash = (hash ^ (hash >> 27)) &* 0x94D0_49BB_1331_11EB
        hash ^= hash >> 31
        let hex = String(hash & 0xFFFF_FFFF_FFFF, radix: 16)
        let prefix = settings.direction == .send ? "S" : "R"
        return "\(prefix)\(settings.level < 10 ? "0" : "")\(settings.level)-" + String(repeating: "0", count: 12 - hex.count) + hex
    }
}
