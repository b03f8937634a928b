import KochCore
import KochIO

extension ClassExport {
    /// Checks that the rows could be a store's own, before one is given them: an edited or damaged
    /// file is refused whole rather than imported in part or served wrong. Each token is a token
    /// (a link handed out opens its learner after the move), each progress and key reads as the
    /// server will read it, each lesson is of a learner of the class and its audio under the data
    /// folder (a path out of it would be served as the lesson's audio), each submission of a lesson
    /// of its learner.
    func check(path: String) throws(ClassExportError) {
        func refuse(_ reason: String) -> ClassExportError { .inconsistent(path: path, reason: reason) }
        var learnerIDs = Set<Int64>()
        for learner in learners {
            guard learner.id > 0, learnerIDs.insert(learner.id).inserted else {
                throw refuse("learner number \(learner.id) is given twice or is not one")
            }
            guard AccessToken(given: learner.linkToken) != nil, AccessToken(given: learner.feedToken) != nil else {
                throw refuse("the tokens of learner \(learner.id) are not the server's tokens")
            }
            do {
                _ = try ProgressStore.decode(Array(learner.progress.utf8), path: "the progress of learner \(learner.id)")
            } catch {
                throw refuse("\(error)")
            }
        }
        var lessonsLearners: [String: Int64] = [:]
        for lesson in lessons {
            guard LessonID(given: lesson.id) != nil, lessonsLearners.updateValue(lesson.learnerID, forKey: lesson.id) == nil else {
                throw refuse("lesson \(lesson.id) is given twice or is no lesson's ID")
            }
            guard learnerIDs.contains(lesson.learnerID) else {
                throw refuse("lesson \(lesson.id) is of learner \(lesson.learnerID), who is not in the class")
            }
            guard Direction(rawValue: lesson.direction) != nil else { throw refuse("lesson \(lesson.id) has no direction") }
            guard Self.isInsideDataFolder(lesson.audioFile) else {
                throw refuse("the audio of lesson \(lesson.id), \(lesson.audioFile), is not a path inside the data folder")
            }
            do {
                _ = try AnswerKeyFile.decode(Array(lesson.key.utf8), path: "the key of lesson \(lesson.id)")
            } catch {
                throw refuse("\(error)")
            }
        }
        var graded = Set<String>()
        for submission in submissions {
            guard lessonsLearners[submission.lessonID] == submission.learnerID, graded.insert(submission.lessonID).inserted else {
                throw refuse("the submission of lesson \(submission.lessonID) is not of a lesson of its learner's, or is given twice")
            }
        }
    }

    /// A path relative to the data folder that stays inside it: no leading `/`, no `..`, no empty part.
    static func isInsideDataFolder(_ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        return !parts.isEmpty && parts.allSatisfy { !$0.isEmpty && $0 != "." && $0 != ".." }
    }
}
