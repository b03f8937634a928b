import Foundation
import KochCore
import KochLessons
import KochPresentation

extension LessonCommand {
    /// Prints what making the lessons tells: the warning on standard error, the heading with its
    /// notes, then each lesson with its files as it is written.
    static func tell(_ event: LessonMaking.Event) {
        switch event {
        case .warning(let warning):
            FileHandle.standardError.write(Data("Warning: \(warning)\n".utf8))
        case .heading(let heading):
            let settings = heading.prepared.settings
            print(describe(settings) + ", seed \(settings.seed):")
            for note in heading.prepared.notes { print("  " + note) }
            if let style = heading.onlyQSOStyle {
                print("  QSO style \(style), for level \(settings.level) of \(heading.prepared.plan.course.lastLevel) (--qso-style chooses another)")
            }
        case .written(let written):
            let lesson = written.lesson
            print("  lesson \(lesson.number) of \(lesson.count): \(AnswerSheet.minuteSecond(lesson.timeline.durationSeconds)), \(contents(lesson))")
            for file in written.files { print("    \(file)") }
            if written.replacedFileCount > 0 {
                print("    (replacing \(DayText.count(written.replacedFileCount, "file")) of an earlier run with this seed and these settings)")
            }
        }
    }
}
