import KochCore

/// What the sheet of a contact to answer (`respond.txt.mustache`) sees: every over in turn, the
/// other station's with when it starts, the learner's with the pause it is keyed in and the over
/// to key, each value to be heard a blank (`[THEIR CALL]`).
enum RespondSheetContext {
    static func make(_ key: AnswerKey, qso: QSOKey, keyFile: String) -> [String: Any] {
        var context = SheetContext.make(key)
        context["keyFile"] = keyFile
        context["style"] = qso.style
        context["learnerCall"] = qso.contact.answerer.call.uppercased()
        context["learnerSpeedWPM"] = qso.learnerSpeedWPM.formatted
        context["learnerOverCount"] = qso.learnerOvers.count
        context["overs"] = qso.overs.map { over in
            [
                "isLearner": over.station == .learner,
                "time": AnswerSheet.minuteSecond(over.startSeconds),
                "end": AnswerSheet.minuteSecond(over.endSeconds),
                "pauseSeconds": Int(over.endSeconds - over.startSeconds),
                "script": over.script,
                "blanks": over.fields.filter(\.isHeard).map(\.blank).joined(separator: " "),
            ] as [String: Any]
        }
        return context
    }
}
