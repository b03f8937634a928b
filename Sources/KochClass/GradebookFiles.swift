import Foundation
import KochCore
import KochIO
import KochPresentation

/// Writes the gradebook into the pack, each file atomically: `gradebook.csv`, `gradebook.html`, and
/// in `feedback/` a page for each learner, with the fist reports of the recordings graded.
public enum GradebookFiles {
    /// Writes the fist reports of `graded` recordings, then the gradebook and the learners' pages; returns the paths written.
    @discardableResult
    public static func write(_ book: Gradebook, graded: [GradedReturn], pack: String, templates: Templates) throws -> [String] {
        try Folder.prepareForWriting(pack + "/" + GradebookPages.feedbackFolder)
        var written: [String] = []
        for item in graded {
            let path = pack + "/" + GradebookPages.fistPath(folderName: item.folderName, lessonID: item.lesson.lessonID)
            guard let fist = item.recording?.fist else {
                // Graded again from a typed copy: the fist report of an earlier recording no longer stands.
                if FileManager.default.fileExists(atPath: path) { try FileManager.default.removeItem(atPath: path) }
                continue
            }
            try AtomicFile.write(
                (["Lesson \(item.lesson.lessonID), from \(URL(fileURLWithPath: item.path).lastPathComponent)"] + FistText(report: fist).lines)
                    .joined(separator: "\n") + "\n", to: path)
            written.append(path)
        }
        let csv = pack + "/" + GradebookPages.csvName
        try AtomicFile.write(GradebookCSV.text(book), to: csv)
        let page = pack + "/" + GradebookPages.gradebookName
        let title = "Gradebook of " + URL(fileURLWithPath: pack).standardizedFileURL.lastPathComponent
        try AtomicFile.write(try templates.render("pack/gradebook.html", GradebookPages.gradebook(book, title: title)), to: page)
        written += [csv, page]
        for learner in book.learners {
            let path = pack + "/" + GradebookPages.feedbackPath(learner)
            let context = GradebookPages.feedback(book, learner, fists: fists(of: learner, pack: pack))
            try AtomicFile.write(try templates.render("pack/feedback.html", context), to: path)
            written.append(path)
        }
        return written
    }

    /// The fist reports kept for the learner's graded lessons (without their first line, which names the file).
    private static func fists(of learner: Gradebook.Learner, pack: String) -> [String: [String]] {
        var fists: [String: [String]] = [:]
        for row in learner.rows {
            let path = pack + "/" + GradebookPages.fistPath(folderName: learner.folderName, lessonID: row.lessonID)
            guard let bytes = try? FileBytes.read(path) else { continue }
            fists[row.lessonID] = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).dropFirst()
                .map(String.init).filter { !$0.isEmpty }
        }
        return fists
    }
}
