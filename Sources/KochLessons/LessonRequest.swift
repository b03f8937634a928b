import KochCore
import KochIO

/// A lesson as the learner asks for it, in plain values (what `koch lesson`, `koch pack` and
/// `koch practice` take as options, and a server as fields): the one place its settings are
/// assembled. `prepared(progress:)` adds what the learner's progress file says, read once.
public struct LessonRequest: Sendable {
    /// The level asked for; nil: the learner's, from the progress file.
    public var level: Int?
    public var direction: Direction = .receive
    public var kind: LessonKind = .groups
    /// The course asked for; nil: the kind's (`LessonCourse`).
    public var course: KochCourse?
    /// A chosen set of characters in place of the level's (`--chars`).
    public var characters: String?
    /// Whether the lesson opens with the newest character sent on its own.
    public var introduction = true
    /// The QSO style asked for; nil: all, at random.
    public var qsoStyle: String?
    /// The text a text lesson reads.
    public var textFile: String?
    /// Whether characters Morse code has not are left out of a text, instead of refused.
    public var skipUnsendable = false
    public var minutes = LessonSettings.Defaults.minutes
    /// How many lessons to make; nil: one, or every part of a text.
    public var count: Int?
    public var sound = SoundRequest()
    public var mp3BitrateKbps = LessonSettings.defaultMP3BitrateKbps
    public var conditions: BandConditions = .clear
    /// The seed asked for; nil: a new random one when the lesson is prepared.
    public var seed: UInt64?
    /// How the answers are spoken; nil: not spoken.
    public var speech: SpeechSettings?
    /// A drill in place of a level lesson (`--drill confusions`).
    public var drill: LessonDrill.Kind?
    /// Whether a QSO lesson is one contact for the learner to answer (`--respond`).
    public var respond = false
    /// The speed the learner keys their overs at in a contact to answer; nil: the lesson's character speed.
    public var respondSpeedWPM: Double?

    public init() {}

    /// Which course the lesson belongs to, and the levels it allows.
    public var lessonCourse: LessonCourse { LessonCourse(kind: kind, asked: course) }

    /// The settings asked for, before the learner's progress is read: what every lesson of a pack shares.
    public var settings: LessonSettings {
        var settings = LessonSettings()
        settings.kind = kind
        settings.customCharacters = characters?.uppercased()
        settings.introduction = introduction
        settings.course = lessonCourse.course
        if let level { settings.level = level }
        settings.direction = direction
        settings.minutes = minutes
        sound.apply(to: &settings)
        settings.mp3BitrateKbps = mp3BitrateKbps
        settings.conditions = conditions
        if let seed { settings.seed = seed }
        settings.speech = speech
        return settings
    }

    /// The lesson at the learner's level in `progress` (or the level asked for), with their weak
    /// characters, from one read of the file. A file that cannot be read stops the lesson unless a
    /// level was asked for (then it is made without the weak characters, and `warning` says why);
    /// a drill always needs it. A drill with nothing confused is refused (`NothingConfused`).
    public func prepared(progress store: any ProgressRecords) throws -> PreparedLesson {
        let progress = Result { try store.read() }
        let (plan, note, warning) = try Self.plan(
            level: level, lesson: lessonCourse, direction: direction, progressPath: store.path, progress: progress)
        var settings = settings
        settings.level = plan.level
        settings.extraWeight = plan.extraWeight
        settings.seed = seed ?? LessonSettings.randomSeed()
        if drill != nil {
            let confusions = ConfusedPairs(progress: try progress.get(), direction: direction)
            guard let made = LessonDrill(confusions: confusions) else { throw NothingConfused(confusions: confusions, course: plan.course) }
            settings.drill = made
        }
        let drillNotes = settings.drill.map(PreparedLesson.notes) ?? []
        return PreparedLesson(
            settings: settings, plan: plan, notes: (note.map { [$0] } ?? []) + drillNotes, warning: warning,
            respondSpeedWPM: respond ? respondSpeedWPM ?? settings.characterSpeedWPM : nil, request: self)
    }

    /// The plan from the level asked for and the learner's progress as read, with a note of what
    /// came from the file (nil when nothing did) and a warning when it could not be read but a
    /// level was asked for (`LessonPlan.planning`).
    public static func plan(
        level: Int?, lesson: LessonCourse, direction: Direction, progressPath: String, progress: Result<LearnerProgress, any Error>
    ) throws -> (plan: LessonPlan, note: String?, warning: String?) {
        let plan: LessonPlan
        var warning: String?
        switch try LessonPlan.planning(level: level, lesson: lesson, direction: direction, progress: { try progress.get() }) {
        case .planned(let planned):
            plan = planned
        case .plannedWithoutProgress(let planned, let error):
            warning = "\(error) Making the lesson without your weak characters."
            plan = planned
        }
        var notes: [String] = []
        if plan.levelFromProgress { notes.append("your \(direction.rawValue) level, from \(progressPath)") }
        if !plan.weakCharacters.isEmpty {
            notes.append("your weak characters come up more often: \(plan.weakCharacters.joined(separator: " "))")
        }
        return (plan, notes.isEmpty ? nil : notes.joined(separator: "; "), warning)
    }
}

/// A drill of confused pairs asked for when the learner's recent sessions confused none:
/// there is no drill to make, and nothing is written.
public struct NothingConfused: Error, Sendable {
    /// What the recent sessions held.
    public let confusions: ConfusedPairs
    /// The course the learner's level counts in, for the level lesson to make instead.
    public let course: KochCourse
}
