import Testing

@testable import KochCore

/// The level, course and weights a lesson is made with.
@Suite struct LessonPlanTests {
    let groups = LessonCourse(kind: .groups, asked: nil)

    /// A learner at receive level 4 (two passing level lessons) who often mistakes R.
    func learner() -> LearnerProgress {
        var weak = CharacterStatistics()
        weak.attempts = 10
        weak.correct = 3
        var first = session(day: 0, correct: 95)
        first.characters = ["R": weak]
        return LearnerProgress(sessions: [first, session(day: 1, correct: 95, level: 3)])
    }

    @Test func aLevelAskedForIsTakenAndTheLearnersWeakCharactersWeighed() {
        let plan = LessonPlan(level: 6, lesson: groups, direction: .receive, progress: learner())
        #expect(plan.level == 6 && plan.course == .letters && !plan.levelFromProgress)
        #expect(plan.extraWeight == ["R": WeakCharacters.extraWeightUnder50Percent])
        #expect(plan.weakCharacters == ["R"])
    }

    @Test func withoutALevelTheLearnersIsTakenInTheirDirection() {
        let receive = LessonPlan(level: nil, lesson: groups, direction: .receive, progress: learner())
        #expect(receive.level == 4 && receive.levelFromProgress)
        let send = LessonPlan(level: nil, lesson: groups, direction: .send, progress: learner())
        #expect(send.level == 2 && !send.levelFromProgress && send.extraWeight.isEmpty)
    }

    @Test func aFullCourseLearnersLevelIsAtMostTheLastOfTheCourseAskedForWhileTheirCourseStays() {
        let sessions = (0..<29).map { index in
            var lesson = session(day: index, correct: 95, level: 2 + index)
            lesson.course = .full
            return lesson
        }
        let plan = LessonPlan(level: nil, lesson: groups, direction: .receive, progress: LearnerProgress(sessions: sessions))
        #expect(plan.level == 26 && plan.course == .full)
        let full = LessonPlan(
            level: nil, lesson: LessonCourse(kind: .groups, asked: .full), direction: .receive, progress: LearnerProgress(sessions: sessions))
        #expect(full.level == 31)
    }

    @Test func aProgressThatCouldNotBeReadLeavesTheLevelAskedForWithoutWeights() {
        let plan = LessonPlan(level: 30, lesson: LessonCourse(kind: .qso, asked: nil), direction: .receive, progress: nil)
        #expect(plan.level == 30 && plan.course == .full && plan.extraWeight.isEmpty)
    }
}
