/// The learner's characters sorted into three tiers by accuracy: under
/// 50 %, 50–79 %, and 80 % and over; weakest first in each tier.
public struct WeakCharacters: Sendable, Hashable, Codable {
    /// Fewer attempts than this say too little to weigh a character more.
    public static let minimumAttemptsForWeight = 5
    /// Extra weight in lesson generation (every character weighs 1).
    public static let extraWeightUnder50Percent = 2.0
    public static let extraWeight50To79Percent = 1.0

    public let under50Percent: [CharacterAccuracy]
    public let from50To79Percent: [CharacterAccuracy]
    public let atLeast80Percent: [CharacterAccuracy]

    public init(statistics: [String: CharacterStatistics]) {
        let all = statistics.compactMap { character, statistics -> CharacterAccuracy? in
            guard let accuracy = statistics.accuracy else { return nil }
            let mistakes = statistics.mistakenFor.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map(\.key)
            return CharacterAccuracy(
                character: character, attempts: statistics.attempts, correct: statistics.correct,
                accuracy: accuracy, mistakenFor: mistakes)
        }
        .sorted { ($0.correct * $1.attempts, $0.character) < ($1.correct * $0.attempts, $1.character) }
        under50Percent = all.filter { $0.correct * 100 < 50 * $0.attempts }
        from50To79Percent = all.filter { $0.correct * 100 >= 50 * $0.attempts && $0.correct * 100 < 80 * $0.attempts }
        atLeast80Percent = all.filter { $0.correct * 100 >= 80 * $0.attempts }
    }

    /// Extra weights for `LessonSettings.extraWeight`: characters under 50 %
    /// weigh 2 more, 50–79 % 1 more, among `unlocked` and only once they
    /// have been sent at least `minimumAttemptsForWeight` times.
    public func extraWeights(unlocked: [Symbol]) -> [String: Double] {
        let allowed = Set(unlocked.map(\.text))
        var weights: [String: Double] = [:]
        for entry in under50Percent where allowed.contains(entry.character) && entry.attempts >= Self.minimumAttemptsForWeight {
            weights[entry.character] = Self.extraWeightUnder50Percent
        }
        for entry in from50To79Percent where allowed.contains(entry.character) && entry.attempts >= Self.minimumAttemptsForWeight {
            weights[entry.character] = Self.extraWeight50To79Percent
        }
        return weights
    }
}
