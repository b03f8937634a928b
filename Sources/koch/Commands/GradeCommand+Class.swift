import ArgumentParser
import Foundation
import KochClass
import KochCore
import KochIO
import KochPresentation

/// `koch grade --pack --returns --roster`: a class's returns graded at once (`ClassGrading`).
extension GradeCommand {
    func validateClass() throws {
        guard returns.pack != nil, returns.returns != nil else {
            throw ValidationError(
                "Grading a class takes --pack FOLDER and --returns FOLDER (and --roster class.csv for a pack that does not name its roster).")
        }
        let single: [(Bool, String)] = [
            (keyOption != nil, "--key"), (transcriptPath != nil, "--transcript"), (audioPath != nil, "--audio"), (eventsPath != nil, "--events"),
            (stoppedAt != nil, "--stopped-at"), (toneHz != nil, "--tone"), (speedWPM != nil, "--wpm"), (json, "--json"), (dryRun, "--dry-run"),
            (partial, "--partial"), (force, "--force"), (progress.path != nil, "--progress"), (heard != nil, "--heard"),
        ]
        if let given = single.first(where: \.0) {
            throw ValidationError(
                "\(given.1) is for grading one lesson; a class's returns are each matched to their lesson and their learner's progress file by the roster."
            )
        }
    }

    func gradeClass() throws {
        guard let given = returns.pack, let folder = returns.returns else { return }
        let (done, gradedAt) = try sessionDates()
        var grading: ClassGrading
        do {
            grading = try ClassGrading.ofPack(
                given, returns: folder, roster: returns.roster, progressFolder: returns.progressFolder, done: done, gradedAt: gradedAt)
        } catch let problem as ClassGrading.RosterProblem {
            throw CommandFailure(description: problem.description)
        }
        grading.replace = replace
        grading.doneGivenWithTime = date.map(LocalTimestamp.givesTimeOfDay)
        let templates = try Templates()
        let result = try grading.run()
        let book = Gradebook(learners: result.learners, notGraded: result.notGraded, today: gradedAt.day)
        // The progress files are written: what was graded is said first, whatever becomes of the gradebook.
        print(ClassGradeText(result: result, book: book).text, terminator: "")
        try GradebookFiles.write(book, graded: result.graded, pack: grading.pack, templates: templates)
        print(ClassGradeText.gradebookLine(pack: grading.pack))
        if !result.notGraded.isEmpty { throw ExitCode.failure }
    }
}
