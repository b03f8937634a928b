import KochCore
import Testing

/// What a lesson does when the learner's progress cannot be read.
@Suite struct LessonPlanUnreadableProgressTests {
    struct Unreadable: Error, Equatable {}

    let groups = LessonCourse(kind: .groups, asked: nil)

    @Test func anUnreadableProgressStopsALessonAtTheLearnersOwnLevel() {
        #expect(throws: Unreadable.self) {
            try LessonPlan.planning(level: nil, lesson: groups, direction: .receive) { throw Unreadable() }
        }
    }

    @Test func anUnreadableProgressOnlyLeavesOutWeakCharactersWhenALevelIsAsked() throws {
        let outcome = try LessonPlan.planning(level: 6, lesson: groups, direction: .receive) { throw Unreadable() }
        guard case .plannedWithoutProgress(let plan, let error) = outcome else {
            Issue.record("expected a plan without progress")
            return
        }
        #expect(error is Unreadable)
        #expect(plan == LessonPlan(level: 6, lesson: groups, direction: .receive, progress: nil))
        #expect(plan.weakCharacters.isEmpty && !plan.levelFromProgress)
    }

    @Test func aReadProgressIsPlannedWith() throws {
        let progress = LearnerProgress(sessions: [session(day: 0, correct: 95), session(day: 1, correct: 95, level: 3)])
        guard case .planned(let plan) = try LessonPlan.planning(level: nil, lesson: groups, direction: .receive, progress: { progress }) else {
            Issue.record("expected a plan")
            return
        }
        #expect(plan == LessonPlan(level: nil, lesson: groups, direction: .receive, progress: progress))
        #expect(plan.levelFromProgress)
    }
}
