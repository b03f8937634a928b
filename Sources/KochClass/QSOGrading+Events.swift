import KochCore

extension QSOGrading {
    /// The grade of a log of the learner's paddles or straight key through the contact, timed
    /// from the lesson's start (`QSOKeying`), and of their copy of the other station, if typed.
    /// Throws `Refusal` (nothing keyed in the pauses among them), `KeyingCheck.Refusal` when the
    /// log cannot be read as keying.
    public func grade(
        events log: PaddleLog, path: String, speedWPM: Double?, mode: IambicMode, copy: String?, warn: (String) -> Void = { _ in }
    ) throws -> QSOGrade {
        try admit()
        let keying = try QSOKeying.read(events: log, path: path, qso: qso, sendKey: sendKey, speedWPM: speedWPM, mode: mode, warn: warn)
        guard keying.readTexts.contains(where: { !$0.isEmpty }) else {
            throw Refusal.nothingSent(overs: qso.learnerOvers.count, charactersOutside: keying.charactersOutside)
        }
        var grade = try grade(readTexts: keying.readTexts, copy: copy)
        grade.keying = keying
        return grade
    }
}
