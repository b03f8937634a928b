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

    /// Grades what the session returned against `key` and records it through `Grader`, as
    /// `koch grade` would the same copy, recording or log of key events; tells the grade and the
    /// files kept, then a progress file that could not be written.
    func grade(_ returned: LessonReturn, key: AnswerKey, keyPath: String, stoppedAtSeconds: Double?, source: String) throws {
        let now = LocalTimestamp(date: try self.now(), timeZone: .current)
        let files = PracticeKeptFiles(keyPath: keyPath, lessonID: key.lessonID, progressFile: store.path, sourcePath: source)
        var request = GradeRequest(key: .given(key, path: keyPath), progress: store, gradedAt: now)
        request.reading = .lesson(returned)
        request.live = true
        // A keying is graded up to where it ends: only a copy has a stop.
        if case .copy = returned { request.stoppedAtSeconds = stoppedAtSeconds }
        let (result, writeFailure) = try gradedLesson(request, files: files)
        guard case .lesson(let recorded) = result else { return }
        if let copy = recorded.grade.copy { emit(.graded(recorded, copy: copy)) }
        emit(.sessionKept(folder: folder.path, files: [keyPath, source].map(Self.fileName)))
        if let writeFailure { throw writeFailure }
    }

    /// The grade `Grader` gives `request`, with the failure to write the progress file where it
    /// could not be; its refusals as practice words them, each naming the files kept.
    func gradedLesson(_ request: GradeRequest, files: PracticeKeptFiles) throws -> (GradeResult, writeFailure: FileError?) {
        let warnings = GradeWarnings()
        defer { for warning in warnings.taken() { emit(.warning(warning)) } }
        do {
            return (try Grader(warn: warnings.add).grade(request), nil)
        } catch .notWritten(let result, let failure) {
            return (result, failure)
        } catch .lesson(let refused, _) {
            throw PracticeRefusal.lessonNotGraded(refused, files: files)
        } catch .notRecordable(let refused, let session) {
            throw PracticeRefusal.notRecorded(refused, session: session, files: files)
        } catch .unreadable(let error) {
            throw error
        }
    }

    /// A kept file's name, as the learner finds it in `practice/`.
    static func fileName(_ path: String) -> String { URL(fileURLWithPath: path).lastPathComponent }
}
