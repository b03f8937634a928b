import KochCore
import KochIO
import KochPresentation

/// A lesson request with the learner's progress read: the settings to make its lessons with, the
/// plan they came from and what to tell the learner of them.
public struct PreparedLesson: Sendable {
    public let settings: LessonSettings
    public let plan: LessonPlan
    /// Lines to show under the lesson's heading: what came from the progress file (the level,
    /// weak characters), the pairs a drill sets against each other.
    public let notes: [String]
    /// Why the progress file was not used, to tell once; nil when it was read.
    public let warning: String?
    /// For a contact to answer, the speed the learner's overs are timed for; nil otherwise.
    public let respondSpeedWPM: Double?
    /// What was asked for.
    public let request: LessonRequest

    /// The words, contacts or text the lessons are made of (`LessonContentSource`).
    public func contentSource(templates: Templates) throws -> LessonContentSource {
        try LessonContentSource(
            kind: request.kind, qsoStyle: request.qsoStyle, textFile: request.textFile, skipUnsendable: request.skipUnsendable,
            settings: settings, learnerCourse: plan.course, templates: templates, respondSpeedWPM: respondSpeedWPM)
    }

    /// The lessons to make: `count` of `source`, each of its content at these settings. Every
    /// lesson is made before any file is written, so that content that cannot be made (callsigns
    /// without digits) stops the run clean. `speechSeconds`: how long an answer takes to say.
    public func lessons(from source: LessonContentSource, speechSeconds: ((String) -> Double)? = nil) throws -> [Lesson] {
        let total = source.lessonsToMake(asked: request.count)
        return try (1...total).map { number in
            try Lesson(
                settings: settings, content: try source.content(forLesson: number, settings: settings),
                number: number, count: total, speechSeconds: speechSeconds)
        }
    }

    /// What is said of a drill under the lesson's heading: each pair and what the record says of it.
    public static func notes(_ drill: LessonDrill) -> [String] {
        drill.pairs.map { "drilling \($0.characters.joined(separator: " ")): \($0.text)" }
    }
}
