/// Why a copy is not a copy of the lesson it is graded against: the
/// learner gave the wrong key, or the wrong file. Grading it would put a
/// session into the record that says nothing about their copying.
public enum CopyMismatch: Sendable, Hashable, CustomStringConvertible {
    /// Another lesson's key fits the copy far better.
    case matchesAnother(lessonID: String, otherAccuracy: Double, accuracy: Double)
    /// The copy is as long as the lesson but matches almost nothing of it.
    case matchesNothing(accuracy: Double)

    /// Another key must fit at least this well...
    public static let otherAtLeast = 0.5
    /// ...and this much better than the key given.
    public static let otherBetterBy = 0.3
    /// A copy at least `fullCopyShare` as long as the lesson that scores under this matches nothing of it...
    public static let nothingBelow = 0.1
    public static let fullCopyShare = 0.5
    /// ...nor does one that scores under `foreignBelow` with `foreignShare` of its characters outside the lesson's.
    public static let foreignShare = 0.5
    public static let foreignBelow = 0.3

    /// Checks `copy` (the learner's text, or what was decoded from their keying), scored
    /// `score` against `key`, against the other keys the learner has (`others`, the key
    /// itself among them or not).
    public static func check(copy: String, key: AnswerKey, score: Score, others: [AnswerKey]) -> CopyMismatch? {
        let best = others.filter { $0.lessonID != key.lessonID && $0.direction == key.direction }
            .map { ($0, Score(key: $0, transcript: copy).accuracy) }
            .max { $0.1 < $1.1 }
        if let (other, accuracy) = best, accuracy >= otherAtLeast, accuracy >= score.accuracy + otherBetterBy {
            return .matchesAnother(lessonID: other.lessonID, otherAccuracy: accuracy, accuracy: score.accuracy)
        }
        // Written characters, and those of them that this lesson never sends (signs that are no
        // Morse character among them): a learner copies with the characters they know.
        let characterSet = key.characterTokens
        var written = 0, foreign = 0
        for mark in Transcript(text: copy, characterSet: characterSet).groups.joined() {
            switch mark {
            case let .character(text):
                written += 1
                if !characterSet.contains(text) { foreign += 1 }
            case .unreadable:
                written += 1
                foreign += 1
            case .notCopied:
                break
            }
        }
        guard Double(written) >= fullCopyShare * Double(score.sent) else { return nil }
        if score.accuracy < nothingBelow || (Double(foreign) >= foreignShare * Double(written) && score.accuracy < foreignBelow) {
            return .matchesNothing(accuracy: score.accuracy)
        }
        return nil
    }

    public var description: String {
        switch self {
        case let .matchesAnother(lessonID, otherAccuracy, accuracy):
            return "this copy matches lesson \(lessonID) far better (\(Self.percent(otherAccuracy))) than the lesson of this key "
                + "(\(Self.percent(accuracy))): was it graded against the wrong key?"
        case let .matchesNothing(accuracy):
            return "this copy matches almost nothing of the lesson (\(Self.percent(accuracy))): is it the copy of another lesson, "
                + "or another file?"
        }
    }

    private static func percent(_ value: Double) -> String {
        "\(Int((value * 100).rounded())) %"
    }
}
