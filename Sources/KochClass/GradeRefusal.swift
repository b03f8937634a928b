import KochCore
import KochIO

/// Why `Grader` graded or recorded nothing; each front end says it in its own words. Whatever
/// the refusal, the progress file is as it was, save `notWritten`, where it could not be changed.
public enum GradeRefusal: Error, Sendable {
    /// What was given together cannot be (`GradeRequest.conflict`).
    case conflict(GradeRequest.Conflict)
    /// A keying and a copy given for a key that is not of a contact to answer.
    case notAContact
    /// A sidetone or speed given for the recording of a contact, whose keying koch finds itself.
    case steeredContactRecording
    /// No recording at the path given; `ofContact`: the key is a contact's.
    case noRecording(path: String, ofContact: Bool)
    /// No copy in the file given.
    case noCopy(path: String)
    /// The copy is not text, or far too long for one (`Transcript.BytesProblem`).
    case copyNotText(Transcript.BytesProblem)
    /// The return refused as `LessonGrading` refuses it, against the lesson `lessonID`.
    case lesson(LessonGrading.Refusal, lessonID: String)
    /// The contact refused as `QSOGrading` refuses it; `source` is what the overs were read from.
    case contact(QSOGrading.Refusal, lessonID: String, source: String)
    /// The recording of the contact at `path` could not be read as one (`QSORecordingGrade.Refusal`).
    case contactRecording(QSORecordingGrade.Refusal, path: String)
    /// The session may not be recorded (`SessionRecording.Refusal`): `session` is the one refused.
    case notRecordable(SessionRecording.Refusal, session: GradedSession)
    /// Graded, but the progress file could not be written: the grade stands, unrecorded.
    case notWritten(GradeResult, FileError)
    /// A file that could not be read (the key, the progress file, a recording, a log), in its own words.
    case unreadable(any Error)
}
