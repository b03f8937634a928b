import KochAudio
import KochClass
import KochCore

/// What the server says of a return `Grader` did not grade, in a learner's words: no command-line
/// options, no paths of the server's, and always that nothing was recorded.
enum GradeRefusalWords {
    static func refusal(_ error: any Error, lesson: LessonRow) -> ServerRefusal {
        if let refusal = error as? ServerRefusal { return refusal }
        guard let refusal = error as? GradeRefusal else { return unreadable(error) }
        switch refusal {
        case let .lesson(lessonRefusal, _):
            return words(lessonRefusal, lesson: lesson)
        case let .copyNotText(problem):
            switch problem {
            case .notUTF8: return .wrongKind("That is not text: send your copy as the letters you wrote down. Nothing was recorded.")
            case .tooLong: return .tooLarge(limitBytes: Transcript.maximumBytes)
            }
        case let .notRecordable(.alreadyGraded(earlier), _):
            return .alreadyGraded(accuracyPercent: earlier.accuracy * 100)
        case let .notRecordable(.otherCourse(course), _):
            return .notGradable(
                "Your level lessons follow the \(course.rawValue) course, and this lesson is of another: it was not recorded, "
                    + "so that your level stays the course's. Ask your teacher.")
        case let .unreadable(error):
            return unreadable(error)
        default:
            return .notGradable("This return cannot be graded for this lesson. Nothing was recorded.")
        }
    }

    private static func words(_ refusal: LessonGrading.Refusal, lesson: LessonRow) -> ServerRefusal {
        switch refusal {
        case .keyingOfReceiveLesson:
            return .notGradable("This is a lesson to copy: type what you heard. A recording is for a send exercise. Nothing was recorded.")
        case .notSpoken:
            return .notGradable(
                "This lesson has no spoken answers, so it is not scored by how many you heard: type your copy instead. Nothing was recorded.")
        case let .negativeHeard(count):
            return .badRequest("The number you heard must be 0 or more, not \(count). Nothing was recorded.")
        case let .moreHeardThanItems(heard, items, _, _):
            return .badRequest(
                "You heard \(heard), but the lesson has \(items) items up to where you stopped: give how many of those you got right. "
                    + "Nothing was recorded.")
        case .nothingSentBeforeStop:
            return .notGradable("You stopped before the first group had ended: there is nothing to grade yet. Nothing was recorded.")
        case let .tooShort(coverage):
            return .notGradable(
                "Your copy has \(coverage.written) characters of the \(coverage.sent) sent, under a quarter of the lesson: "
                    + "copy the whole lesson, or say where you stopped. Nothing was recorded.")
        case let .keying(check):
            return .notGradable("Your keying could not be graded: \(check.summary). Nothing was recorded; try recording it again.")
        case let .mismatch(mismatch):
            switch mismatch {
            case .matchesAnother:
                return .notGradable(
                    "That copy looks like another lesson's, not this one's (\(lesson.title)). Nothing was recorded: "
                        + "send it from the page of the lesson you copied.")
            case .matchesNothing:
                return .notGradable(
                    "That copy matches almost nothing of this lesson (\(lesson.title)): is it the right lesson? Nothing was recorded.")
            }
        default:
            return .notGradable("This return cannot be graded for this lesson. Nothing was recorded.")
        }
    }

    private static func unreadable(_ error: any Error) -> ServerRefusal {
        if let audio = error as? AudioError {
            if case .lessonAudio = audio { return .notGradable(RecordingLength.words(audio)) }
            return .wrongKind(RecordingLength.words(audio))
        }
        return .notGradable("This return could not be graded. Nothing was recorded.")
    }
}
