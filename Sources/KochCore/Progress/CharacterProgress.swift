/// How one character fares in one direction over every session: how often it was sent and
/// right, the last day it was practised, and for sending, how long the learner takes to key it
/// against its standard length (the seed's "average input time", from the sessions whose keying
/// was timed: recordings, logs of key events and live sessions).
///
/// The sessions counted are those of the statistics: every one but a partial copy, and a
/// self-scored spoken lesson has no characters. Sessions may differ in speed, so the keying time
/// gives, besides the mean seconds and the mean standard seconds (each weighted by the times
/// timed in each session), the mean of each session's time over its own standard, weighted the
/// same way: that ratio, not the quotient of the two means, says how much slower or faster
/// than the standard the learner keys.
public struct CharacterProgress: Sendable, Hashable {
    /// The time taken to key a character right, over the sessions that timed it.
    public struct KeyingTime: Sendable, Hashable {
        /// Times it was keyed right and timed.
        public let timed: Int
        /// From its first key-down to its last key-up, on average (to the millisecond).
        public let meanSeconds: Double
        /// Its standard length at each session's character speed, on average (to the millisecond).
        public let standardSeconds: Double
        /// The time over the standard, on average (to three decimals): 1.15 is 15 % slower.
        public let ratio: Double

        public init(timed: Int, meanSeconds: Double, standardSeconds: Double, ratio: Double) {
            self.timed = timed
            self.meanSeconds = meanSeconds
            self.standardSeconds = standardSeconds
            self.ratio = ratio
        }

        /// "0.62 s (standard 0.54 s, +15 %)": the percentage from `ratio`, so that it holds
        /// across sessions of different speeds.
        public var text: String {
            let percent = Int(((ratio - 1) * 100).rounded())
            return "\(Self.seconds(meanSeconds)) (standard \(Self.seconds(standardSeconds)), \(percent > 0 ? "+" : "")\(percent) %)"
        }

        private static func seconds(_ value: Double) -> String {
            let hundredths = Int((value * 100).rounded())
            return "\(hundredths / 100).\(hundredths % 100 < 10 ? "0" : "")\(hundredths % 100) s"
        }
    }

    public let character: String
    public let attempts: Int
    public let correct: Int
    /// The latest day of a session that sent it.
    public let lastDay: CalendarDay
    /// Nil when no session timed its keying.
    public let keying: KeyingTime?

    public init(character: String, attempts: Int, correct: Int, lastDay: CalendarDay, keying: KeyingTime?) {
        self.character = character
        self.attempts = attempts
        self.correct = correct
        self.lastDay = lastDay
        self.keying = keying
    }

    /// Correct over attempts; nil before the first attempt.
    public var accuracy: Double? { attempts > 0 ? Double(correct) / Double(attempts) : nil }

    /// Every character sent in `direction` among `sessions`: `course`'s characters in its order,
    /// then any others (a QSO's digits on the letters course) by their text.
    public static func all(sessions: [GradedSession], direction: Direction, course: KochCourse) -> [CharacterProgress] {
        var statistics: [String: CharacterStatistics] = [:]
        var lastDays: [String: CalendarDay] = [:]
        var timings: [String: [CharacterKeyingTime]] = [:]
        for session in sessions where session.direction == direction && !session.partial {
            let day = session.date.day
            for (character, counted) in session.characters where counted.attempts > 0 {
                statistics[character, default: CharacterStatistics()] = statistics[character, default: CharacterStatistics()] + counted
                lastDays[character] = max(lastDays[character] ?? day, day)
            }
            for (character, time) in session.keying?.characters ?? [:] where time.count > 0 && time.standardSeconds > 0 {
                timings[character, default: []].append(time)
            }
        }
        let order = Dictionary(course.order.enumerated().map { ($0.element.text, $0.offset) }, uniquingKeysWith: min)
        return statistics.compactMap { character, counted -> CharacterProgress? in
            guard let lastDay = lastDays[character] else { return nil }
            return CharacterProgress(
                character: character, attempts: counted.attempts, correct: counted.correct, lastDay: lastDay,
                keying: keyingTime(timings[character] ?? []))
        }
        .sorted { (order[$0.character] ?? order.count, $0.character) < (order[$1.character] ?? order.count, $1.character) }
    }

    /// The sessions' times for one character, weighted by the times each timed; nil for none.
    static func keyingTime(_ times: [CharacterKeyingTime]) -> KeyingTime? {
        let timed = times.reduce(0) { $0 + $1.count }
        guard timed > 0 else { return nil }
        let weight = Double(timed)
        let mean = times.reduce(0.0) { $0 + Double($1.count) * $1.meanSeconds } / weight
        let standard = times.reduce(0.0) { $0 + Double($1.count) * $1.standardSeconds } / weight
        let ratio = times.reduce(0.0) { $0 + Double($1.count) * $1.meanSeconds / $1.standardSeconds } / weight
        return KeyingTime(
            timed: timed, meanSeconds: FistNumber.rounded(mean, places: 3), standardSeconds: FistNumber.rounded(standard, places: 3),
            ratio: FistNumber.rounded(ratio, places: 3))
    }
}
