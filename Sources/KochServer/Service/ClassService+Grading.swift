import Foundation
import KochAudio
import KochClass
import KochCore
import KochIO

extension ClassService {
    /// A submission graded and recorded: the lesson, the grade as recorded, and the grade as
    /// `koch grade --json` prints it.
    /// Immutable values only (the report is plain data, not marked Sendable where it is defined).
    public struct Graded: @unchecked Sendable {
        public let lesson: LessonRow
        public let recorded: RecordedGrade
        /// The grade as `koch grade --json` gives it.
        public let report: LessonReport
        public let reportJSON: String
    }

    /// Grades a learner's return for one of their lessons by `koch grade`'s pipeline (`Grader`), then
    /// records it in one transaction that reads the progress, applies the one rule every grader shares
    /// (`SessionRecording`) and writes the progress with the submission. A recording is graded first,
    /// against the progress as read (decoding takes a while, and no other learner waits for it), and the
    /// transaction reads the progress again; a typed copy or a count heard, graded in a millisecond or
    /// two, is graded inside the transaction against the progress it reads. A lesson graded before is
    /// refused, and a refusal records nothing.
    public func grade(_ submission: Submission, lessonID: LessonID, of learner: LearnerRow) throws -> Graded {
        guard let lesson = try database.lesson(lessonID, of: learner) else { throw ServerRefusal.unknown }
        try Self.check(submission, takenBy: lesson)
        let received = now()
        var request = GradeRequest(
            key: .given(lesson.key, path: "lesson \(lesson.id)"), progress: ProgressSnapshot(progress: LearnerProgress(), path: ""),
            gradedAt: LocalTimestamp(date: received, timeZone: .current))
        request.otherKeys = []
        request.dryRun = true
        if submission.isKeying, let earlier = try database.submission(of: lesson.id) {
            // A keying graded before is refused before it is read.
            throw ServerRefusal.alreadyGraded(accuracyPercent: earlier.accuracyPercent)
        }
        let upload = try given(submission, to: &request, lesson: lesson)
        defer { if let upload { unlink(upload) } }
        let name = learner.progressName
        let asked = request
        // A keying is read outside the transaction (a recording's decoding takes a while); a copy is graded within it.
        let gradedBefore: RecordedGrade? =
            submission.isKeying ? try Self.dryGrade(request, progress: try database.progress(of: learner), name: name, lesson: lesson) : nil
        let recording = try database.recordSubmission(of: lesson, learner: learner, kind: submission.kind, receivedAt: received) {
            (progress: LearnerProgress) throws -> SubmissionRecording<Kept> in
            let graded = try gradedBefore ?? Self.dryGrade(asked, progress: progress, name: name, lesson: lesson)
            let next: LearnerProgress
            let outcome: GradeOutcome
            do throws(SessionRecording.Refusal) {
                (next, outcome) = try SessionRecording.recording(graded.grade.session, into: progress, replace: false)
            } catch {
                throw GradeRefusalWords.refusal(GradeRefusal.notRecordable(error, session: graded.grade.session), lesson: lesson)
            }
            let recorded = RecordedGrade(grade: graded.grade, outcome: outcome, dryRun: false, writeFailure: nil)
            let report = LessonReport(recorded, progressFile: name).namingRecording("your recording")
            return SubmissionRecording(
                progress: next, report: try Self.json(report), accuracyPercent: graded.grade.session.accuracy * 100, value: Kept(recorded, report))
        }
        return Graded(lesson: lesson, recorded: recording.value.recorded, report: recording.value.report, reportJSON: recording.report)
    }

    /// Puts what the learner sent into the request, as `koch grade` and `koch practice` take it;
    /// returns the path of an upload kept while it is graded (the caller removes it).
    private func given(_ submission: Submission, to request: inout GradeRequest, lesson: LessonRow) throws -> String? {
        switch submission {
        case let .copy(bytes), let .copyStopped(bytes, _):
            guard bytes.count <= limits.copyBytes else { throw ServerRefusal.tooLarge(limitBytes: limits.copyBytes) }
            request.copy = .bytes(bytes)
            if case let .copyStopped(_, stoppedAt) = submission { request.stoppedAtSeconds = stoppedAt }
        case let .recording(bytes):
            let upload = try keepUpload(bytes)
            request.recordingPath = upload
            return upload
        case let .heard(count, stoppedAt):
            request.heard = count
            request.stoppedAtSeconds = stoppedAt
        case let .typedLive(typed, stoppedAt):
            // Placed by koch practice's rule, and graded as its live copy is: to the stop, if the lesson was stopped.
            let graded = ReceiveCopy(
                key: lesson.key, replaying: try LiveTyping.checked(typed, stoppedAtSeconds: stoppedAt, lessonSeconds: lesson.key.durationSeconds)
            )
            .graded(stoppedAtLessonSeconds: stoppedAt)
            request.reading = .lesson(.copy(graded.text))
            request.stoppedAtSeconds = graded.stoppedAtSeconds
            request.live = true
        case let .keyLog(bytes):
            request.reading = .lesson(.events(try keyLog(bytes), path: "your keying", speedWPM: nil, mode: .b))
            request.live = true
        }
        return nil
    }

    /// The grade `Grader` gives the request against `progress`, recording nothing (a dry run): the
    /// transaction records it. A refusal is said in a learner's words.
    private static func dryGrade(_ request: GradeRequest, progress: LearnerProgress, name: String, lesson: LessonRow) throws -> RecordedGrade {
        var request = request
        request.progress = ProgressSnapshot(progress: progress, path: name)
        do {
            guard case let .lesson(graded) = try Grader().grade(request) else {
                throw ServerRefusal.notGradable("This lesson is not graded here.")
            }
            return graded
        } catch {
            throw GradeRefusalWords.refusal(error, lesson: lesson)
        }
    }

    /// Refuses a return of the wrong kind for the lesson before anything is read: a copy or a count
    /// heard is of a lesson to copy, a recording of a send exercise.
    static func check(_ submission: Submission, takenBy lesson: LessonRow) throws {
        switch (submission, lesson.direction) {
        case (.copy, .send), (.copyStopped, .send), (.heard, .send), (.typedLive, .send):
            throw ServerRefusal.notGradable(
                "This is a send exercise: key it, record your keying and send the recording. A typed copy is for a lesson to copy. "
                    + "Nothing was recorded.")
        case (.recording, .receive), (.keyLog, .receive):
            throw ServerRefusal.notGradable(
                "This is a lesson to copy: type what you heard. A keying is for a send exercise. Nothing was recorded.")
        default:
            return
        }
    }

    /// What a recording keeps of the grade.
    private struct Kept: @unchecked Sendable {
        let recorded: RecordedGrade
        let report: LessonReport
        init(_ recorded: RecordedGrade, _ report: LessonReport) {
            self.recorded = recorded
            self.report = report
        }
    }

    /// Keeps an uploaded recording under a name of the server's while it is graded, once it is
    /// found to be a recording no larger and no longer than the limits.
    private func keepUpload(_ bytes: [UInt8]) throws -> String {
        guard bytes.count <= limits.recordingBytes else { throw ServerRefusal.tooLarge(limitBytes: limits.recordingBytes) }
        if case let .notARecording(what) = FileSniffer.content(ofHead: Array(bytes.prefix(FileSniffer.headBytes))) {
            throw ServerRefusal.wrongKind("That file is \(what), not a recording of your keying. Nothing was recorded.")
        }
        let folder = dataFolder + "/uploads"
        try Folder.prepareForWriting(folder)
        let path = folder + "/" + LessonID().text + ".upload"
        try AtomicFile.write(bytes, to: path)
        do {
            try RecordingLength.check(path, limitSeconds: limits.recordingSeconds)
        } catch {
            unlink(path)
            throw error
        }
        return path
    }

    /// One object as JSON, as the command line prints it.
    static func json(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self) + "\n"
    }
}
