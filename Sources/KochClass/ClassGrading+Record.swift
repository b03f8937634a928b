import KochCore
import KochIO

/// A return graded and recorded in this run.
public struct GradedReturn: Sendable {
    public let path: String
    public let learner: String
    /// The learner's folder in the pack.
    public let folderName: String
    public let lesson: PackLesson
    public let score: Score
    public let outcome: GradeOutcome
    /// The recording a send exercise was read from; nil for a typed copy.
    public let recording: KeyingRecording?
}

extension ClassGrading {
    /// Records a learner's graded returns, one after another, in one locked and atomic update of
    /// their progress file, each by the rule `koch grade` records by. Nothing is written when none is taken.
    /// Returns the progress the file holds afterwards; nil when it could not be updated.
    func record(_ returns: [ReturnEvaluation.Graded], of learner: RosterLoader.Learner, in store: ProgressStore, into result: inout Result)
        -> LearnerProgress?
    {
        let sorted = returns.sorted { $0.job.file.path < $1.job.file.path }
        do {
            let (taken, refused, after) = try store.update { recorded in
                var progress = recorded
                var taken: [GradedReturn] = []
                var refused: [NotGraded] = []
                for graded in sorted {
                    do {
                        let (next, outcome) = try SessionRecording.recording(graded.session, into: progress, replace: replace)
                        progress = next
                        taken.append(
                            GradedReturn(
                                path: graded.job.file.path, learner: learner.name, folderName: learner.folderName, lesson: graded.job.lesson,
                                score: graded.score, outcome: outcome, recording: graded.recording))
                    } catch let refusal as SessionRecording.Refusal {
                        refused.append(NotGraded(path: graded.job.file.path, learner: learner.name, reason: Self.reason(refusal)))
                    }
                }
                return (taken.isEmpty ? nil : progress, (taken, refused, progress))
            }
            result.graded += taken
            result.notGraded += refused
            return after
        } catch {
            for graded in sorted {
                result.notGraded.append(
                    NotGraded(path: graded.job.file.path, learner: learner.name, reason: "not recorded: \(error) \(store.path) was not changed."))
            }
            return nil
        }
    }

    static func reason(_ refusal: SessionRecording.Refusal) -> String {
        switch refusal {
        case let .alreadyGraded(earlier):
            return "lesson \(earlier.lessonID) was already graded (done \(earlier.date.day)); --replace grades it again."
        case let .otherCourse(other):
            return "the learner's level lessons follow the \(other.rawValue) course, and this lesson is from another: not recorded."
        }
    }
}
