import Foundation
import KochClass
import KochCore
import KochDecoding
import KochIO
import Testing

/// One lesson's return graded by the pipeline in process, as `koch grade`, a class's returns and
/// live practice call it, without the binary.
@Suite struct LessonGradingTests {
    /// A lesson's key, made on 2025-10-01 (before every date graded on).
    static func key(
        level: Int = 2, seed: UInt64 = 1, minutes: Double = 1, direction: Direction = .receive, chars: String? = nil, spoken: Bool = false
    ) throws -> AnswerKey {
        var settings = LessonSettings()
        settings.level = level
        settings.seed = seed
        settings.minutes = minutes
        settings.direction = direction
        settings.introduction = false
        settings.customCharacters = chars
        if spoken { settings.speech = SpeechSettings() }
        return AnswerKey(lesson: try Lesson(settings: settings), createdAt: Date(timeIntervalSince1970: 1_759_276_800))
    }

    /// Graded on 2026-11-23, an hour after the lesson was done.
    static func grading(_ key: AnswerKey) -> LessonGrading {
        LessonGrading(key: key, done: ClassGradingSetup.done, gradedAt: ClassGradingSetup.gradedAt)
    }

    /// The refusal `body` throws, or nil when it throws none.
    static func refusal(_ body: () throws -> Any) -> LessonGrading.Refusal? {
        do {
            _ = try body()
            return nil
        } catch {
            return error as? LessonGrading.Refusal
        }
    }

    @Test func aWholeCopyIsGradedIntoTheSessionToRecord() throws {
        let key = try Self.key()
        let grade = try Self.grading(key).grade(.copy(ClassFixture.copy(of: key)))
        let session = grade.session
        #expect(session.lessonID == key.lessonID && session.kind == .groups && session.direction == .receive)
        #expect(session.sent > 20 && session.correct == session.sent && session.inserted == 0)
        #expect(session.date == ClassGradingSetup.done && session.gradedAt == ClassGradingSetup.gradedAt)
        #expect(session.stoppedAtSeconds == nil && !session.partial && grade.groupsInLesson == nil)
        #expect(grade.copy?.score.accuracy == 1 && grade.copy?.keying == nil && grade.copy?.unreadable == [])
    }

    @Test func aCopyOfAnotherLessonIsRefused() throws {
        let own = try Self.key(seed: 1), other = try Self.key(seed: 2)
        var grading = Self.grading(own)
        grading.otherKeys = [own, other]
        let refusal = Self.refusal { try grading.grade(.copy(ClassFixture.copy(of: other))) }
        guard case let .mismatch(.matchesAnother(lessonID, otherAccuracy, _)) = refusal else {
            Issue.record("not refused as another lesson's copy: \(String(describing: refusal))")
            return
        }
        #expect(lessonID == other.lessonID && otherAccuracy == 1)
        // Forced, it is graded against the key given.
        grading.force = true
        #expect(try grading.grade(.copy(ClassFixture.copy(of: other))).session.lessonID == own.lessonID)
    }

    @Test func aCopyThatMatchesNothingOfTheLessonIsRefused() throws {
        let key = try Self.key()
        let foreign = ClassFixture.copy(of: key).map { $0 == "K" ? "R" : $0 == "M" ? "S" : $0 }
        let refusal = Self.refusal { try Self.grading(key).grade(.copy(String(foreign))) }
        guard case .mismatch(.matchesNothing) = refusal else {
            Issue.record("not refused as matching nothing: \(String(describing: refusal))")
            return
        }
    }

    @Test func aCopyUnderAQuarterOfTheLessonIsRefusedUnlessTakenAsAPartialCopy() throws {
        let key = try Self.key()
        let first = key.groups[0].text
        guard case let .tooShort(coverage) = Self.refusal({ try Self.grading(key).grade(.copy(first)) }) else {
            Issue.record("a copy of one group was not refused as too short")
            return
        }
        #expect(coverage.written == first.count && !coverage.isEmpty)
        guard case let .tooShort(empty) = Self.refusal({ try Self.grading(key).grade(.copy(" \n")) }) else {
            Issue.record("an empty copy was not refused as too short")
            return
        }
        #expect(empty.isEmpty)
        var partial = Self.grading(key)
        partial.partial = true
        let session = try partial.grade(.copy(first)).session
        #expect(session.partial && GradeOutcome(progress: LearnerProgress(), session: session).levelDecision == .partialCopy)
    }

    @Test func aPartialCopyOfAQuarterOfTheLessonOrMoreIsRefused() throws {
        let key = try Self.key()
        var grading = Self.grading(key)
        grading.partial = true
        guard case let .notPartial(coverage) = Self.refusal({ try grading.grade(.copy(ClassFixture.copy(of: key))) }) else {
            Issue.record("a whole copy was taken as a partial one")
            return
        }
        #expect(coverage.written == coverage.sent)
    }

    @Test func aStoppedLessonIsGradedOnTheGroupsSentBeforeTheStop() throws {
        let key = try Self.key(minutes: 2)
        let before = key.groups.filter { $0.endSeconds <= 60 }
        var grading = Self.grading(key)
        grading.stoppedAtSeconds = 60
        let grade = try grading.grade(.copy(before.map(\.text).joined(separator: " ")))
        #expect(grade.key.groups == before && grade.groupsInLesson == key.groups.count)
        #expect(grade.session.stoppedAtSeconds == 60 && grade.session.correct == grade.session.sent)
        // A stop after the last group cuts nothing: the lesson is graded whole.
        grading.stoppedAtSeconds = key.durationSeconds + 60
        let whole = try grading.grade(.copy(ClassFixture.copy(of: key)))
        #expect(whole.groupsInLesson == nil && whole.session.stoppedAtSeconds == nil)
    }

    @Test func aLiveReadingThatReadNothingIsRefusedAsARecordingsWouldBe() throws {
        let key = try Self.key(direction: .send)
        let refused = Self.refusal { try Self.grading(key).grade(.readLive(DecoderOutput(), path: "drill.keying.wav", keyerMade: false)) }
        guard case let .keying(keying) = refused else {
            Issue.record("a live reading of nothing was graded: \(String(describing: refused))")
            return
        }
        #expect(keying.reason == .nothingDecoded)
    }

    @Test func aStopBeforeAnythingWasSentIsRefused() throws {
        let key = try Self.key()
        var grading = Self.grading(key)
        grading.stoppedAtSeconds = 0.5
        guard case let .nothingSentBeforeStop(stop, first) = Self.refusal({ try grading.admit(.copy) }) else {
            Issue.record("a stop before the first group was not refused")
            return
        }
        #expect(stop == 0.5 && first == key.groups.first?.endSeconds)
    }

    @Test func aDateTheLessonCannotHaveBeenDoneOnIsRefused() throws {
        let key = try Self.key()
        let copy = ClassFixture.copy(of: key)
        let now = ClassGradingSetup.gradedAt
        let nextMonth = LocalTimestamp(date: now.date.addingTimeInterval(30 * 86_400), utcOffsetSeconds: 0)
        var future = LessonGrading(key: key, done: nextMonth, gradedAt: now)
        future.doneGivenWithTime = true
        guard case .sessionDate(.inTheFuture) = Self.refusal({ try future.grade(.copy(copy)) }) else {
            Issue.record("a date next month was not refused")
            return
        }
        var early = LessonGrading(key: key, done: LocalTimestamp(date: Date(timeIntervalSince1970: 0), utcOffsetSeconds: 0), gradedAt: now)
        early.doneGivenWithTime = false
        guard case .sessionDate(.beforeTheLesson) = Self.refusal({ try early.grade(.copy(copy)) }) else {
            Issue.record("a date before the lesson was made was not refused")
            return
        }
        // A date not given is the clock's, and not checked.
        future.doneGivenWithTime = nil
        #expect(try future.grade(.copy(copy)).session.date == nextMonth)
    }

    /// A keying of a receive lesson is refused for its key before its date is looked at, as a count
    /// heard of a lesson without speech is: fixing the date would not make the return gradable.
    @Test func aKeyingOfAReceiveLessonIsRefusedBeforeItsDateIsChecked() throws {
        let key = try Self.key()
        var grading = LessonGrading(
            key: key, done: LocalTimestamp(date: Date(timeIntervalSince1970: 0), utcOffsetSeconds: 0), gradedAt: ClassGradingSetup.gradedAt)
        grading.doneGivenWithTime = true
        guard case .keyingOfReceiveLesson = Self.refusal({ try grading.grade(.recording(path: "/nonexistent/keying.wav")) }) else {
            Issue.record("a recording of a receive lesson was not refused for its key")
            return
        }
        guard case .sessionDate = Self.refusal({ try grading.admit(.copy) }) else {
            Issue.record("the date was not checked for a typed copy")
            return
        }
    }

    @Test func aPaddleLogOfASendExerciseIsGradedAsItsKeying() throws {
        let key = try Self.key(level: 6, seed: 3, direction: .send)
        let wpm = min(max(key.settings.characterSpeedWPM, 5), 40)
        let log = try PaddleLog(text: KeyingEventsTests.paddleLog(key.groups.map(\.text), wpm: wpm))
        let grade = try Self.grading(key).grade(.events(log, path: "paddles.txt"))
        #expect(grade.session.direction == .send && grade.session.correct == grade.session.sent)
        #expect(grade.copy?.keying?.eventLog == "paddles, Mode B, \(wpm.formatted) WPM" && grade.copy?.keying?.fist != nil)
        #expect(grade.copy?.text == key.sentText)
    }

    @Test func aCountHeardIsASelfScoredSessionWithoutCharacters() throws {
        let key = try Self.key(level: 5, seed: 4, spoken: true)
        let items = key.spokenItems.count
        #expect(items > 2)
        let grade = try Self.grading(key).grade(.heard(items - 1))
        #expect(grade.copy == nil && grade.session.kind == .spoken && grade.session.characters.isEmpty)
        #expect(grade.session.sent == items && grade.session.correct == items - 1 && grade.session.inserted == 0)

        let outcome = GradeOutcome(progress: LearnerProgress(), session: grade.session)
        #expect(
            outcome.levelExplanation == "It counts for your streak and your practice schedule; your level (2) and character statistics are unchanged."
        )
        let recorded = RecordedGrade(grade: grade, outcome: outcome, dryRun: true, writeFailure: nil)
        let report = HeardReport(recorded, progressFile: "progress.json")
        #expect(report.selfScored && report.items == items && report.heard == items - 1 && !report.recorded)
        #expect(report.level == 2 && report.nextDue != nil)
        // The JSON koch grade --json prints is the report's, and reads back as it.
        let data = try JSONEncoder().encode(LessonReport(recorded, progressFile: "progress.json"))
        #expect(try JSONDecoder().decode(HeardReport.self, from: data) == report)
    }

    @Test func aCountHeardOfALessonWithoutSpeechOrAboveItsItemsIsRefused() throws {
        let spoken = try Self.key(level: 5, seed: 4, spoken: true)
        let items = spoken.spokenItems.count
        guard case .moreHeardThanItems(items + 1, items, nil, items) = Self.refusal({ try Self.grading(spoken).grade(.heard(items + 1)) }) else {
            Issue.record("a count above the items was not refused")
            return
        }
        var unspoken = LessonGrading(
            key: try Self.key(), done: LocalTimestamp(date: .distantFuture, utcOffsetSeconds: 0), gradedAt: ClassGradingSetup.gradedAt)
        unspoken.doneGivenWithTime = true
        guard case .notSpoken = Self.refusal({ try unspoken.grade(.heard(1)) }) else {
            Issue.record("a count of a lesson without speech was not refused before its date")
            return
        }
    }

    @Test func aGradeIsRecordedOnceAndADryRunWritesNothing() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("koch-progress-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let store = ProgressStore(path: path)
        let key = try Self.key()
        let grade = try Self.grading(key).grade(.copy(ClassFixture.copy(of: key)))
        let dry = try grade.record(in: store, replace: false, dryRun: true)
        #expect(!dry.recorded && dry.outcome.leveledUp && !FileManager.default.fileExists(atPath: path))
        let recorded = try grade.record(in: store, replace: false, dryRun: false)
        #expect(recorded.recorded && recorded.today == ClassGradingSetup.gradedAt.day)
        #expect(throws: SessionRecording.Refusal.self) { try grade.record(in: store, replace: false, dryRun: false) }
        #expect(try store.read().sessions == [grade.session])
    }

    @Test func theCharactersCopiedWorstComeFirstWithTheirMostFrequentMistakesFirst() throws {
        let key = try Self.key(level: 6, seed: 5)
        // Every A written as K, every S dropped, every other U written as M.
        var seenU = 0
        let copy = ClassFixture.copy(of: key).compactMap { character -> Character? in
            switch character {
            case "A": return "K"
            case "S": return nil
            case "U":
                seenU += 1
                return seenU.isMultiple(of: 2) ? "M" : "U"
            default: return character
            }
        }
        let score = Score(key: key, transcript: String(copy))
        let troubles = score.troubles
        #expect(!troubles.isEmpty && troubles.allSatisfy { $0.statistics.correct < $0.statistics.attempts })
        for (worse, better) in zip(troubles, troubles.dropFirst()) {
            let (lhs, rhs) = (worse.statistics, better.statistics)
            #expect((lhs.correct * rhs.attempts, worse.character) < (rhs.correct * lhs.attempts, better.character))
        }
        for trouble in troubles {
            #expect(trouble.mistakenFor.map(\.count) == trouble.mistakenFor.map(\.count).sorted(by: >))
        }
        #expect(troubles.count == score.characters.values.filter { $0.correct < $0.attempts }.count)
    }

    @Test func aLevelDecisionIsExplainedByTheMethodsRules() throws {
        let key = try Self.key()
        func explanation(_ key: AnswerKey, _ copy: String) throws -> String {
            let session = try Self.grading(key).grade(.copy(copy)).session
            return GradeOutcome(progress: LearnerProgress(), session: session).levelExplanation
        }
        #expect(try explanation(key, ClassFixture.copy(of: key)) == "Level up! Receive level 2 → 3 of 26: new character R.")
        let poor = String(ClassFixture.copy(of: key).map { $0 == "K" ? "M" : $0 == "M" ? "K" : $0 })
        #expect(try explanation(key, poor) == "Receive level 2 of 26: 90 % over at least 20 characters moves you up.")
        let drill = try Self.key(seed: 6, chars: "KMR")
        #expect(try explanation(drill, ClassFixture.copy(of: drill)).contains("this was a drill, which counts"))
        let higher = try Self.key(level: 6, seed: 3)
        #expect(
            try explanation(higher, ClassFixture.copy(of: higher))
                == "Level up! Receive level 2 → 3 of 26: new character R (the lesson was made at level 6; a level adds one character at a time).")
    }
}
