import KochCore
import Testing

@Suite struct ProgressRecordTests {
    @Test func recordingTheSameLessonAgainReplacesIt() {
        let first = session(day: 0, correct: 50, id: "R02-a")
        let again = session(day: 1, correct: 100, id: "R02-a")
        let progress = LearnerProgress(sessions: [first]).recording(again)
        #expect(progress.sessions == [again])
    }

    @Test func gradeOutcomeReportsLevelBeforeAndAfter() {
        let outcome = GradeOutcome(progress: LearnerProgress(), session: session(day: 0, correct: 100))
        #expect(outcome.before.level == 2)
        #expect(outcome.after.level == 3)
        #expect(outcome.leveledUp)
    }

    @Test func aLessonGradedBeforeIsExplainedAsWhereTheLearnerStandsNotALevelUp() throws {
        let earlier = session(day: 0, correct: 100, id: "R02-a")
        let progress = LearnerProgress(sessions: [earlier])
        let again = GradeOutcome(progress: progress, session: session(day: 0, correct: 100, id: "R02-a"))
        let lines = try #require(again.replacementExplanation)
        #expect(lines[0] == "Lesson R02-a was graded before (done 2026-11-01, 100 %): your receive level is 3 of 26.")
        #expect(lines[1].hasSuffix("your receive level would stay 3 of 26 (this grade, like the earlier one, moves it from 2 to 3)."))
        let poorer = GradeOutcome(progress: progress, session: session(day: 0, correct: 50, id: "R02-a"))
        #expect(poorer.replacementExplanation?[1].hasSuffix("your receive level would be 2 of 26.") == true)
        #expect(GradeOutcome(progress: LearnerProgress(), session: earlier).replacementExplanation == nil)
    }

    @Test func levelOutOfRangeIsAProblemNamingTheSession() {
        let progress = LearnerProgress(sessions: [session(day: 0, correct: 1), session(day: 1, correct: 1, level: 27)])
        #expect(progress.consistencyProblems.map(\.codingPath) == ["sessions[1].level"])
    }

    @Test func weakCharactersFallIntoThreeTiers() {
        let weak = WeakCharacters(statistics: [
            "K": CharacterStatistics(attempts: 10, correct: 4, mistakenFor: ["R": 3, "M": 1]),
            "M": CharacterStatistics(attempts: 10, correct: 5),
            "R": CharacterStatistics(attempts: 10, correct: 7),
            "S": CharacterStatistics(attempts: 10, correct: 8),
            "U": CharacterStatistics(attempts: 2, correct: 0),
        ])
        #expect(weak.under50Percent.map(\.character) == ["U", "K"])
        #expect(weak.under50Percent.last?.mistakenFor == ["R", "M"])
        #expect(weak.from50To79Percent.map(\.character) == ["M", "R"])
        #expect(weak.atLeast80Percent.map(\.character) == ["S"])
        let weights = weak.extraWeights(unlocked: KochCourse.letters.unlocked(atLevel: 4))
        #expect(weights == ["K": 2, "M": 1, "R": 1])
    }
}
