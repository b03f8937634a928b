import Foundation
import KochCore
import Testing

@Suite struct ReceiveCopyTests {
    /// Groups one second apart, each sounding for half a second; the lesson ends a second after the last.
    static func key(_ groups: [String]) -> AnswerKey {
        var key = answerKey(groups)
        key.durationSeconds = Double(groups.count)
        return key
    }

    static func typing(_ typed: [(String, Double)], key: AnswerKey) -> ReceiveCopy {
        var copy = ReceiveCopy(key: key)
        for (text, seconds) in typed {
            for character in text { copy.type(character, atLessonSeconds: seconds) }
        }
        return copy
    }

    @Test func charactersGoToTheGroupSoundingAndAreUpperCased() {
        let copy = Self.typing([("km", 0.6), ("MK", 1.6)], key: Self.key(["KM", "MK"]))
        #expect(copy.typedByGroup == ["KM", "MK"])
        #expect(copy.text == "KM MK")
    }

    @Test func typingLateFillsTheEarlierGroupUntilTheNextGroupEnds() {
        // Group 1 (0–0.5 s) typed while group 2 sounds: still group 1's, then group 2's.
        let copy = Self.typing([("KMR", 1.2), ("MKK", 1.9)], key: Self.key(["KMR", "MKK", "RRK"]))
        #expect(copy.typedByGroup == ["KMR", "MKK", ""])
    }

    @Test func typingAfterAGroupsWindowGoesToALaterGroup() {
        // Group 1's window closes when group 2 ends (1.5 s).
        let copy = Self.typing([("K", 0.3), ("MKK", 1.6)], key: Self.key(["KMR", "MKK", "RRK"]))
        #expect(copy.typedByGroup == ["K", "MKK", ""])
    }

    @Test func anExtraCharacterGoesToTheLatestGroupWhoseWindowIsOpen() {
        let copy = Self.typing([("KM", 0.4), ("MK", 1.4), ("R", 1.45)], key: Self.key(["KM", "MK", "KK"]))
        #expect(copy.typedByGroup == ["KM", "MKR", ""])
    }

    @Test func typingBeforeTheFirstGroupOrAfterTheLastWindowGoesToTheEnds() {
        var key = Self.key(["KM", "MK"])
        key.groups = key.groups.map { group in
            var moved = group
            moved.startSeconds += 3
            moved.endSeconds += 3
            return moved
        }
        key.durationSeconds = 5
        let copy = Self.typing([("K", 1), ("MM", 9)], key: key)
        #expect(copy.typedByGroup == ["K", "MM"])
    }

    @Test func eraseTakesBackTheLastCharacterWhileItsWindowIsOpen() {
        var copy = Self.typing([("KMX", 0.4)], key: Self.key(["KMR", "MK", "KK"]))
        copy.erase(atLessonSeconds: 1.4)
        #expect(copy.typedByGroup[0] == "KM")
        copy.type("R", atLessonSeconds: 1.45)
        #expect(copy.typedByGroup[0] == "KMR")
        copy.erase(atLessonSeconds: 1.6)
        #expect(copy.typedByGroup[0] == "KMR", "group 1's window closed when group 2 ended")
    }

    @Test func keepsCharactersTheLessonDoesNotSend() {
        let copy = Self.typing([("K5é", 0.4)], key: Self.key(["KMR"]))
        #expect(copy.typedByGroup == ["K5É"])
        #expect(Score(key: copy.key, transcript: copy.text).substituted == 2)
    }

    @Test func aMissedGroupIsWrittenAsNotCopiedSigns() {
        let copy = Self.typing([("KMR", 0.4), ("KMR", 2.6)], key: Self.key(["KMR", "KMR", "KMR"]))
        #expect(copy.text == "KMR ___ KMR")
    }

    @Test func nothingTypedCoversNothingOfTheLesson() {
        let copy = ReceiveCopy(key: Self.key(["KMR", "MK"]))
        #expect(copy.text == "___ __")
        #expect(CopyCoverage(score: Score(key: copy.key, transcript: copy.text)).isEmpty)
    }

    @Test func fullCopyGradesAsTheSameCopyWrittenByHand() {
        let key = Self.key(["KMR", "MKKR", "RRK"])
        let copy = Self.typing([("KMR", 0.7), ("MKKR", 1.8), ("RRK", 2.7)], key: key)
        #expect(Score(key: key, transcript: copy.text) == Score(key: key, transcript: "KMR MKKR RRK"))
        #expect(Score(key: key, transcript: copy.text).accuracy == 1)
    }

    @Test func missedGroupGradesAsThatGroupMissedAndNothingElse() {
        let key = Self.key(["KMR", "KMR", "KMR", "MRK"])
        let copy = Self.typing([("KMR", 0.7), ("KMR", 2.7), ("MRK", 3.7)], key: key)
        let score = Score(key: key, transcript: copy.text)
        #expect(score == Score(key: key, transcript: "KMR ??? KMR MRK"))
        #expect(score.correct == 9)
        #expect(score.missed == 3)
        #expect(score.inserted == 0)
        #expect(score.groupsWithErrors.map(\.number) == [2])
    }

    @Test func lateTypingGradesAsTheSameCopyWrittenByHand() {
        let key = Self.key(["KMR", "MKKR", "RRK"])
        let copy = Self.typing([("KM", 0.9), ("R", 1.3), ("MKKR", 1.45), ("RRX", 2.9)], key: key)
        #expect(copy.typedByGroup == ["KMR", "MKKR", "RRX"])
        #expect(Score(key: key, transcript: copy.text) == Score(key: key, transcript: "KMR MKKR RRX"))
    }

    @Test func aStoppedCopyHoldsTheGroupsWhoseSoundHadEnded() {
        let key = Self.key(["KMR", "MKKR", "RRK", "KKK"])
        let copy = Self.typing([("KMR", 0.7)], key: key)
        #expect(copy.text(stoppedAtLessonSeconds: 1.6) == "KMR ____")
        let stopped = key.stopped(atSeconds: 1.6)
        #expect(Score(key: stopped, transcript: copy.text(stoppedAtLessonSeconds: 1.6)).groupsWithErrors.map(\.number) == [2])
    }

    @Test func aGroupStillSoundingAtTheStopIsLeftOutNotMissed() {
        // Group 2 sounds from 1 s to 1.5 s: stopped at 1.2 s, it was not sent whole.
        let key = Self.key(["KMR", "MKKR", "RRK", "KKK"])
        let copy = Self.typing([("KMR", 0.7), ("MK", 1.1)], key: key)
        #expect(key.stopped(atSeconds: 1.2).groups.map(\.number) == [1])
        #expect(copy.text(stoppedAtLessonSeconds: 1.2) == "KMR")
        #expect(copy.stopped(atLessonSeconds: 1.2).key.groups.map(\.number) == [1])
        let score = Score(key: key.stopped(atSeconds: 1.2), transcript: copy.text(stoppedAtLessonSeconds: 1.2))
        #expect(score.accuracy == 1 && score.missed == 0)
        // At the very end of its sound, it was sent.
        #expect(key.stopped(atSeconds: 1.5).groups.map(\.number) == [1, 2])
    }

    @Test func aLessonSendingTheUnderscoreUsesAnotherNotCopiedSign() {
        var key = Self.key(["K_", "MK"])
        key.characters += "_"
        let copy = Self.typing([("MK", 1.6)], key: key)
        #expect(copy.text == "-- MK")
    }
}

@Suite struct ReceiveCopyOfALessonTests {
    static func lesson() throws -> AnswerKey {
        var settings = LessonSettings()
        settings.level = 4
        settings.minutes = 1
        return AnswerKey(lesson: try Lesson(settings: settings), createdAt: Date(timeIntervalSince1970: 0))
    }

    @Test func theIntroductionCopiedAsItPlaysIsKeptApartAndNotGraded() throws {
        let key = try Self.lesson()
        let introduction = try #require(key.introduction)
        var copy = ReceiveCopy(key: key)
        for character in introduction.text where character != " " {
            copy.type(character, atLessonSeconds: introduction.endSeconds)
        }
        // Each group typed a moment after it ends, the last one after the sound has stopped.
        for group in key.groups {
            for character in group.text { copy.type(character, atLessonSeconds: group.endSeconds + 0.3) }
        }
        #expect(copy.typedIntroduction == introduction.text.replacingOccurrences(of: " ", with: ""))
        #expect(copy.typedByGroup == key.groups.map(\.text))
        let score = Score(key: key, transcript: copy.text)
        #expect(score.accuracy == 1)
        #expect(score.inserted == 0)
        #expect(score == Score(key: key, transcript: introduction.text + "\n" + key.sentText))
    }

    @Test func aLessonStoppedHalfwayGradesAsKochGradeWithStoppedAt() throws {
        let key = try Self.lesson()
        var copy = ReceiveCopy(key: key)
        for group in key.groups.prefix(6) {
            for character in group.text.lowercased() { copy.type(character, atLessonSeconds: group.endSeconds + 0.5) }
        }
        // Stopped while the ninth group sounds: the eight before it are graded, the ninth left out.
        let stopSeconds = key.groups[8].startSeconds + 0.1
        let stopped = key.stopped(atSeconds: stopSeconds)
        let score = Score(key: stopped, transcript: copy.text(stoppedAtLessonSeconds: stopSeconds))
        #expect(score.groups.count == 8)
        #expect(score.groupsWithErrors.map(\.number) == [7, 8])
        #expect(score.correct == key.groups.prefix(6).map { $0.text.count }.reduce(0, +))
    }
}

@Suite struct PracticeClockTests {
    @Test func lessonTimeRunsFromTheStart() {
        let clock = PracticeClock(startSeconds: 100)
        #expect(clock.lessonSeconds(atSeconds: 103.5) == 3.5)
        #expect(clock.lessonSeconds(atSeconds: 99) == 0)
    }

    @Test func lessonTimeStandsStillWhilePausedAndGoesOnAfter() {
        var clock = PracticeClock(startSeconds: 100)
        clock.pause(atSeconds: 110)
        #expect(clock.isPaused)
        #expect(clock.lessonSeconds(atSeconds: 125) == 10)
        clock.pause(atSeconds: 120)
        clock.resume(atSeconds: 130)
        #expect(!clock.isPaused)
        #expect(clock.lessonSeconds(atSeconds: 131) == 11)
        clock.resume(atSeconds: 140)
        #expect(clock.lessonSeconds(atSeconds: 141) == 21)
    }

    @Test func aPauseAtAMomentToComeLetsTheTimeRunUntilThen() {
        // Asked at 110 to pause at 110.25, where the element sounding ends.
        var clock = PracticeClock(startSeconds: 100)
        clock.pause(atSeconds: 110.25)
        #expect(clock.lessonSeconds(atSeconds: 110) == 10)
        #expect(clock.lessonSeconds(atSeconds: 115) == 10.25)
        clock.resume(atSeconds: 120.25)
        #expect(clock.lessonSeconds(atSeconds: 121.25) == 11.25)
        // Resumed before that moment: as if never paused.
        clock.pause(atSeconds: 130)
        clock.resume(atSeconds: 129.5)
        #expect(clock.lessonSeconds(atSeconds: 131.25) == 21.25)
    }
}
