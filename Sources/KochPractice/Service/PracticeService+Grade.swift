import Foundation
import KochClass
import KochCore
import KochIO

extension PracticeService {
    /// Keeps a session's key in `practice/`; returns its path.
    func keep(_ key: AnswerKey, base: String) throws -> String {
        try folder.prepare()
        return try folder.keep(key, baseName: base)
    }

    /// Grades what the session returned against `key` and records it, as `koch grade` would the
    /// same copy, recording or log of key events; tells the grade and the files kept.
    func grade(_ returned: LessonReturn, key: AnswerKey, keyPath: String, stoppedAtSeconds: Double?, source: String) throws {
        let now = LocalTimestamp(date: try self.now(), timeZone: .current)
        let files = PracticeKeptFiles(keyPath: keyPath, lessonID: key.lessonID, progressFile: store.path, sourcePath: source)
        let grade = try lessonGrade(returned, key: key, stoppedAtSeconds: stoppedAtSeconds, at: now, files: files)
        let recorded: RecordedGrade
        do {
            recorded = try grade.record(in: store, replace: false, dryRun: false)
        } catch let refused as SessionRecording.Refusal {
            throw PracticeRefusal.notRecorded(refused, session: grade.session, files: files)
        }
        if let copy = grade.copy { emit(.graded(recorded, copy: copy)) }
        emit(.sessionKept(folder: folder.path, files: [keyPath, source].map(Self.fileName)))
        if let writeFailure = recorded.writeFailure { throw writeFailure }
    }

    /// The one place a live lesson is graded, by the pipeline `koch grade` uses, as a session done live.
    func lessonGrade(
        _ returned: LessonReturn, key: AnswerKey, stoppedAtSeconds: Double?, at now: LocalTimestamp, files: PracticeKeptFiles
    ) throws -> LessonGrade {
        var grading = LessonGrading(key: key, done: now, gradedAt: now)
        grading.live = true
        if case .copy = returned { grading.stoppedAtSeconds = stoppedAtSeconds }
        do {
            return try grading.grade(returned) { emit(.warning($0)) }
        } catch let refused as LessonGrading.Refusal {
            throw PracticeRefusal.lessonNotGraded(refused, files: files)
        }
    }

    /// A kept file's name, as the learner finds it in `practice/`.
    static func fileName(_ path: String) -> String { URL(fileURLWithPath: path).lastPathComponent }
}
