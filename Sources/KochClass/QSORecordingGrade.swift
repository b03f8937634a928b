import KochAudio
import KochCore
import KochDecoding

/// Where a recording of a contact placed the lesson, for the grade's report.
public struct QSORecordingPlacement: Sendable, Hashable {
    public let file: String
    /// The recording's second at which the lesson's 0:00 falls.
    public let lessonFoundAtSeconds: Double
    /// Recording seconds per lesson second (a phone's clock, against the lesson's).
    public let clockRate: Double
    /// The pitch the learner's keying was read at.
    public let learnerToneHz: Double?
}

/// A recording of a contact to answer, graded: the learner's overs as read from its pauses
/// (`QSORecordingReading`), graded by `QSOGrading` as a paddle log's are (both halves: the copy
/// of the other station where one was typed), with where the lesson was found.
public enum QSORecordingGrade {
    /// Why a recording of a contact is not graded; nothing is recorded for it.
    public enum Refusal: Error, Sendable {
        /// The recording could not be read as one of this contact (`QSORecordingReading.Refusal`).
        case unread(QSORecordingReading.Refusal)
        /// The learner's keying was read, but its reading is doubtful as keying.
        case doubtful([DoubtfulReading])
    }

    /// Grades the recording at `path` of `grading`'s contact, with the copy of the other station
    /// `copy` if one was typed. Throws `Refusal`, `QSOGrading.Refusal` and the reader's errors.
    public static func grade(recording path: String, grading: QSOGrading, copy: String?) throws -> QSOGrade {
        // koch's own audio of the lesson holds no learner: it must never pass for a recording of the contact.
        if let lesson = LessonAudio.lessonID(ofFile: path) { throw AudioError.lessonAudio(path: path, lesson: lesson) }
        try grading.admit()
        let reading: QSORecordingReading
        do {
            reading = try QSORecordingReading.read(try RecordingFile.open(path), key: grading.key, qso: grading.qso)
        } catch let refused as QSORecordingReading.Refusal {
            throw Refusal.unread(refused)
        }
        guard reading.doubts.isEmpty else { throw Refusal.doubtful(reading.doubts) }
        var grade = try grading.grade(readTexts: reading.readTexts, copy: copy)
        grade.recording = QSORecordingPlacement(
            file: path, lessonFoundAtSeconds: reading.alignment.offsetSeconds, clockRate: reading.alignment.rate,
            learnerToneHz: reading.learnerToneHz)
        return grade
    }
}
