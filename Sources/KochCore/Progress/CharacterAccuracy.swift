/// One character's accuracy over all sessions in a direction.
public struct CharacterAccuracy: Sendable, Hashable, Codable {
    public let character: String
    public let attempts: Int
    public let correct: Int
    /// Correct / attempts, 0 to 1.
    public let accuracy: Double
    /// What it was most often written as instead, most frequent first.
    public let mistakenFor: [String]
}
