import Foundation
import KochClass
import KochCore
import KochIO

extension ClassService {
    /// The class's gradebook as `koch grade --pack` makes it: every learner (returned or not), each
    /// lesson of theirs graded with its levels before and after, weak characters, what is due.
    public func gradebook() throws -> Gradebook {
        let learners = try database.learners().map { learner in
            let lessons = try database.lessons(of: learner.id).map { lesson in
                PackLesson(key: lesson.key, baseName: lesson.id.text, folderName: Self.folderName(learner), keyPath: "lesson \(lesson.id)")
            }
            let roster = RosterLoader.Learner(
                name: learner.name, line: Int(learner.id), folderName: Self.folderName(learner), progressPath: learner.progressName, level: nil)
            return ClassLearner(learner: roster, lessons: lessons, progress: try? database.progress(of: learner))
        }
        return Gradebook(learners: learners, notGraded: [], today: today)
    }

    /// `learner-3`: a learner's name in the gradebook's links, from their number (never from their name).
    static func folderName(_ learner: LearnerRow) -> String { "learner-\(learner.id)" }

    /// The gradebook's CSV, as `koch grade --pack` writes it.
    public func gradebookCSV() throws -> String { GradebookCSV.text(try gradebook()) }

    /// The gradebook's page, as `koch grade --pack` writes it, each learner linked to their report on the server.
    public func gradebookPage(title: String) throws -> String {
        let book = try gradebook()
        var context = GradebookPages.gradebook(book, title: title)
        if var learners = context["learners"] as? [[String: Any]] {
            for (index, learner) in book.learners.enumerated() where index < learners.count {
                learners[index]["feedback"] = "/teacher/learners/" + learner.folderName.dropFirst("learner-".count) + "/report"
            }
            context["learners"] = learners
        }
        return try templates.render("pack/gradebook.html", context)
    }
}
