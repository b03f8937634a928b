import Foundation

extension QSOLiveContact {
    /// The answer key of the contact as it went: a QSO lesson of the other station's words as
    /// sent (the groups, at their times in the session, which the learner's copy is graded
    /// against, as `koch grade --transcript` grades it), with the contact's overs in `qso`.
    /// Nil when the other station sent nothing.
    ///
    /// `settings` are the lesson's (speed, tone, band conditions, seed); `durationSeconds` is how
    /// long the session lasted.
    public func answerKey(
        settings: LessonSettings, style: String, learnerSpeedWPM: Double, durationSeconds: Double, createdAt: Date
    ) throws(ContentError) -> AnswerKey? {
        guard !otherWords.isEmpty else { return nil }
        var settings = settings
        settings.kind = .qso
        settings.direction = .receive
        settings.introduction = false
        settings.speech = nil
        let words = otherWords.compactMap { try? MorseText(parsing: $0.text).words.flatMap { $0 } }
        let lesson = try Lesson(settings: settings, content: .fixed(words))
        var key = AnswerKey(lesson: lesson, createdAt: createdAt)
        func ms(_ seconds: Double) -> Double { (seconds * 1000).rounded() / 1000 }
        key.groups = otherWords.enumerated().map { index, word in
            AnswerKey.Group(number: index + 1, text: word.text, startSeconds: ms(word.startSeconds), endSeconds: ms(word.endSeconds))
        }
        key.introduction = nil
        key.durationSeconds = ms(max(durationSeconds, otherWords.last?.endSeconds ?? 0))
        let qso = self.key(style: style, learnerSpeedWPM: learnerSpeedWPM)
        key.qso = QSOKey(
            style: qso.style, contact: qso.contact,
            overs: qso.overs.map {
                var over = $0
                over.startSeconds = ms(over.startSeconds)
                over.endSeconds = ms(over.endSeconds)
                return over
            }, learnerSpeedWPM: learnerSpeedWPM)
        return key
    }
}
