/// One direction's practice by kind and by week: for each ISO week (Monday first) with practice,
/// for each kind of practice done in it (`ProgressCategory`), the sessions, what was sent, what was
/// right and the accuracy, so that the learner sees how each kind fares over time.
///
/// A partial copy is left out (as from every statistic: it counts for the streak and the history
/// only). A self-scored spoken lesson's figures are items heard right over items, never added to
/// characters. A week with no session of a kind has no entry for it; a week with none at all is
/// not listed.
public struct PracticeByKind: Sendable, Hashable {
    /// One kind's sessions in one week.
    public struct Tally: Sendable, Hashable {
        public let kind: ProgressCategory
        public fileprivate(set) var sessions = 0
        /// Characters sent; items, for a self-scored kind.
        public fileprivate(set) var sent = 0
        /// Characters right; items heard right, for a self-scored kind.
        public fileprivate(set) var correct = 0
        /// Characters written that stood for nothing sent.
        public fileprivate(set) var inserted = 0

        public init(kind: ProgressCategory) {
            self.kind = kind
        }

        /// Correct / (sent + inserted), as a session's accuracy; nil when nothing was sent.
        public var accuracy: Double? {
            sent + inserted > 0 ? Double(correct) / Double(sent + inserted) : nil
        }

        fileprivate mutating func add(_ session: GradedSession) {
            sessions += 1
            sent += session.sent
            correct += session.correct
            inserted += session.inserted
        }
    }

    /// The kinds practised in one week.
    public struct Week: Sendable, Hashable {
        /// The week's Monday.
        public let weekStart: CalendarDay
        /// In `ProgressCategory` order.
        public let kinds: [Tally]

        public func tally(_ kind: ProgressCategory) -> Tally? {
            kinds.first { $0.kind == kind }
        }
    }

    public let direction: Direction
    /// Oldest first.
    public let weeks: [Week]

    /// The practice of `direction` among `sessions`.
    public init(sessions: [GradedSession], direction: Direction) {
        self.direction = direction
        var tallies: [CalendarDay: [ProgressCategory: Tally]] = [:]
        for session in sessions where session.direction == direction && !session.partial {
            let kind = ProgressCategory(session: session)
            tallies[session.date.day.weekStart, default: [:]][kind, default: Tally(kind: kind)].add(session)
        }
        weeks = tallies.keys.sorted().map { weekStart in
            Week(weekStart: weekStart, kinds: (tallies[weekStart] ?? [:]).values.sorted { $0.kind < $1.kind })
        }
    }

    /// The week that holds `day`, if anything was practised in it.
    public func week(of day: CalendarDay) -> Week? {
        weeks.first { $0.weekStart == day.weekStart }
    }

    /// The kinds practised in any week, in `ProgressCategory` order.
    public var kinds: [ProgressCategory] {
        Set(weeks.flatMap { $0.kinds.map(\.kind) }).sorted()
    }
}
