import Foundation
import KochClass
import KochCore
import KochIO
import KochLessons

extension PracticeService {
    /// The lesson's settings at the learner's level in `direction` (or the level asked), as
    /// `koch lesson` makes them, with its plan and a note of what came from the progress file.
    func settings(direction: Direction) throws -> (LessonSettings, plan: LessonPlan, note: String?) {
        var settings = request.settings
        let (plan, note) = try learnerPlan(direction: direction)
        settings.level = plan.level
        settings.direction = direction
        settings.extraWeight = plan.extraWeight
        if direction == .send { settings.conditions = .clear }
        settings.seed = request.seed ?? LessonSettings.randomSeed()
        settings.drill = try lessonDrill(direction: direction, course: plan.course)
        return (settings, plan, note)
    }

    /// The plan for a lesson in `direction` at the level asked (nil: the learner's), from one read
    /// of the progress file; an unreadable one is warned of and planned without.
    func learnerPlan(direction: Direction) throws -> (plan: LessonPlan, note: String?) {
        let plan: LessonPlan
        switch try LessonPlan.planning(level: request.level, lesson: request.lessonCourse, direction: direction, progress: store.read) {
        case .planned(let planned):
            plan = planned
        case .plannedWithoutProgress(let planned, let error):
            emit(.warning("Warning: \(error) Making the lesson without your weak characters."))
            plan = planned
        }
        var notes: [String] = []
        if plan.levelFromProgress { notes.append("your \(direction.rawValue) level, from \(store.path)") }
        if !plan.weakCharacters.isEmpty {
            notes.append("your weak characters come up more often: \(plan.weakCharacters.joined(separator: " "))")
        }
        return (plan, notes.isEmpty ? nil : notes.joined(separator: "; "))
    }

    /// The drill of the pairs the learner confused lately in `direction`; nil where none was asked.
    func lessonDrill(direction: Direction, course: KochCourse) throws -> LessonDrill? {
        guard request.drill != nil else { return nil }
        let confusions = ConfusedPairs(progress: try store.read(), direction: direction)
        guard let made = LessonDrill(confusions: confusions) else { throw PracticeRefusal.nothingConfused(confusions, course: course) }
        return made
    }

    /// The lesson to practise: made at the learner's level, or read from the key given.
    func lesson(direction: Direction) throws -> PracticeLesson {
        if let keyPath = request.keyPath {
            let key = try AnswerKeyFile.read(keyPath)
            do {
                let practice = try PracticeLesson(key: key)
                emit(.lesson(key.settings, origin: .key(keyPath)))
                return practice
            } catch .spoken {
                throw PracticeRefusal.spokenKey(path: keyPath)
            } catch {
                throw PracticeRefusal.keyNotReproducible(path: keyPath, lessonID: key.lessonID)
            }
        }
        let (settings, plan, note) = try settings(direction: direction)
        let templates = try Templates()
        let source = try LessonContentSource(
            kind: settings.kind, qsoStyle: request.qsoStyle, textFile: request.textFile, skipUnsendable: request.skipUnsendable,
            settings: settings, learnerCourse: plan.course, templates: templates)
        let lesson = try Lesson(settings: settings, content: try source.content(forLesson: 1, settings: settings))
        emit(.lesson(settings, origin: .made))
        if let note { emit(.planNote(note)) }
        if let drill = settings.drill { emit(.drill(drill)) }
        return PracticeLesson(lesson: lesson, createdAt: CreationDate.date(now: try now()))
    }
}
