import Foundation
import KochCore
import KochIO

/// One return of a class matched to its lesson and graded by `LessonGrading`: a session ready to
/// record, or why it is not graded, in a line of the class's list. Works on one file and touches
/// no progress file, so that many are done at once.
struct ReturnEvaluation: Sendable {
    /// A return matched to one of its learner's lessons, still to be read.
    struct Job: Sendable {
        let file: ReturnsFolder.File
        let learner: RosterLoader.Learner
        let lesson: PackLesson
        /// The copy's text (a transcript), read already to find its lesson; its naming first line removed.
        let copy: String?
        /// Why the return cannot be graded though it names its lesson (an empty file, say): it still
        /// counts as a return of that lesson, so that another return of it is not graded beside it.
        var refusal: String? = nil
    }

    /// A session to record, with the copy it was graded from.
    struct Graded: Sendable {
        let job: Job
        let session: GradedSession
        let copy: GradedCopy

        var score: Score { copy.score }
        /// The recording a send exercise was read from; nil for a typed copy.
        var recording: KeyingRecording? { copy.keying }
    }

    let done: LocalTimestamp
    let gradedAt: LocalTimestamp
    /// Whether `done` was given with a time of day; nil when it was taken from the clock (`LessonGrading.doneGivenWithTime`).
    let doneGivenWithTime: Bool?
    /// Every lesson of the pack, to tell a copy of another lesson.
    let allLessons: [PackLesson]

    func evaluate(_ job: Job) -> Result<Graded, NotGraded> {
        var grading = LessonGrading(key: job.lesson.key, done: done, gradedAt: gradedAt)
        grading.doneGivenWithTime = doneGivenWithTime
        grading.otherKeys = allLessons.map(\.key)
        let returned: LessonReturn = job.file.kind == .transcript ? .copy(job.copy ?? "") : .recording(path: job.file.path)
        let reason: String
        do {
            let grade = try grading.grade(returned)
            // A copy or a recording is always graded from the copy it gives.
            guard let copy = grade.copy else { return .failure(NotGraded(path: job.file.path, learner: job.learner.name, reason: "no copy.")) }
            return .success(Graded(job: job, session: grade.session, copy: copy))
        } catch let refusal as LessonGrading.Refusal {
            reason = self.reason(refusal, of: job.lesson)
        } catch {
            reason = "the recording cannot be read: \(error)"
        }
        return .failure(NotGraded(path: job.file.path, learner: job.learner.name, reason: reason))
    }

    /// Why a return is not graded, in a line of the class's list.
    func reason(_ refusal: LessonGrading.Refusal, of lesson: PackLesson) -> String {
        let id = lesson.lessonID
        switch refusal {
        case .stopOfKeying:
            return "a recording, which is graded up to where the keying ends, given with a stop."
        case .partialKeying:
            return "a recording, which is graded as it was keyed, taken as a partial copy."
        case let .negativeHeard(heard):
            return "\(heard) items heard, but a count heard is 0 or more."
        case .partialWithHeard:
            return "a count of items heard, which is the learner's own count of the lesson, taken as a partial copy."
        case .keyingOfReceiveLesson:
            return "a recording, but lesson \(id) is a receive lesson, graded from a typed copy (.txt)."
        case .notSpoken:
            return "a count of items heard, but lesson \(id) has no spoken answers."
        case let .moreHeardThanItems(heard, items, stop, itemsInLesson) where stop != nil && items < itemsInLesson:
            return "\(heard) items heard, but only \(items) of lesson \(id)'s \(itemsInLesson) were sent before the stop given."
        case let .moreHeardThanItems(heard, items, _, _):
            return "\(heard) items heard, but lesson \(id) has only \(items)."
        case .nothingSentBeforeStop:
            return "nothing of lesson \(id) was sent before the stop given."
        case let .sessionDate(problem):
            return "\(problem)"
        case let .tooShort(coverage) where coverage.isEmpty:
            return "holds no character of lesson \(id): is it the file the copy was typed into?"
        case let .tooShort(coverage):
            return "holds \(coverage.written) characters of lesson \(id), under a quarter of the \(coverage.sent) sent "
                + "(grade a lesson stopped early on its own with koch grade --stopped-at)."
        case let .notPartial(coverage):
            return "holds \(coverage.written) of the \(coverage.sent) characters of lesson \(id), too many for a partial copy."
        case let .keying(refusal):
            return refusal.summary + "; nothing recorded."
        case let .mismatch(mismatch):
            if case let .matchesAnother(otherID, _, _) = mismatch, let other = allLessons.first(where: { $0.lessonID == otherID }),
                other.folderName != lesson.folderName
            {
                return "a copy of another learner's lesson (\(otherID), in \(other.folderName)): \(mismatch)"
            }
            return "\(mismatch) (lesson \(id))"
        }
    }

    /// The text of a typed copy, or why it cannot be graded.
    static func readCopy(_ file: ReturnsFolder.File) -> Result<String, NotGradedReason> {
        let bytes: [UInt8]
        do {
            guard let read = try FileBytes.read(file.path) else { return .failure(.init("the file went missing while it was graded.")) }
            bytes = read
        } catch {
            return .failure(.init("the file cannot be read: \(error)"))
        }
        var text: String
        do {
            text = try Transcript.text(of: bytes)
        } catch .tooLong(let count) {
            return .failure(.init("\(count) bytes, far more than a lesson's copy: is it the right file?"))
        } catch {
            return .failure(.init("not UTF-8 text: save the copy as plain text."))
        }
        // A byte-order mark (Windows editors write one) would hide a first line that names the lesson.
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        guard text.contains(where: { !$0.isWhitespace }) else { return .failure(.init("the file is empty.")) }
        return .success(text)
    }

    /// Why a return is not graded, before it is tied to a learner's list.
    struct NotGradedReason: Error {
        let text: String
        init(_ text: String) { self.text = text }
    }
}
