import Foundation
import KochCore
import KochIO
import KochLessons
import KochPresentation

extension PracticeService {
    /// The lesson asked for, in `direction`, prepared as `koch lesson` prepares it
    /// (`LessonRequest.prepared`): its settings, plan and notes from one read of the progress file,
    /// a send exercise's on a clear band. A file that could not be read is warned of; a drill with
    /// nothing confused is refused before anything is told.
    func prepared(direction: Direction) throws -> PreparedLesson {
        var asked = request.lesson
        asked.direction = direction
        // The learner keys a send exercise at the computer: no band between them and their key.
        if direction == .send { asked.conditions = .clear }
        let prepared: PreparedLesson
        do {
            prepared = try asked.prepared(progress: store)
        } catch let nothing as NothingConfused {
            throw PracticeRefusal.nothingConfused(nothing.confusions, course: nothing.course)
        }
        if let warning = prepared.warning { emit(.warning("Warning: \(warning)")) }
        return prepared
    }

    /// Tells what of the lesson came from the progress file (the level, the weak characters) and
    /// the pairs a drill sets against each other.
    func tellNotes(of prepared: PreparedLesson) {
        for note in prepared.notes { emit(.planNote(note)) }
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
        let prepared = try prepared(direction: direction)
        let settings = prepared.settings
        let source = try prepared.contentSource(templates: try Templates())
        let lesson = try Lesson(settings: settings, content: try source.content(forLesson: 1, settings: settings))
        emit(.lesson(settings, origin: .made))
        tellNotes(of: prepared)
        return PracticeLesson(lesson: lesson, createdAt: CreationDate.date(now: try now()))
    }
}
