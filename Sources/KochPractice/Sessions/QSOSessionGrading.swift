import Foundation
import KochCore

/// A live contact graded as both halves (`QSOContactGrade`): the learner's overs as read, against
/// the script with the values they heard, and the copy they typed of the other station's overs
/// as sent. Both halves are sessions of kind `qso`, graded and recorded together as `koch grade`
/// grades a contact (`Grader`, given the overs read and the copy): the send half always, the
/// receive half where a copy was typed.
public struct QSOSessionGrading {
    /// Why a contact is not graded at all.
    public enum Refusal: Error, Sendable, CustomStringConvertible {
        /// The other station sent nothing before the stop.
        case nothingSent
        /// Nothing of the learner's overs was read.
        case nothingRead

        public var description: String {
            switch self {
            case .nothingSent: "The contact was stopped before the other station sent anything: there is nothing to grade."
            case .nothingRead:
                "Nothing of your overs could be read, so the contact is not graded and nothing is recorded: a grade of nothing read would say you sent nothing right."
            }
        }
    }

    /// The contact's key: the other station's words as sent (the groups), the overs in `qso`.
    public let key: AnswerKey
    public let qso: QSOKey
    public let grade: QSOContactGrade
    /// The copy typed of the other station, as a copy typed into a file for `koch grade`; nil when nothing was typed.
    public let copy: String?
    /// The learner's overs as read, one a line.
    public var sentText: String { grade.readings.map(\.readText).joined(separator: "\n") }

    public init(result: QSOSession.Result, settings: LessonSettings, style: String, learnerSpeedWPM: Double, createdAt: Date) throws {
        guard
            let key = try result.contact.answerKey(
                settings: settings, style: style, learnerSpeedWPM: learnerSpeedWPM, durationSeconds: result.durationSeconds,
                createdAt: createdAt),
            let qso = key.qso
        else { throw Refusal.nothingSent }
        self.key = key
        self.qso = qso
        var copy = ReceiveCopy(key: key)
        for (typed, seconds) in result.copyKeys {
            switch typed {
            case .character(let character): copy.type(character, atLessonSeconds: seconds)
            case .erase: copy.erase(atLessonSeconds: seconds)
            }
        }
        let typedSomething = copy.typedByGroup.contains { !$0.isEmpty }
        self.copy = typedSomething ? copy.text : nil
        let readTexts = result.contact.readings.map(\.readText)
        grade = QSOContactGrade(key: key, qso: qso, readTexts: readTexts, copy: self.copy)
    }

    /// Refuses a contact of which nothing the learner keyed was read (its files may still be kept).
    public func check() throws(Refusal) {
        guard grade.readings.contains(where: { !$0.readText.isEmpty }) else { throw .nothingRead }
    }
}
