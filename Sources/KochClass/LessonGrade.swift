import KochCore

/// A lesson's return graded (`LessonGrading`): the session to record, and what it was graded from.
public struct LessonGrade: Sendable {
    /// The key the return was graded against: the lesson's, cut where it was stopped.
    public let key: AnswerKey
    /// How many groups the whole lesson has, when it was stopped before its end; nil for a whole lesson.
    public let groupsInLesson: Int?
    /// The session to record in the learner's progress (`SessionRecording`).
    public let session: GradedSession
    /// The copy typed or read from a keying, with its score; nil for a count of items heard.
    public let copy: GradedCopy?

    public init(key: AnswerKey, groupsInLesson: Int?, session: GradedSession, copy: GradedCopy?) {
        self.key = key
        self.groupsInLesson = groupsInLesson
        self.session = session
        self.copy = copy
    }
}

/// A copy, typed or read from a keying, scored against its key.
public struct GradedCopy: Sendable {
    /// The text: as typed, or as decoded from the keying.
    public let text: String
    public let score: Score
    /// The recording or log of key events it was read from; nil for a typed copy.
    public let keying: KeyingRecording?
    /// What a typed copy holds that is no Morse character (emoji, letters of other scripts): each
    /// counts as a wrong or extra character.
    public let unreadable: [String]

    public init(text: String, score: Score, keying: KeyingRecording?, unreadable: [String]) {
        self.text = text
        self.score = score
        self.keying = keying
        self.unreadable = unreadable
    }
}
