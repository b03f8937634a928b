import KochAudio
import KochCore
import KochDecoding

/// A recording of a contact to answer, graded: the learner's overs as read from its pauses
/// (`QSORecordingReading`) against the script, both halves (`QSOContactGrade`: the copy of the
/// other station only where one was typed), and the learner's half as the session to record:
/// a QSO in the send direction, which moves neither level nor schedule.
public struct QSORecordingGrade: Sendable {
    public let reading: QSORecordingReading
    public let contact: QSOContactGrade
    /// The learner's half as a lesson graded (`LessonGrade.record` records it).
    public let lesson: LessonGrade

    /// Why a recording of a contact is not graded; nothing is recorded for it.
    public enum Refusal: Error, Sendable {
        /// The recording could not be read as one of this contact (`QSORecordingReading.Refusal`).
        case unread(QSORecordingReading.Refusal)
        /// The learner's keying was read, but its reading is doubtful as keying.
        case doubtful([DoubtfulReading])
        /// The lesson or the date refused (`LessonGrading.admit`).
        case lesson(LessonGrading.Refusal)
    }

    /// Grades the recording at `path` of `grading`'s key (one with `qso`), the copy of the other
    /// station `copy` if one was typed. Throws `Refusal`, and the reader's errors.
    public static func grade(recording path: String, grading: LessonGrading, copy: String? = nil) throws -> QSORecordingGrade {
        guard let qso = grading.key.qso else { throw Refusal.lesson(.keyingOfReceiveLesson) }
        // koch's own audio of the lesson holds no learner: it must never pass for a recording of the contact.
        if let lesson = LessonAudio.lessonID(ofFile: path) { throw AudioError.lessonAudio(path: path, lesson: lesson) }
        var half = LessonGrading(key: grading.key.learnerHalf(qso), done: grading.done, gradedAt: grading.gradedAt)
        half.doneGivenWithTime = grading.doneGivenWithTime
        do {
            _ = try half.admit(.keying)
        } catch {
            throw Refusal.lesson(error)
        }
        let reading: QSORecordingReading
        do {
            reading = try QSORecordingReading.read(try RecordingFile.open(path), key: grading.key, qso: qso)
        } catch let refused as QSORecordingReading.Refusal {
            throw Refusal.unread(refused)
        }
        return try graded(reading, grading: grading, copy: copy)
    }

    /// Grades a reading of `grading`'s contact; refuses one the decoder doubts.
    public static func graded(_ reading: QSORecordingReading, grading: LessonGrading, copy: String? = nil) throws(Refusal) -> QSORecordingGrade {
        guard let qso = grading.key.qso else { throw .lesson(.keyingOfReceiveLesson) }
        guard reading.doubts.isEmpty else { throw .doubtful(reading.doubts) }
        let contact = QSOContactGrade(key: grading.key, qso: qso, readTexts: reading.readTexts, copy: copy)
        let half = grading.key.learnerHalf(qso)
        let session = GradedSession(key: half, score: contact.sent, date: grading.done, gradedAt: grading.gradedAt)
        let text = reading.readTexts.joined(separator: "\n")
        let lesson = LessonGrade(
            key: half, groupsInLesson: nil, session: session, copy: GradedCopy(text: text, score: contact.sent, keying: nil, unreadable: []))
        return QSORecordingGrade(reading: reading, contact: contact, lesson: lesson)
    }
}
