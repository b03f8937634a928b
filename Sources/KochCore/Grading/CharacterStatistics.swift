/// How one character fared: how often it was sent, how often it was copied
/// right, and what was written instead when it was not.
public struct CharacterStatistics: Sendable, Hashable, Codable {
    public var attempts: Int
    public var correct: Int
    /// The characters written in its place, with counts. Times it was not
    /// copied at all are `attempts - correct - mistakenFor` total.
    public var mistakenFor: [String: Int]

    public init(attempts: Int = 0, correct: Int = 0, mistakenFor: [String: Int] = [:]) {
        self.attempts = attempts
        self.correct = correct
        self.mistakenFor = mistakenFor
    }

    /// Times nothing (or a not-copied sign) was written for it.
    public var missed: Int { attempts - correct - mistakenFor.values.reduce(0, +) }

    /// Correct over attempts, or nil before the first attempt.
    public var accuracy: Double? { attempts > 0 ? Double(correct) / Double(attempts) : nil }

    public static func + (lhs: CharacterStatistics, rhs: CharacterStatistics) -> CharacterStatistics {
        CharacterStatistics(
            attempts: lhs.attempts + rhs.attempts, correct: lhs.correct + rhs.correct,
            mistakenFor: lhs.mistakenFor.merging(rhs.mistakenFor, uniquingKeysWith: +))
    }
}

extension CharacterStatistics {
    private enum CodingKeys: String, CodingKey {
        case attempts, correct, mistakenFor
    }

    /// `mistakenFor` may be left out when empty, as it is written.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        attempts = try container.decode(Int.self, forKey: .attempts)
        correct = try container.decode(Int.self, forKey: .correct)
        mistakenFor = try container.decodeIfPresent([String: Int].self, forKey: .mistakenFor) ?? [:]
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(attempts, forKey: .attempts)
        try container.encode(correct, forKey: .correct)
        if !mistakenFor.isEmpty { try container.encode(mistakenFor, forKey: .mistakenFor) }
    }
}
