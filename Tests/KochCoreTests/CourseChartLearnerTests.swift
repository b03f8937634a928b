import KochCore
import Testing

/// Which course and levels a learner's chart shows.
@Suite struct CourseChartLearnerTests {
    /// Receive level 4 on the letters course, from two passing level lessons.
    let learner = LearnerState(progress: LearnerProgress(sessions: [session(day: 0, correct: 95), session(day: 1, correct: 95, level: 3)]))

    @Test func aNewLearnersChartIsTheLettersCourseAtLevelTwoBothWays() {
        let chart = CourseChart(course: nil, learner: LearnerState(progress: LearnerProgress(sessions: [])))
        #expect(chart.course == .letters)
        #expect(CourseChart.levels(of: LearnerState(progress: LearnerProgress(sessions: [])), in: .letters) == [.receive: 2, .send: 2])
    }

    @Test func theChartFollowsTheReceiveLevelLessonsCourseAndLevel() {
        let chart = CourseChart(course: nil, learner: learner)
        #expect(chart.course == CourseChart.course(for: learner))
        #expect(CourseChart.levels(of: learner, in: .letters) == [.receive: 4, .send: 2])
        #expect(chart.rows.filter { $0.unlockedIn.contains(.receive) }.count == 4)
    }

    @Test func aDirectionPractisedOnAnotherCourseHasNoLevelInTheOneAskedFor() {
        #expect(CourseChart.levels(of: learner, in: .full) == [.send: 2])
    }

    @Test func theLevelIsCappedAtTheCoursesLast() {
        let sessions = (0..<40).map { session(day: $0, correct: 98, level: 2 + $0) }
        let advanced = LearnerState(progress: LearnerProgress(sessions: sessions))
        #expect(CourseChart.levels(of: advanced, in: .letters)[.receive] == KochCourse.letters.lastLevel)
    }
}
