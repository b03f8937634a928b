import KochCore

/// Grades a contact answered (a key with `qso`: a QSO lesson to answer, or a contact keyed
/// live) into the sessions to record, both of kind `qso`: the learner's overs as sent (each
/// over as read against the script, with the values they heard), in the send direction, and,
/// where they typed one, their copy of the other station, in the receive direction. A QSO moves
/// neither level nor schedule (`SessionKind.qso`).
///
/// Whatever reads the learner's overs (a paddle log, `grade(events:...)`; a recording of the
/// room; live keying) hands `grade(readTexts:copy:)` one text per over of theirs. An over that
/// could not be read is an empty text: graded as not sent, 0 right. Refused (`Refusal`), and
/// nothing recorded: a date that cannot be when the contact was done; a contact in which
/// nothing of the learner's was read; a copy `LessonGrading` refuses (too short, another
/// lesson's): the whole contact then, not the overs alone, so that what is recorded of a contact
/// is both halves or neither. It opens no progress file: `QSOGrade.record` does.
public struct QSOGrading: Sendable {
    /// The contact's whole key: its groups are the other station's words.
    public let key: AnswerKey
    public let qso: QSOKey
    /// The key of the learner's overs (`AnswerKey.learnerHalf`).
    public let sendKey: AnswerKey
    /// When the contact was done (the learner's clock), and when it is graded.
    public let done: LocalTimestamp
    public let gradedAt: LocalTimestamp
    /// As `LessonGrading.doneGivenWithTime`: nil when `done` is the clock's.
    public var doneGivenWithTime: Bool?
    /// The other lessons a copy could be of (`LessonGrading.otherKeys`).
    public var otherKeys: [AnswerKey] = []
    /// Take a copy even though it does not look like one of this contact.
    public var force = false
    /// The contact was made live at the computer (`koch practice --kind qso`): both sessions say so.
    public var live = false

    /// Why a contact is not graded.
    public enum Refusal: Error, Sendable {
        /// The key is not of a contact to answer: it has no `qso`.
        case notAContact
        /// Nothing of the learner's overs was read; `charactersOutside` were keyed outside the pauses.
        case nothingSent(overs: Int, charactersOutside: Int)
        /// The copy or the date, refused as `LessonGrading` refuses them.
        case lesson(LessonGrading.Refusal)
    }

    public init(key: AnswerKey, done: LocalTimestamp, gradedAt: LocalTimestamp) throws(Refusal) {
        guard let qso = key.qso else { throw .notAContact }
        self.key = key
        self.qso = qso
        sendKey = key.learnerHalf(qso)
        self.done = done
        self.gradedAt = gradedAt
    }

    /// The grade of the learner's overs as read (`readTexts`: one per over of theirs, in order,
    /// empty for one not read) and of their copy of the other station (`copy`), if they typed
    /// one. Throws `Refusal`.
    public func grade(readTexts: [String], copy: String?) throws -> QSOGrade {
        try admit()
        guard readTexts.contains(where: { !$0.allSatisfy(\.isWhitespace) }) else {
            throw Refusal.nothingSent(overs: qso.learnerOvers.count, charactersOutside: 0)
        }
        var received: LessonGrade?
        if let copy {
            var grading = lessonGrading(of: key)
            grading.otherKeys = otherKeys
            grading.force = force
            do {
                received = try grading.grade(.copy(copy))
            } catch let refused as LessonGrading.Refusal {
                throw Refusal.lesson(refused)
            }
        }
        let contact = QSOContactGrade(key: key, qso: qso, readTexts: readTexts, copy: copy)
        var sent = GradedSession(key: sendKey, score: contact.sent, date: done, gradedAt: gradedAt)
        sent.live = live
        return QSOGrade(key: key, contact: contact, sendKey: sendKey, sent: sent, received: received)
    }

    /// Refuses a date that cannot be when the contact was done, before anything is read.
    public func admit() throws(Refusal) {
        do {
            _ = try lessonGrading(of: sendKey).admit(.keying)
        } catch {
            throw .lesson(error)
        }
    }

    private func lessonGrading(of half: AnswerKey) -> LessonGrading {
        var grading = LessonGrading(key: half, done: done, gradedAt: gradedAt)
        grading.doneGivenWithTime = doneGivenWithTime
        grading.live = live
        return grading
    }
}
