import Foundation
import KochCore

/// An answer key with the given groups, as koch would write it.
func answerKey(_ groups: [String], level: Int = 2, course: KochCourse = .letters, direction: Direction = .receive) -> AnswerKey {
    var settings = LessonSettings()
    settings.level = level
    settings.course = course
    settings.direction = direction
    settings.minutes = 0.5
    settings.introduction = false
    // Random groups of a level can always be made.
    var key = AnswerKey(lesson: try! Lesson(settings: settings), createdAt: Date(timeIntervalSince1970: 0))
    key.groups = groups.enumerated().map { index, text in
        AnswerKey.Group(groupNumber: index + 1, text: text, startSeconds: Double(index), endSeconds: Double(index) + 0.5)
    }
    return key
}
