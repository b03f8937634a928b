import KochCore
import KochIO

/// The one entry point for grading a lesson's return and recording it: what every front end
/// calls (`koch grade`, live practice, a server's routes), with a request in and the recorded
/// grade or a typed refusal out. It prints nothing, exits nothing, reads no clock.
///
/// It reads the key, then chooses the grader by what the key is and what was given:
///
/// | key | given | graded by |
/// |---|---|---|
/// | a contact to answer | a log of key events or a recording (and a copy, if typed), or overs read live | `QSOGrading` (a recording: `QSORecordingGrade`) |
/// | any other | a keying and a copy together | refused: `notAContact` |
/// | any | a copy, a keying, a count heard, or a reading of a live session | `LessonGrading` |
///
/// A copy is checked against the other lessons it could be of (the keys beside a key file,
/// or `GradeRequest.otherKeys`), unless it is forced, a count heard, or typed live against
/// the very lesson played. What is graded is recorded in one write (`SessionRecording`), both
/// halves of a contact or neither; a refusal leaves the progress file as it was.
public struct Grader: Sendable {
    /// Told of each stretch of a recording where the key seemed stuck down, as it is found.
    public let warn: @Sendable (String) -> Void

    public init(warn: @escaping @Sendable (String) -> Void = { _ in }) {
        self.warn = warn
    }

    /// Grades `request` and records it, unless it is a dry run.
    public func grade(_ request: GradeRequest) throws(GradeRefusal) -> GradeResult {
        if let conflict = request.conflict { throw .conflict(conflict) }
        let (key, keyPath) = try Self.key(of: request)
        var oversGiven = false
        if case .overs = request.reading { oversGiven = true }
        if key.qso != nil && request.keyingGiven || oversGiven {
            return try gradeContact(request, key: key, keyPath: keyPath)
        }
        if request.keyingGiven, request.copy != nil { throw .notAContact }
        return try gradeLesson(request, key: key, keyPath: keyPath)
    }

    /// A lesson's return graded by `LessonGrading`, then recorded.
    private func gradeLesson(_ request: GradeRequest, key: AnswerKey, keyPath: String) throws(GradeRefusal) -> GradeResult {
        var grading = LessonGrading(key: key, done: request.done ?? request.gradedAt, gradedAt: request.gradedAt)
        grading.doneGivenWithTime = request.doneGivenWithTime
        grading.stoppedAtSeconds = request.stoppedAtSeconds
        grading.partial = request.partial
        grading.force = request.force
        grading.live = request.live
        grading.otherKeys = Self.otherKeys(for: request, keyPath: keyPath)
        let grade: LessonGrade
        do {
            grade = try grading.grade(try Self.lessonReturn(of: request, admittedBy: grading), warn: warn)
        } catch let refused as LessonGrading.Refusal {
            throw .lesson(refused, lessonID: key.lessonID)
        } catch let refusal as GradeRefusal {
            throw refusal
        } catch {
            throw .unreadable(error)
        }
        let recorded: RecordedGrade
        do {
            recorded = try grade.record(in: request.progress, replace: request.replace, dryRun: request.dryRun)
        } catch let refused as SessionRecording.Refusal {
            throw .notRecordable(refused, session: grade.session)
        } catch {
            throw .unreadable(error)
        }
        if let failure = recorded.writeFailure { throw .notWritten(.lesson(recorded), failure) }
        return .lesson(recorded)
    }

    /// The key the request names, and where it is.
    private static func key(of request: GradeRequest) throws(GradeRefusal) -> (key: AnswerKey, path: String) {
        switch request.key {
        case let .given(key, path):
            return (key, path)
        case let .file(path):
            do {
                return (try AnswerKeyFile.read(path), path)
            } catch {
                throw .unreadable(error)
            }
        }
    }
}
