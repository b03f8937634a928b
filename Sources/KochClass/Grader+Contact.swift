import Foundation
import KochCore
import KochIO

extension Grader {
    /// A contact answered, graded by `QSOGrading` from a log of the learner's paddles, a
    /// recording of the contact played aloud, or overs read live; both halves recorded in one write.
    func gradeContact(_ request: GradeRequest, key: AnswerKey, keyPath: String) throws(GradeRefusal) -> GradeResult {
        if let path = request.recordingPath { try Self.checkContactRecording(path, request: request) }
        let source = request.eventsPath ?? request.recordingPath ?? keyPath
        var grading: QSOGrading
        do {
            grading = try QSOGrading(key: key, done: request.done ?? request.gradedAt, gradedAt: request.gradedAt)
        } catch {
            throw .contact(error, lessonID: key.lessonID, source: source)
        }
        grading.doneGivenWithTime = request.doneGivenWithTime
        grading.force = request.force
        grading.live = request.live
        grading.otherKeys = Self.otherKeys(for: request, keyPath: keyPath)
        let grade: QSOGrade
        do {
            grade = try contactGrade(request, grading: grading)
        } catch let refused as QSOGrading.Refusal {
            throw .contact(refused, lessonID: key.lessonID, source: source)
        } catch let refused as KeyingCheck.Refusal {
            throw .contact(.lesson(.keying(refused)), lessonID: key.lessonID, source: source)
        } catch let refused as QSORecordingGrade.Refusal {
            throw .contactRecording(refused, path: source)
        } catch let refusal as GradeRefusal {
            throw refusal
        } catch {
            throw .unreadable(error)
        }
        let recorded: RecordedQSOGrade
        do {
            recorded = try grade.record(in: request.progress, replace: request.replace, dryRun: request.dryRun)
        } catch let refused as SessionRecording.Refusal {
            throw .notRecordable(refused, session: grade.sent)
        } catch {
            throw .unreadable(error)
        }
        if let failure = recorded.writeFailure { throw .notWritten(.contact(recorded), failure) }
        return .contact(recorded)
    }

    /// Both halves graded from what the request gives: the copy is read before the overs.
    private func contactGrade(_ request: GradeRequest, grading: QSOGrading) throws -> QSOGrade {
        if case let .overs(texts, copy) = request.reading { return try grading.grade(readTexts: texts, copy: copy) }
        let copy = try request.copy.map(Self.copyText)
        if let path = request.eventsPath {
            let log = try PaddleLogFile.read(path, mapping: request.keyMapping ?? .usual)
            return try grading.grade(events: log, path: path, speedWPM: request.speedWPM, mode: request.mode ?? .b, copy: copy, warn: warn)
        }
        return try QSORecordingGrade.grade(recording: request.recordingPath ?? "", grading: grading, copy: copy)
    }

    /// Refuses a recording of a contact steered by hand, or that is not there, before anything is read.
    private static func checkContactRecording(_ path: String, request: GradeRequest) throws(GradeRefusal) {
        // koch finds the lesson's station by its keying, and the learner's sidetone in the pauses.
        if request.toneHz != nil || request.speedWPM != nil { throw .steeredContactRecording }
        do {
            try FileError.checkNotFolder(path, expected: "the recording of your contact")
        } catch {
            throw .unreadable(error)
        }
        guard FileManager.default.fileExists(atPath: path) else { throw .noRecording(path: path, ofContact: true) }
    }
}
