/// How a learner's fist changed from week to week: the figures of the send sessions whose keying
/// was measured (a recording, a log of key events or live practice: `GradedSession.keying`),
/// combined per ISO week (Monday first), and the fist report's advice on the latest week.
///
/// Each figure of a week is its sessions' figures combined by the counts behind them, so that a
/// session of 200 dits weighs twenty times one of 10: lengths in dits as the mean of every mark
/// or gap of the week (`TimingSpread.combined`), their variation pooled over all of them; the
/// dah/dit ratio as the mean of the dahs of the sessions that had dits to measure it against;
/// the character speed as the speed of the week's mean dit (a harmonic mean of the sessions'
/// speeds, weighted by their marks), and the overall pace likewise. Lengths stay in dits of each
/// session's own speed, so a week of slow and fast sessions still shows the fist's proportions.
///
/// Steadiness is how much the dits, dahs and gaps between characters vary, the three figures
/// the advice calls even or uneven: their pooled variations averaged, weighted by their counts.
/// The targets are those of the week's latest session.
public struct FistOverTime: Sendable, Hashable {
    /// One week's send sessions with a keying, their figures combined.
    public struct Week: Sendable, Hashable, FistFigures {
        /// The Monday the week starts on.
        public let weekStart: CalendarDay
        public let sessions: Int
        /// Character speed from the week's mean dit, to 0.1 WPM.
        public let speedWPM: Double
        /// Overall pace, gaps included, to 0.1 WPM.
        public let effectiveSpeedWPM: Double
        /// The mean dah in dits, to 0.01; nil for a week without a session keyed with dits.
        public let dahToDitRatio: Double?
        public let dits: TimingSpread
        public let dahs: TimingSpread?
        public let intraCharacterGaps: TimingSpread?
        public let characterGaps: TimingSpread?
        public let wordGaps: TimingSpread?
        /// The variation of the dits, dahs and gaps between characters, weighted by their counts,
        /// in percent to 0.1; nil when none of them could be measured twice.
        public let steadinessPercent: Double?
        public let ambiguousCount: Int
        public let targets: FistTargets

        /// Dits and dahs measured.
        public var marks: Int { dits.count + (dahs?.count ?? 0) }

        /// The week starting on `weekStart` of `keyings`, in the order they were done; nil for none.
        public init?(weekStart: CalendarDay, keyings: [SessionKeying]) {
            guard let latest = keyings.last else { return nil }
            self.weekStart = weekStart
            sessions = keyings.count
            targets = latest.targets
            dits =
                TimingSpread.combined(keyings.map(\.dits)) ?? TimingSpread(count: 0, meanDits: 1, variationPercent: nil)
            dahs = TimingSpread.combined(keyings.compactMap(\.dahs))
            intraCharacterGaps = TimingSpread.combined(keyings.compactMap(\.intraCharacterGaps))
            characterGaps = TimingSpread.combined(keyings.compactMap(\.characterGaps))
            wordGaps = TimingSpread.combined(keyings.compactMap(\.wordGaps))
            ambiguousCount = keyings.reduce(0) { $0 + $1.ambiguous }
            let ratios = keyings.compactMap { keying in
                keying.dahToDitRatio.map { (value: $0, weight: Double(keying.dahs?.count ?? 0)) }
            }
            dahToDitRatio = Self.weightedMean(ratios).map { FistNumber.rounded($0, places: 2) }
            let marks = keyings.map { Double($0.dits.count + ($0.dahs?.count ?? 0)) }
            speedWPM = FistNumber.rounded(Self.harmonicMean(zip(keyings.map(\.speedWPM), marks).map { ($0, $1) }) ?? 0, places: 1)
            effectiveSpeedWPM = FistNumber.rounded(
                Self.harmonicMean(zip(keyings.map(\.effectiveSpeedWPM), marks).map { ($0, $1) }) ?? 0, places: 1)
            let even = [dits, dahs, characterGaps].compactMap { spread in
                spread.flatMap { spread in spread.variationPercent.map { (value: $0, weight: Double(spread.count)) } }
            }
            steadinessPercent = Self.weightedMean(even).map { FistNumber.rounded($0, places: 1) }
        }

        /// The mean of `values` weighted by their weights; nil when they weigh nothing.
        static func weightedMean(_ values: [(value: Double, weight: Double)]) -> Double? {
            let weight = values.reduce(0) { $0 + $1.weight }
            guard weight > 0 else { return nil }
            return values.reduce(0) { $0 + $1.value * $1.weight } / weight
        }

        /// The speed of the whole of `speeds`, each kept for its weight in marks: the weights
        /// over the time they took, as speeds of the same marks add up in time, not in speed.
        static func harmonicMean(_ speeds: [(value: Double, weight: Double)]) -> Double? {
            let timed = speeds.filter { $0.value > 0 && $0.weight > 0 }
            let weight = timed.reduce(0) { $0 + $1.weight }
            let time = timed.reduce(0) { $0 + $1.weight / $1.value }
            guard weight > 0, time > 0 else { return nil }
            return weight / time
        }
    }

    /// Oldest first; empty before the first send session with a keying.
    public let weeks: [Week]

    /// The weeks of `progress`'s send sessions with a keying, done on `today` or before.
    public init(progress: LearnerProgress, today: CalendarDay) {
        let keyed = progress.sessions.enumerated()
            .filter { $0.element.direction == .send && $0.element.keying != nil && $0.element.date.day <= today }
            .sorted { ($0.element.date, $0.offset) < ($1.element.date, $1.offset) }
            .map(\.element)
        var byWeek: [CalendarDay: [SessionKeying]] = [:]
        for session in keyed {
            guard let keying = session.keying else { continue }
            byWeek[session.date.day.weekStart, default: []].append(keying)
        }
        weeks = byWeek.keys.sorted().compactMap { Week(weekStart: $0, keyings: byWeek[$0] ?? []) }
    }

    /// The latest week's figures.
    public var latestWeek: Week? { weeks.last }

    /// The fist report's advice on the latest week's figures, most important first (empty: nothing
    /// to fix); nil before the first week.
    public var latestAdvice: [FistAdvice]? { latestWeek.map { FistAdvice.advice(for: $0) } }
}
