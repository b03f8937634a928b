import KochCore
import Testing

@Suite struct ProgressAdvancementTests {
    @Test func newLearnerStartsAtLevelTwo() {
        #expect(replay([]).level == 2)
    }

    @Test func exactlyNinetyPercentOverTwentyCharactersAdvances() {
        #expect(replay([session(day: 0, correct: 18, sent: 20)]).level == 3)
    }

    @Test func justUnderNinetyPercentDoesNotAdvance() {
        #expect(replay([session(day: 0, correct: 17, sent: 20)]).level == 2)
        #expect(replay([session(day: 0, correct: 89, sent: 100)]).level == 2)
    }

    @Test func fewerThanTwentyCharactersDoNotAdvance() {
        #expect(replay([session(day: 0, correct: 19, sent: 19)]).level == 2)
    }

    @Test func insertedCharactersCountAgainstAdvancement() {
        #expect(replay([session(day: 0, correct: 20, sent: 20, inserted: 3)]).level == 2)
    }

    @Test func aLevelNeverGoesDown() {
        let progress = replay([session(day: 0, correct: 100, level: 2), session(day: 1, correct: 0, level: 3)])
        #expect(progress.level == 3)
    }

    @Test func aLessonBelowTheLearnersLevelDoesNotRaiseIt() {
        let progress = replay([session(day: 0, correct: 100), session(day: 1, correct: 100, level: 3), session(day: 2, correct: 100, level: 3)])
        #expect(progress.level == 4)
    }

    @Test func aLessonFarAboveTheLevelAddsOneCharacter() {
        #expect(replay([session(day: 0, correct: 100, level: 20)]).level == 3)
        #expect(replay([session(day: 0, correct: 100, level: 20), session(day: 1, correct: 100, level: 20)]).level == 4)
    }

    @Test func theLastLevelIsTheCeiling() {
        let sessions = (0..<30).map { session(day: $0, correct: 100, level: min(2 + $0, 26)) }
        #expect(replay(sessions).level == 26)
    }

    @Test func directionsHaveSeparateLevelsAndSchedules() {
        let sessions = [session(day: 0, correct: 100, direction: .send), session(day: 0, correct: 50)]
        #expect(replay(sessions, direction: .send).level == 3)
        #expect(replay(sessions, direction: .receive).level == 2)
        #expect(replay(sessions, direction: .receive).sessionCount == 1)
    }
}
