import Foundation
import KochCore
import Testing

/// A progress file a teacher starts above level 2 (`StartingLevel`): the learner has the first N
/// characters before any session, and the method's rules apply from there.
@Suite struct ProgressStartingLevelTests {
    static func started(at level: Int, _ direction: Direction = .receive, course: KochCourse = .letters) -> LearnerProgress {
        var start = StartingLevels()
        start[direction] = StartingLevel(level: level, course: course)
        return LearnerProgress(start: start)
    }

    @Test func aLearnerStartedAtLevelNineHasTheFirstNineCharactersInThatDirectionOnly() {
        let progress = Self.started(at: 9)
        let receive = DirectionProgress(progress: progress, direction: .receive)
        #expect(receive.level == 9)
        #expect(KochCourse.letters.unlocked(atLevel: receive.level).map(\.text) == ["K", "M", "R", "S", "U", "A", "P", "T", "L"])
        #expect(DirectionProgress(progress: progress, direction: .send).level == 2)
        #expect(receive.nextDueDay == nil, "practice is due: no lesson yet")
    }

    @Test func startingGivesALevelOnlyToADirectionNeitherStartedNorPractised() throws {
        var send = StartingLevels()
        send.send = StartingLevel(level: 7, course: .letters)
        let started = try #require(Self.started(at: 4).starting(send))
        #expect(started.start.receive?.level == 4 && started.start.send?.level == 7)
        #expect(DirectionProgress(progress: started, direction: .send).level == 7)
        #expect(started.starting(send) == nil, "a direction started once keeps its start")
        var practised = LearnerProgress()
        practised.sessions = [session(day: 0, correct: 95, level: 2, direction: .send)]
        #expect(practised.starting(send) == nil, "a direction practised keeps its level")
    }

    @Test func advancementAndTheNeverDownRuleCountFromTheStart() {
        var progress = Self.started(at: 9)
        progress.sessions = [session(day: 0, correct: 95, level: 9)]
        #expect(DirectionProgress(progress: progress, direction: .receive).level == 10)
        progress.sessions = [session(day: 0, correct: 10, level: 9)]
        #expect(DirectionProgress(progress: progress, direction: .receive).level == 9)
        // A lesson below the start is a review, and never moves the level.
        progress.sessions = [session(day: 0, correct: 100, level: 5)]
        #expect(DirectionProgress(progress: progress, direction: .receive).level == 9)
    }

    @Test func theStartIsWrittenAsFormatThreeAndReadBackAFileWithoutOneStaysFormatTwo() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let started = String(decoding: try encoder.encode(Self.started(at: 5)), as: UTF8.self)
        #expect(started == #"{"formatVersion":3,"sessions":[],"start":{"receive":{"course":"letters","level":5}}}"#)
        #expect(try JSONDecoder().decode(LearnerProgress.self, from: Data(started.utf8)) == Self.started(at: 5).with(sessions: []))
        let plain = String(decoding: try encoder.encode(LearnerProgress()), as: UTF8.self)
        #expect(plain == #"{"formatVersion":2,"sessions":[]}"#)
    }

    @Test func aStartOutsideItsCourseOrALessonOfAnotherCourseIsReported() {
        #expect(Self.started(at: 30).consistencyProblems.map(\.codingPath) == ["start.receive.level"])
        #expect(Self.started(at: 30, course: .full).consistencyProblems.isEmpty)
        let progress = Self.started(at: 30, course: .full)
        #expect(progress.otherCourse(than: session(day: 0, correct: 90, level: 5)) == .full)
    }

    @Test func startingOverInADirectionTakesItsStartAway() {
        let start = StartingLevels(receive: StartingLevel(level: 5, course: .letters), send: StartingLevel(level: 4, course: .letters))
        let progress = LearnerProgress(sessions: [session(day: 0, correct: 50, level: 5)], start: start)
        let reset = progress.resetting(.receive)
        #expect(reset.start.receive == nil && reset.start.send?.level == 4 && reset.sessions.isEmpty)
        #expect(progress.resetting(nil) == LearnerProgress())
    }

    @Test func theLevelBeforeALessonKeepsTheStart() {
        let lesson = session(day: 0, correct: 100, level: 7)
        let outcome = GradeOutcome(progress: Self.started(at: 7), session: lesson)
        #expect(outcome.before.level == 7 && outcome.after.level == 8)
    }
}
