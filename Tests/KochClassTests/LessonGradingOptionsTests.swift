import KochClass
import KochCore
import Testing

/// A stop, a partial copy and a count heard given where they cannot apply are refused by the
/// pipeline itself, so that no front end can record a session that says what did not happen.
@Suite struct LessonGradingOptionsTests {
    @Test func aStopWithARecordingOrAPaddleLogIsRefused() throws {
        var grading = LessonGradingTests.grading(try LessonGradingTests.key(direction: .send))
        grading.stoppedAtSeconds = 30
        guard case .stopOfKeying = LessonGradingTests.refusal({ try grading.grade(.recording(path: "/nonexistent/keying.wav")) }) else {
            Issue.record("a stop with a recording was not refused")
            return
        }
        guard case .stopOfKeying = LessonGradingTests.refusal({ try grading.admit(.keying) }) else {
            Issue.record("a stop with a paddle log was not refused")
            return
        }
        // A copy is still cut at the stop.
        #expect(try grading.admit(.copy).groups.count < grading.key.groups.count)
    }

    @Test func aPartialCopyOfAKeyingIsRefused() throws {
        var grading = LessonGradingTests.grading(try LessonGradingTests.key(direction: .send))
        grading.partial = true
        guard case .partialKeying = LessonGradingTests.refusal({ try grading.grade(.recording(path: "/nonexistent/keying.wav")) }) else {
            Issue.record("a partial keying was not refused")
            return
        }
    }

    @Test func aNegativeCountHeardIsRefused() throws {
        let grading = LessonGradingTests.grading(try LessonGradingTests.key(level: 5, seed: 4, spoken: true))
        guard case .negativeHeard(-1) = LessonGradingTests.refusal({ try grading.grade(.heard(-1)) }) else {
            Issue.record("a negative count heard was not refused")
            return
        }
    }

    @Test func aCountHeardAsAPartialCopyIsRefused() throws {
        var partial = LessonGradingTests.grading(try LessonGradingTests.key(level: 5, seed: 4, spoken: true))
        partial.partial = true
        guard case .partialWithHeard = LessonGradingTests.refusal({ try partial.grade(.heard(1)) }) else {
            Issue.record("a count heard as a partial copy was not refused")
            return
        }
    }

    @Test func aCountHeardWithAStopIsOfTheItemsBeforeIt() throws {
        let key = try LessonGradingTests.key(level: 5, seed: 4, spoken: true)
        var stopped = LessonGradingTests.grading(key)
        let items = key.spokenItems
        // Stopped as the third item's first group began: two items were heard whole.
        let stop = try #require(items.dropFirst(2).first?.first?.startSeconds)
        stopped.stoppedAtSeconds = stop
        let grade = try stopped.grade(.heard(2))
        #expect(grade.session.sent == 2 && grade.session.correct == 2)
        #expect(grade.session.stoppedAtSeconds == stop)
        #expect(grade.groupsInLesson == key.groups.count)
        guard case .moreHeardThanItems(3, 2, stop, items.count) = LessonGradingTests.refusal({ try stopped.grade(.heard(3)) }) else {
            Issue.record("more heard than the items before the stop was not refused")
            return
        }
    }
}
