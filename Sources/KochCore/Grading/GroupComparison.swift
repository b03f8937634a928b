/// One group of the lesson beside what the learner wrote for it.
public struct GroupComparison: Sendable, Hashable, Codable {
    /// The group's number in the answer key, from 1.
    public var number: Int
    public var sent: String
    /// What was written where the group was sent: `_` for each character
    /// missed or marked not copied, `?` for what is no character, a space
    /// where the learner put one.
    public var copied: String
    /// Characters wrong, missed or extra in this group.
    public var errors: Int

    public init(number: Int, sent: String, copied: String, errors: Int) {
        self.number = number
        self.sent = sent
        self.copied = copied
        self.errors = errors
    }
}
