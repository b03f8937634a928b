/// The learner's progress file: the graded sessions, in the order they were
/// recorded. Levels, statistics, schedules and streaks are not stored but
/// replayed from the sessions (`DirectionProgress`), so they can never
/// drift from the history, and a rule fixed later applies to the past too.
public struct LearnerProgress: Sendable, Hashable, Codable {
    /// 2: each session records its `kind` (format 1 kept only
    /// `countsTowardLevel: false`); files of format 1 are read and
    /// written back as 2.
    public static let currentFormatVersion = 2

    /// The version the file was read in; always written as the current one.
    public var formatVersion: Int
    public var sessions: [GradedSession]

    public init(sessions: [GradedSession] = []) {
        formatVersion = Self.currentFormatVersion
        self.sessions = sessions
    }

    private enum CodingKeys: String, CodingKey { case formatVersion, sessions }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(Self.currentFormatVersion, forKey: .formatVersion)
        try container.encode(sessions, forKey: .sessions)
    }

    /// The recorded session of a lesson, if it was graded before.
    public func session(lessonID: String) -> GradedSession? {
        sessions.first { $0.lessonID == lessonID }
    }

    /// The progress with `session` added, replacing any earlier session of
    /// the same lesson.
    public func recording(_ session: GradedSession) -> LearnerProgress {
        var copy = self
        copy.sessions.removeAll { $0.lessonID == session.lessonID }
        copy.sessions.append(session)
        return copy
    }

    /// The learner's first session in any direction (it starts the 14 days
    /// of habit forming).
    public var firstSession: GradedSession? {
        sessions.min { $0.date < $1.date }
    }
}

extension LearnerProgress {
    /// The progress started over: without the sessions of `direction`, or without any (nil).
    public func resetting(_ direction: Direction?) -> LearnerProgress {
        LearnerProgress(sessions: direction.map { direction in sessions.filter { $0.direction != direction } } ?? [])
    }
}
