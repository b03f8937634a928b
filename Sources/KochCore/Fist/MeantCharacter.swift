/// The character of a send exercise that a decoded character stands for,
/// found by aligning the decoded text against the answer key.
public struct MeantCharacter: Sendable, Hashable, Codable {
    /// The exercise's group, numbered from 1 as on the sheet.
    public let groupNumber: Int
    /// Which character of the group, from 1.
    public let positionInGroup: Int
    /// The character the learner meant to key.
    public let text: String

    public init(groupNumber: Int, positionInGroup: Int, text: String) {
        self.groupNumber = groupNumber
        self.positionInGroup = positionInGroup
        self.text = text
    }
}
