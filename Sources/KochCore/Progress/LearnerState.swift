/// Where the learner stands, replayed from every session in date order:
/// each direction's level, statistics and schedule, and the learner's one
/// streak, which sessions of both directions and of every kind keep up
/// (receive on Monday and send on Tuesday are two days in a row).
public struct LearnerState: Sendable, Hashable {
    public private(set) var receive: DirectionProgress
    public private(set) var send: DirectionProgress
    public private(set) var streak = Streak()

    public init(progress: LearnerProgress) {
        let sessions = progress.sessions.enumerated()
            .sorted { ($0.element.date, $0.offset) < ($1.element.date, $1.offset) }
            .map(\.element)
        func start(_ direction: Direction) -> DirectionProgress {
            let course = sessions.last { $0.direction == direction && $0.kind.isLevelLesson }?.course ?? progress.start[direction]?.course ?? .letters
            return DirectionProgress(direction: direction, course: course, startingLevel: progress.start[direction]?.level)
        }
        receive = start(.receive)
        send = start(.send)
        guard let firstDay = sessions.first?.date.day else { return }
        for session in sessions {
            streak.record(session.date.day, dueBefore: nextDueDay)
            switch session.direction {
            case .receive: receive.apply(session, learnerFirstDay: firstDay)
            case .send: send.apply(session, learnerFirstDay: firstDay)
            }
        }
    }

    public subscript(direction: Direction) -> DirectionProgress {
        switch direction {
        case .receive: receive
        case .send: send
        }
    }

    /// The earliest day practice is next due in either direction; nil before the first level lesson.
    public var nextDueDay: CalendarDay? { [receive.nextDueDay, send.nextDueDay].compactMap { $0 }.min() }

    /// The streak as it stands on `today` (0 once a due day has passed without a session).
    public func streakDays(asOf today: CalendarDay) -> Int {
        streak.days(asOf: today, dueDay: nextDueDay)
    }

    /// Whether `today` is the streak's last safe day (`Streak.lastSafeDay(dueDay:)`): without a
    /// session today it ends. On any earlier day it is not at stake.
    public func streakIsAtStake(on today: CalendarDay) -> Bool {
        streak.lastSafeDay(dueDay: nextDueDay) == today
    }
}
