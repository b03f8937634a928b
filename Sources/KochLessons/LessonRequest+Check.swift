import KochCore

extension LessonRequest {
    /// What a lesson request cannot be made with, with the value asked for.
    public enum Refusal: Error, Sendable, Hashable {
        /// The chosen characters (`CustomCharacters.checked`): none, one without Morse code, or fewer than two.
        case characters(CustomCharacters.Refusal)
        /// A text lesson without its text, or a text given for another kind.
        case textFile(LessonKind.TextFileRefusal)
        /// A QSO style asked for a lesson that is not a QSO.
        case qsoStyleWithoutQSO
        case sound(SoundRequest.Refusal)
        /// The level is not one of the lesson's course (`LessonCourse.check(level:)`).
        case level(LevelOutsideCourse)
        /// `LessonSettings.Limits.minutes`.
        case minutes(Double)
        /// `LessonSettings.Limits.lessonCount`.
        case count(Int)
        /// A drill draws its own pairs: it cannot be of chosen characters.
        case drillWithCharacters
        /// A drill is made of groups.
        case drillWithKind(LessonKind)
        /// The speed of the learner's overs, given without a contact to answer.
        case respondSpeedWithoutRespond
        /// The speed of the learner's overs, outside `LessonSettings.Limits.characterSpeedWPM`.
        case respondSpeedWPM(Double)
        /// A contact to answer is a QSO.
        case respondWithoutQSO
        /// A contact to answer is heard: it is not a send exercise.
        case respondInSend
        /// A contact's pauses are the learner's to key in: its answers are not spoken.
        case respondSpoken
        /// Spoken answers on a send exercise (`LessonSettings.checkSpeech`).
        case spokenSendExercise
    }

    /// Refuses the first thing asked for that the lesson cannot be made with: its content (the
    /// characters chosen, a text's file, a QSO's style), the sound, then the level, the length,
    /// the count, a drill's, a contact's and the speech's conflicts.
    public func check() throws(Refusal) {
        try checkContent()
        do {
            try sound.check()
        } catch {
            throw .sound(error)
        }
        if let level {
            do throws(LevelOutsideCourse) {
                try lessonCourse.check(level: level)
            } catch {
                throw .level(error)
            }
        }
        try Self.check(minutes: minutes)
        if let count, !LessonSettings.Limits.lessonCount.contains(count) { throw .count(count) }
        try checkDrill()
        try checkRespond()
        do {
            try LessonSettings.checkSpeech(speech, direction: direction)
        } catch {
            throw .spokenSendExercise
        }
    }

    /// Refuses content that cannot be: characters chosen without Morse code or fewer than two, a
    /// text lesson without its file or a file for another kind, a QSO style for another kind.
    public func checkContent() throws(Refusal) {
        if let characters {
            do throws(CustomCharacters.Refusal) {
                _ = try CustomCharacters.checked(characters)
            } catch {
                throw .characters(error)
            }
        }
        do throws(LessonKind.TextFileRefusal) {
            try kind.checkTextFile(given: textFile != nil)
        } catch {
            throw .textFile(error)
        }
        if qsoStyle != nil, kind != .qso { throw .qsoStyleWithoutQSO }
    }

    /// Refuses a lesson's length outside `LessonSettings.Limits.minutes`.
    public static func check(minutes: Double) throws(Refusal) {
        guard LessonSettings.Limits.minutes.contains(minutes) else { throw .minutes(minutes) }
    }

    /// Refuses a drill asked for beside what makes another lesson: chosen characters or another kind.
    public func checkDrill() throws(Refusal) {
        guard drill != nil else { return }
        if characters != nil { throw .drillWithCharacters }
        if kind != .groups { throw .drillWithKind(kind) }
    }

    private func checkRespond() throws(Refusal) {
        if let respondSpeedWPM {
            guard respond else { throw .respondSpeedWithoutRespond }
            guard LessonSettings.Limits.characterSpeedWPM.contains(respondSpeedWPM) else { throw .respondSpeedWPM(respondSpeedWPM) }
        }
        guard respond else { return }
        guard kind == .qso else { throw .respondWithoutQSO }
        guard direction == .receive else { throw .respondInSend }
        if speech != nil { throw .respondSpoken }
    }
}
