/// The grade of one transcript against its answer key.
///
/// Accuracy is correct over sent plus inserted, so that writing extra
/// characters can never raise a score; not-copied signs are not counted as
/// inserted, since they claim no character.
public struct Score: Sendable, Hashable {
    /// Characters sent in the lesson.
    public let sent: Int
    /// Characters copied right.
    public let correct: Int
    /// Characters written in place of another.
    public let substituted: Int
    /// Characters with nothing (or a not-copied sign) written for them.
    public let missed: Int
    /// Characters written that stand for nothing sent.
    public let inserted: Int
    /// Per sent character.
    public let characters: [String: CharacterStatistics]
    /// Every group of the lesson with what was written for it.
    public let groups: [GroupComparison]

    /// Grades `transcript` (the learner's copy, as typed) against `key`.
    public init(key: AnswerKey, transcript text: String) {
        let transcript = Transcript(text: text, characterSet: key.characterTokens)
        // One token for each code: where the lesson sends both `=` and <BT>, either is right for either.
        let alphabet = WrittenTokens.Alphabet(key.characterTokens)
        let sentGroups = key.groups.map { alphabet.tokens(of: $0.text) }
        // The introduction is aligned too, so that a learner who copied it
        // is not charged for extra characters, and then left out of the score.
        let introduction = key.introduction.map { $0.text.split(separator: " ").map { alphabet.tokens(of: $0) } } ?? []
        let alignment = Alignment(sentGroups: introduction + sentGroups, transcript: transcript)
            .droppingLeadingGroups(introduction.count)
        self.init(alignment: alignment, groupNumbers: key.groups.map(\.number))
    }

    public init(alignment: Alignment, groupNumbers: [Int]) {
        var correct = 0, substituted = 0, missed = 0, inserted = 0
        var characters: [String: CharacterStatistics] = [:]
        for step in alignment.steps {
            switch step {
            case let .match(sent, _):
                correct += 1
                characters[alignment.sent[sent], default: .init()].attempts += 1
                characters[alignment.sent[sent], default: .init()].correct += 1
            case let .substitution(sent, received):
                characters[alignment.sent[sent], default: .init()].attempts += 1
                switch alignment.received[received] {
                case let .character(written):
                    substituted += 1
                    characters[alignment.sent[sent], default: .init()].mistakenFor[written, default: 0] += 1
                case .unreadable:
                    substituted += 1
                    characters[alignment.sent[sent], default: .init()].mistakenFor["?", default: 0] += 1
                case .notCopied:
                    missed += 1
                }
            case let .missed(sent):
                missed += 1
                characters[alignment.sent[sent], default: .init()].attempts += 1
            case let .inserted(received):
                if alignment.received[received] != .notCopied { inserted += 1 }
            }
        }
        self.sent = alignment.sent.count
        self.correct = correct
        self.substituted = substituted
        self.missed = missed
        self.inserted = inserted
        self.characters = characters
        self.groups = Self.compare(alignment, groupNumbers: groupNumbers)
    }

    /// Correct / (sent + inserted), from 0 to 1.
    public var accuracy: Double {
        sent + inserted > 0 ? Double(correct) / Double(sent + inserted) : 0
    }

    public var groupsWithErrors: [GroupComparison] { groups.filter { $0.errors > 0 } }

    /// Hands each step to a sent group. An inserted mark goes with the group
    /// before it, unless it was written in the same transcript group as the
    /// next sent character's copy and not the previous one's.
    private static func compare(_ alignment: Alignment, groupNumbers: [Int]) -> [GroupComparison] {
        let steps = alignment.steps
        // Nearest steps on either side that account for a sent character:
        // its sent group, and the transcript group its copy was written in.
        var before = [(sentGroup: Int?, writtenGroup: Int?)](repeating: (nil, nil), count: steps.count)
        var after = before
        var nearest: (sentGroup: Int?, writtenGroup: Int?) = (nil, nil)
        for index in steps.indices {
            before[index] = nearest
            if let sent = steps[index].sentIndex {
                nearest = (alignment.sentGroup[sent], steps[index].receivedIndex.map { alignment.receivedGroup[$0] } ?? nearest.writtenGroup)
            }
        }
        nearest = (nil, nil)
        for index in steps.indices.reversed() {
            after[index] = nearest
            if let sent = steps[index].sentIndex {
                nearest = (alignment.sentGroup[sent], steps[index].receivedIndex.map { alignment.receivedGroup[$0] } ?? nearest.writtenGroup)
            }
        }
        var copied = [String](repeating: "", count: groupNumbers.count)
        var errors = [Int](repeating: 0, count: groupNumbers.count)
        var lastWritten = [Int?](repeating: nil, count: groupNumbers.count)
        for (index, step) in steps.enumerated() {
            let group: Int
            if let sent = step.sentIndex {
                group = alignment.sentGroup[sent]
            } else if let received = step.receivedIndex {
                let written = alignment.receivedGroup[received]
                if let previous = before[index].sentGroup {
                    let joinsNext = after[index].sentGroup != nil && after[index].writtenGroup == written && before[index].writtenGroup != written
                    group = joinsNext ? after[index].sentGroup ?? previous : previous
                } else {
                    group = after[index].sentGroup ?? 0
                }
            } else {
                continue
            }
            guard groupNumbers.indices.contains(group) else { continue }
            if case .match = step {} else { errors[group] += 1 }
            guard let received = step.receivedIndex else {
                copied[group] += "_"
                continue
            }
            let written = alignment.receivedGroup[received]
            if let last = lastWritten[group], last != written { copied[group] += " " }
            lastWritten[group] = written
            copied[group] += alignment.received[received].text
        }
        var sentText = [String](repeating: "", count: groupNumbers.count)
        for (index, character) in alignment.sent.enumerated() where groupNumbers.indices.contains(alignment.sentGroup[index]) {
            sentText[alignment.sentGroup[index]] += character
        }
        return groupNumbers.indices.map { index in
            GroupComparison(number: groupNumbers[index], sent: sentText[index], copied: copied[index], errors: errors[index])
        }
    }
}
