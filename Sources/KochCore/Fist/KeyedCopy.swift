/// A recording of a send exercise, decoded and read as the learner's copy:
/// graded with the same whole-text alignment as a typed transcript.
///
/// Each decoded character is one mark of the transcript and each decoded
/// word one of its groups. A pattern the decoder could not read (`*`) is a
/// wrong character, not a "not copied" sign: the learner keyed something,
/// and it was not the character asked for; one keyed where nothing was
/// asked counts as an extra character.
public struct KeyedCopy: Sendable, Hashable {
    public let alignment: Alignment
    public let score: Score
    /// For each decoded character, in order, the character it was meant
    /// to be; nil for one that stands for nothing in the exercise.
    public let meant: [MeantCharacter?]

    public init(key: AnswerKey, characters: [DecodedCharacter]) {
        let alignment = Alignment(sentGroups: Self.sentGroups(of: key), transcript: Transcript(groups: Self.keyedGroups(characters, of: key)))
        self.alignment = alignment
        score = Score(alignment: alignment, groupNumbers: key.groups.map(\.number))

        var groupStart: [Int: Int] = [:]
        for (index, group) in alignment.sentGroup.enumerated() where groupStart[group] == nil {
            groupStart[group] = index
        }
        var meant = [MeantCharacter?](repeating: nil, count: characters.count)
        for step in alignment.steps {
            guard let sent = step.sentIndex, let received = step.receivedIndex, meant.indices.contains(received) else { continue }
            let group = alignment.sentGroup[sent]
            guard key.groups.indices.contains(group) else { continue }
            meant[received] = MeantCharacter(
                groupNumber: key.groups[group].number, positionInGroup: sent - (groupStart[group] ?? sent) + 1,
                text: alignment.sent[sent])
        }
        self.meant = meant
    }

    /// The decoded characters as the transcript's groups, a decoded word a group. A character
    /// decoded is the key's token of the same code: `=` keyed for <BT> is <BT>.
    static func keyedGroups(_ characters: [DecodedCharacter], of key: AnswerKey) -> [[TranscriptMark]] {
        let alphabet = WrittenTokens.Alphabet(key.characterTokens)
        var groups: [[TranscriptMark]] = []
        for character in characters {
            if character.startsWord || groups.isEmpty { groups.append([]) }
            let pattern = String(character.elements.map(\.rawValue))
            groups[groups.count - 1].append(.character(alphabet.token(pattern: pattern) ?? character.text.uppercased()))
        }
        return groups
    }

    /// The key's groups as the characters sent.
    static func sentGroups(of key: AnswerKey) -> [[String]] {
        let alphabet = WrittenTokens.Alphabet(key.characterTokens)
        return key.groups.map { alphabet.tokens(of: $0.text) }
    }
}
