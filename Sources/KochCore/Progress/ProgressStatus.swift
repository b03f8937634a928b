/// How a learner stands on a day, as `koch status` shows it: the streak, the self-scored lessons
/// and, per direction, the level, accuracy, schedule, this week's practice by kind and the pairs
/// confused lately; all worked out from the graded sessions, so that it always agrees with them.
public struct ProgressStatus: Sendable {
    /// One direction's standing.
    public struct DirectionPart: Sendable {
        /// Level, accuracy, schedule and weak characters.
        public let status: DirectionStatus
        /// Practice by kind, week by week.
        public let byKind: PracticeByKind
        /// The pairs confused lately.
        public let confusions: ConfusedPairs
    }

    /// The sessions the status is worked out from.
    public let progress: LearnerProgress
    /// The day it is worked out for.
    public let today: CalendarDay
    /// Receive, then send.
    public let directions: [DirectionPart]
    /// The streak today, in days, in either direction.
    public let streakDays: Int
    /// The longest streak so far, in days.
    public let longestStreakDays: Int
    /// The spoken lessons the learner scored.
    public let selfScored: SelfScoredSummary

    public init(progress: LearnerProgress, today: CalendarDay) {
        let learner = LearnerState(progress: progress)
        self.progress = progress
        self.today = today
        directions = Direction.allCases.map { direction in
            DirectionPart(
                status: DirectionStatus(progress: learner[direction], today: today),
                byKind: PracticeByKind(sessions: progress.sessions, direction: direction),
                confusions: ConfusedPairs(progress: progress, direction: direction))
        }
        streakDays = learner.streakDays(asOf: today)
        longestStreakDays = learner.streak.longestDays
        selfScored = SelfScoredSummary(progress: progress)
    }

    /// What unlocks the next receive character when spoken lessons are the latest practice; nil otherwise.
    public var selfScoredAdvice: String? {
        selfScored.advice(nextCharacter: directions.first { $0.status.direction == .receive }?.status.nextCharacter)
    }

    /// The status as `koch status --json` gives it, for the progress file at `progressFile`.
    public func report(progressFile: String) -> StatusReport {
        StatusReport(progressFile: progressFile, today: today, progress: progress)
    }
}
