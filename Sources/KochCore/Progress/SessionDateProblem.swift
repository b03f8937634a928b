import Foundation

/// Why a date given for a session cannot be when the lesson was done: a
/// session dated so would move the streak and the schedule wrongly.
public enum SessionDateProblem: Sendable, Hashable, CustomStringConvertible {
    /// Later than today anywhere on Earth (or more than `furthestAheadSeconds` ahead of now).
    case inTheFuture(done: LocalTimestamp, now: LocalTimestamp)
    /// On a day before the lesson was made.
    case beforeTheLesson(done: LocalTimestamp, createdAt: LocalTimestamp)

    /// The furthest a clock on Earth runs ahead of UTC (UTC+14): today's date there is not in the future.
    public static let furthestAheadSeconds = 14 * 3600

    /// `timeGiven`: whether the date was given with a time of day. A day alone (read as its noon)
    /// is judged by its day: today's date where the day begins first is not in the future even
    /// in the hours before its noon.
    public static func check(done: LocalTimestamp, now: Date, lessonCreatedAt: Date, timeGiven: Bool = true) -> SessionDateProblem? {
        let aheadmost = LocalTimestamp(date: now, utcOffsetSeconds: furthestAheadSeconds)
        if done.day > aheadmost.day || (timeGiven && done.date.timeIntervalSince(now) > Double(furthestAheadSeconds)) {
            return .inTheFuture(done: done, now: LocalTimestamp(date: now, utcOffsetSeconds: done.utcOffsetSeconds))
        }
        let created = LocalTimestamp(date: lessonCreatedAt, utcOffsetSeconds: done.utcOffsetSeconds)
        if done.day < created.day {
            return .beforeTheLesson(done: done, createdAt: created)
        }
        return nil
    }

    public var description: String {
        switch self {
        case let .inTheFuture(done, now):
            return "the date given, \(done.day) at \(done.timeOfDay), is in the future (it is now \(now.day) at \(now.timeOfDay)). "
                + "Give the day you did the lesson."
        case let .beforeTheLesson(done, createdAt):
            return "the date given, \(done.day), is before the lesson was made (\(createdAt.day) at \(createdAt.timeOfDay)). "
                + "Give the day you did the lesson."
        }
    }
}
