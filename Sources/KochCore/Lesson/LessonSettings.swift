/// Everything that decides what a lesson contains and how it sounds.
/// Recorded in the answer key, so that the lesson can be made again.
public struct LessonSettings: Sendable, Hashable, Codable {
    public var course: KochCourse = .letters
    public var level: Int = KochCourse.firstLevel
    public var direction: Direction = .receive
    public var minutes: Double = 5
    public var characterSpeedWPM: Double = 20
    public var effectiveSpeedWPM: Double = 12
    public var toneHz: Double = 600
    public var riseMilliseconds: Double = 5
    public var sampleRateHz: Int = 44_100
    public var mp3BitrateKbps: Int = 64
    public var seed: UInt64 = 1
    /// Extra weight per character, for weak characters.
    public var extraWeight: [String: Double] = [:]

    public init() {}

    public var timing: Timing {
        Timing(characterSpeedWPM: characterSpeedWPM, effectiveSpeedWPM: effectiveSpeedWPM)
    }

    public static let leadInSeconds = 0.5
    public static let tailSeconds = 0.5
}
