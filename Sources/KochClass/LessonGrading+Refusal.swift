import KochCore

extension LessonGrading {
    /// Why a lesson's return is not graded. Nothing is recorded for it; each front end says it in
    /// its own words (`koch grade` with what to type next, a class's list in a line).
    public enum Refusal: Error, Sendable {
        /// A stop given with a recording or a log of key events, which is graded up to where the keying ends.
        case stopOfKeying
        /// A partial copy asked for of a recording or a log of key events, which is graded as it was keyed.
        case partialKeying
        /// A count of items heard below zero.
        case negativeHeard(Int)
        /// A partial copy asked for with a count heard, which is the learner's own count of the lesson (up to a stop, if given).
        case partialWithHeard
        /// A recording or a log of key events of a receive lesson, which is graded from a typed copy.
        case keyingOfReceiveLesson
        /// A count of items heard for a lesson made without spoken answers.
        case notSpoken
        /// More items heard than the spoken lesson has (`items`), or than were sent before the stop
        /// (`stoppedAtSeconds`, nil for a whole lesson) of the `itemsInLesson` it has.
        case moreHeardThanItems(heard: Int, items: Int, stoppedAtSeconds: Double?, itemsInLesson: Int)
        /// Nothing of the lesson was sent before the stop: its first group's sound had not ended
        /// (`AnswerKey.stopped(atSeconds:)`); `firstGroupEndSeconds` is nil for a lesson of no group.
        case nothingSentBeforeStop(stoppedAtSeconds: Double, firstGroupEndSeconds: Double?)
        /// The date given cannot be when the lesson was done.
        case sessionDate(SessionDateProblem)
        /// A typed copy of under a quarter of the lesson (an empty one among them), not taken as a partial copy.
        case tooShort(CopyCoverage)
        /// A partial copy asked for, of a copy that covers a quarter of the lesson or more: it is graded as the lesson.
        case notPartial(CopyCoverage)
        /// A keying that cannot be graded: nothing decoded, not a plausible reading, sampled too slowly, no key-down.
        case keying(KeyingCheck.Refusal)
        /// The copy is not one of this lesson.
        case mismatch(CopyMismatch)
    }
}
