/// A contact graded as both halves: what the learner sent (each of their
/// overs as read from their keying, against the script with the values
/// they heard) and, where they typed a copy, what they copied of the other
/// station's overs (the key's groups).
public struct QSOContactGrade: Sendable, Hashable {
    /// Each of the learner's overs against what was read of it.
    public let readings: [QSOOverReading]
    /// The learner's half: every over of theirs, as one text.
    public let sent: Score
    /// The other station's half, as the learner copied it; nil without a copy.
    public let copied: Score?

    /// `readTexts`: what was read of each of the learner's overs, in order
    /// (an over not keyed is empty); `copy`: the learner's copy of the other
    /// station, if they typed one.
    public init(key: AnswerKey, qso: QSOKey, readTexts: [String], copy: String?) {
        let overs = qso.learnerOvers
        readings = overs.indices.map { index in
            QSOOverReading(over: overs[index].over, readText: index < readTexts.count ? readTexts[index] : "")
        }
        sent = Score(key: key.learnerHalf(qso), transcript: readTexts.joined(separator: "\n"))
        copied = copy.map { Score(key: key, transcript: $0) }
    }
}

extension AnswerKey {
    /// The key of what the learner sends in a contact: their overs' words as
    /// groups, in the send direction, each over's words timed across its span;
    /// its lesson ID is the contact's with the send direction's `S`.
    public func learnerHalf(_ qso: QSOKey) -> AnswerKey {
        var half = self
        half.direction = .send
        // The send half is a lesson of its own in the progress file, beside the receive half.
        half.lessonID = "S" + lessonID.dropFirst()
        half.introduction = nil
        half.speech = nil
        var groups: [Group] = []
        for over in qso.learnerOvers {
            let words = over.text.split(separator: " ").map(String.init)
            let step = (over.endSeconds - over.startSeconds) / Double(max(words.count, 1))
            for (index, word) in words.enumerated() {
                let start = over.startSeconds + Double(index) * step
                groups.append(Group(number: groups.count + 1, text: word, startSeconds: start, endSeconds: start + step))
            }
        }
        half.groups = groups
        return half
    }
}
