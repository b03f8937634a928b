import KochCore
import Testing

@Suite struct ProgressScheduleTests {
    // Rows of the interval table, outside the first 14 days.
    @Test(arguments: [
        (interval: 4, correct: 90, expected: 8), (interval: 4, correct: 100, expected: 8),
        (interval: 20, correct: 95, expected: 30), (interval: 30, correct: 100, expected: 30),
        (interval: 4, correct: 89, expected: 4), (interval: 4, correct: 70, expected: 4),
        (interval: 4, correct: 69, expected: 1), (interval: 16, correct: 0, expected: 1),
    ])
    func intervalFollowsTheTable(interval: Int, correct: Int, expected: Int) {
        let next = SpacedRepetition.nextInterval(
            after: session(day: 30, correct: correct), intervalDays: interval,
            daysSinceLastSession: interval, daysSinceFirstSession: 30)
        #expect(next.intervalDays == expected)
    }

    /// Every other day from day 0 to day 14, all perfect: the interval is
    /// held at 2 until day 14 doubles it to 4.
    private func habitFormingFortnight() -> [GradedSession] {
        stride(from: 0, through: 14, by: 2).map { session(day: $0, correct: 100) }
    }

    @Test func intervalIsAtMostTwoDaysInTheFirstFourteenDays() {
        let sessions = (0...13).map { session(day: $0, correct: 100) }
        let progress = replay(sessions)
        #expect(progress.intervalDays == 2)
        #expect(progress.nextDueDay == day(15))
        let afterwards = replay(sessions + [session(day: 14, correct: 100)])
        #expect(afterwards.intervalDays == 4)
        #expect(afterwards.nextDueDay == day(18))
    }

    @Test func theFourteenDaysCountFromTheLearnersFirstSessionInAnyDirection() {
        let sessions =
            [session(day: 0, correct: 100, direction: .send)]
            + (20...22).map { session(day: $0, correct: 100) }
        #expect(replay(sessions).intervalDays == 8)
    }

    @Test func intervalDoublesUpToThirtyDays() {
        var sessions = habitFormingFortnight()  // interval 4 on day 14
        var last = 14
        for gap in [4, 8, 16, 30] {
            last += gap
            sessions.append(session(day: last, correct: 100))
        }
        let progress = replay(sessions)
        #expect(progress.intervalDays == 30)
        #expect(progress.nextDueDay == day(last + 30))
    }

    @Test func aSessionMoreThanTwiceTheIntervalLateResetsToOneDay() {
        let base = habitFormingFortnight()  // interval 4 on day 14
        let late = replay(base + [session(day: 14 + 9, correct: 100)])
        #expect(late.intervalDays == 1)
        #expect(late.lastIntervalReason == .decayed)
        #expect(late.nextDueDay == day(24))
        let justInTime = replay(base + [session(day: 14 + 8, correct: 100)])
        #expect(justInTime.intervalDays == 8)
    }

    @Test func nextDueIsTheLastSessionDayPlusTheInterval() {
        let progress = replay([session(day: 0, correct: 75)])
        #expect(progress.intervalDays == 1)
        #expect(progress.nextDueDay == day(1))
    }

    @Test func sessionsAreReplayedInDateOrderWhateverOrderTheyWereGraded() {
        let inOrder = replay([session(day: 0, correct: 100), session(day: 1, correct: 100), session(day: 2, correct: 50)])
        let shuffled = replay([session(day: 2, correct: 50), session(day: 0, correct: 100), session(day: 1, correct: 100)])
        #expect(inOrder == shuffled)
        #expect(shuffled.intervalDays == 1)
    }

    @Test func aLevelUpSchedulesAReviewOfTheNewLevelSevenDaysLater() {
        let progress = replay([session(day: 3, correct: 100, level: 2)])
        #expect(progress.level == 3)
        #expect(progress.pendingReviews == [LevelReview(level: 3, dueDay: day(10))])
    }

    @Test func theReviewIsDoneByASessionAtThatLevelOnOrAfterItsDay() {
        let up = session(day: 3, correct: 100, level: 2)
        #expect(replay([up, session(day: 5, correct: 80, level: 3)]).pendingReviews.count == 1)
        #expect(replay([up, session(day: 10, correct: 80, level: 3)]).pendingReviews.isEmpty)
        #expect(replay([up, session(day: 10, correct: 80, level: 2)]).pendingReviews.count == 1)
    }

    @Test func statusIsDueOnTheDueDayAndNotBefore() {
        let progress = replay([session(day: 0, correct: 75)])
        #expect(!DirectionStatus(progress: progress, today: day(0)).isDue)
        #expect(DirectionStatus(progress: progress, today: day(1)).isDue)
        #expect(DirectionStatus(progress: replay([]), today: day(0)).isDue)
    }
}
