/// The learner's progress file: the graded sessions, in the order they were
/// recorded. Levels, statistics, schedules and streaks are not stored but
/// replayed from the sessions (`DirectionProgress`), so they can never
/// drift from the history, and a rule fixed later applies to the past too.
public struct LearnerProgress: Sendable, Hashable, Codable {
    /// 2: each session records its `kind` (format 1 kept only
    /// `countsTowardLevel: false`); files of format 1 are read and
    /// written back as 2. 3: the file may start a direction above level 2
    /// (`start`); only such a file is written as 3, so that a koch that
    /// would ignore its start refuses it rather than lose it. 4: a session may record how the
    /// learner keyed it (`keying`) or that it was done live (`live`); only such a file is
    /// written as 4, for the same reason.
    public static let currentFormatVersion = 4
    static let versionWithoutStart = 2
    static let versionWithStart = 3

    /// The version the file was read in; written as the lowest that holds what it has
    /// (`writtenFormatVersion`).
    public var formatVersion: Int
    /// Where each direction starts before any session; empty for a learner who starts at level 2.
    public var start: StartingLevels
    public var sessions: [GradedSession]

    public init(sessions: [GradedSession] = [], start: StartingLevels = StartingLevels()) {
        self.start = start
        self.sessions = sessions
        formatVersion = Self.versionWithoutStart
        formatVersion = writtenFormatVersion
    }

    /// The lowest format version that holds everything in the file, so that a koch that reads
    /// only older ones refuses it rather than drop what it does not know: 4 with a session's
    /// keying or a live session, 3 with a start, else 2.
    public var writtenFormatVersion: Int {
        if sessions.contains(where: { $0.keying != nil || $0.live }) { return Self.currentFormatVersion }
        return start.isEmpty ? Self.versionWithoutStart : Self.versionWithStart
    }

    private enum CodingKeys: String, CodingKey { case formatVersion, start, sessions }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        formatVersion = try container.decode(Int.self, forKey: .formatVersion)
        start = try container.decodeIfPresent(StartingLevels.self, forKey: .start) ?? StartingLevels()
        sessions = try container.decode([GradedSession].self, forKey: .sessions)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(writtenFormatVersion, forKey: .formatVersion)
        if !start.isEmpty { try container.encode(start, forKey: .start) }
        try container.encode(sessions, forKey: .sessions)
    }

    /// The same learner (the same start) with other sessions: the progress as it stood before or after some of them.
    public func with(sessions: [GradedSession]) -> LearnerProgress {
        var copy = self
        copy.sessions = sessions
        return copy
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
    /// Starting over goes back to level 2: a start in that direction goes too.
    public func resetting(_ direction: Direction?) -> LearnerProgress {
        guard let direction else { return LearnerProgress() }
        var start = start
        start[direction] = nil
        return LearnerProgress(sessions: sessions.filter { $0.direction != direction }, start: start)
    }
}
