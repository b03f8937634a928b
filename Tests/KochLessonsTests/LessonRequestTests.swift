import Foundation
import KochCore
import KochIO
import KochLessons
import Testing

/// A lesson as asked for, with the learner's progress file read once: its settings, plan, notes
/// and warning, and what it refuses.
@Suite struct LessonRequestTests {
    /// A progress file in a folder of its own, removed with it.
    final class ProgressFolder {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("koch-request-\(UUID().uuidString)").path
        var store: ProgressStore { ProgressStore(path: path + "/progress.json") }
        init() throws { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
        deinit { try? FileManager.default.removeItem(atPath: path) }
    }

    /// A graded receive session at `level`, with R copied 3 times in 10.
    func sessionMissingR(level: Int) -> GradedSession {
        var r = CharacterStatistics()
        r.attempts = 10
        r.correct = 3
        let timestamp = LocalTimestamp(date: Date(timeIntervalSince1970: 1_790_000_000), utcOffsetSeconds: 0)
        var session = GradedSession(
            lessonID: "R\(level)-test", direction: .receive, course: .letters, level: level, date: timestamp, gradedAt: timestamp,
            sent: 100, correct: 80, inserted: 0, characters: [:])
        session.characters = ["R": r]
        return session
    }

    @Test func theLessonIsAtTheLevelTheProgressFileStartsTheLearnerAt() throws {
        let folder = try ProgressFolder()
        _ = try folder.store.start(StartingLevels(receive: StartingLevel(level: 7, course: .letters)))
        var request = LessonRequest()
        request.seed = 42
        let prepared = try request.prepared(progress: folder.store)
        #expect(prepared.settings.level == 7 && prepared.plan.level == 7)
        #expect(prepared.settings.characters.map(\.text) == Array(KochCourse.letters.order.prefix(7)).map(\.text))
        #expect(prepared.settings.seed == 42 && prepared.warning == nil)
    }

    @Test func aLearnersLevelAndWeakCharactersAreTakenAndSaidWhereFrom() throws {
        let folder = try ProgressFolder()
        let started = StartingLevels(receive: StartingLevel(level: 5, course: .letters))
        let progress = LearnerProgress(sessions: [sessionMissingR(level: 5)], start: started)
        try AtomicFile.write(try ProgressStore.encode(progress), to: folder.store.path)
        let prepared = try LessonRequest().prepared(progress: folder.store)
        #expect(prepared.settings.level == 5)
        #expect(prepared.settings.extraWeight.keys.sorted() == ["R"])
        #expect(
            prepared.notes == ["your receive level, from \(folder.store.path); your weak characters come up more often: R"])
    }

    @Test func anUnreadableProgressFileGivesOneWarningAndTheDefaultsAtTheLevelAskedFor() throws {
        let folder = try ProgressFolder()
        try AtomicFile.write("{ not a progress file", to: folder.store.path)
        var request = LessonRequest()
        request.level = 4
        let prepared = try request.prepared(progress: folder.store)
        let warning = try #require(prepared.warning)
        #expect(warning.contains(folder.store.path) && warning.hasSuffix("Making the lesson without your weak characters."))
        #expect(prepared.settings.level == 4 && prepared.settings.extraWeight.isEmpty && prepared.notes.isEmpty)
        #expect(prepared.settings.characterSpeedWPM == LessonSettings.Defaults.characterSpeedWPM)
        #expect(prepared.settings.effectiveSpeedWPM == LessonSettings.Defaults.effectiveSpeedWPM)
        #expect(prepared.settings.toneHz == LessonSettings.Defaults.toneHz)
        #expect(prepared.settings.minutes == LessonSettings.Defaults.minutes)
    }

    @Test func anUnreadableProgressFileStopsALessonAtTheLearnersLevel() throws {
        let folder = try ProgressFolder()
        try AtomicFile.write("{ not a progress file", to: folder.store.path)
        #expect(throws: (any Error).self) { try LessonRequest().prepared(progress: folder.store) }
    }

    @Test func aDrillNeedsTheProgressFileEvenAtALevelAskedFor() throws {
        let folder = try ProgressFolder()
        try AtomicFile.write("{ not a progress file", to: folder.store.path)
        var request = LessonRequest()
        request.level = 5
        request.drill = .confusions
        #expect { try request.prepared(progress: folder.store) } throws: { error in
            "\(error)".contains(folder.store.path) && !(error is NothingConfused)
        }
    }

    @Test func aDrillWithNothingConfusedIsRefusedWithWhatTheSessionsHeld() throws {
        let folder = try ProgressFolder()
        var request = LessonRequest()
        request.drill = .confusions
        #expect { try request.prepared(progress: folder.store) } throws: { error in
            (error as? NothingConfused)?.confusions.sessionCount == 0
        }
    }

    /// What a lesson's content cannot be is refused by the request itself, whichever front end
    /// made it: characters without Morse code or too few, a text without its file, a style of QSO
    /// for another kind.
    @Test func contentThatCannotBeIsRefusedBeforeAnythingElse() {
        func refusal(_ change: (inout LessonRequest) -> Void) -> LessonRequest.Refusal? {
            var request = LessonRequest()
            change(&request)
            request.minutes = 90
            do {
                try request.check()
                return nil
            } catch {
                return error
            }
        }
        #expect(refusal { $0.characters = "" } == .characters(.empty))
        #expect(refusal { $0.characters = "KM~" } == .characters(.noMorseCode(character: "~", position: 3)))
        #expect(refusal { $0.characters = "kK" } == .characters(.fewerThanTwoDifferent))
        #expect(refusal { $0.kind = .text } == .textFile(.textNeedsFile))
        #expect(refusal { $0.textFile = "book.txt" } == .textFile(.fileIsOnlyForText))
        #expect(refusal { $0.qsoStyle = "contest" } == .qsoStyleWithoutQSO)
        #expect(refusal { ($0.kind, $0.qsoStyle) = (.qso, "contest") } == .minutes(90))
        #expect(refusal { $0.characters = "KMRS" } == .minutes(90))
    }

    @Test func theLimitsRefuseSpeedsOutsideThem() {
        var fast = LessonRequest()
        fast.sound.characterSpeedWPM = LessonSettings.Limits.characterSpeedWPM.upperBound + 1
        #expect(throws: LessonRequest.Refusal.sound(.characterSpeedWPM(41))) { try fast.check() }

        var farnsworth = LessonRequest()
        farnsworth.sound.characterSpeedWPM = 15
        farnsworth.sound.effectiveSpeedWPM = 18
        #expect(throws: LessonRequest.Refusal.sound(.effectiveAboveCharacter(effectiveSpeedWPM: 18, characterSpeedWPM: 15))) {
            try farnsworth.check()
        }

        var overs = LessonRequest()
        overs.kind = .qso
        overs.respond = true
        overs.respondSpeedWPM = 50
        #expect(throws: LessonRequest.Refusal.respondSpeedWPM(50)) { try overs.check() }

        var long = LessonRequest()
        long.minutes = 90
        #expect(throws: LessonRequest.Refusal.minutes(90)) { try long.check() }

        var withinLimits = LessonRequest()
        withinLimits.sound.characterSpeedWPM = 40
        withinLimits.sound.effectiveSpeedWPM = 5
        #expect(throws: Never.self) { try withinLimits.check() }
    }

    @Test func aLevelTheCourseHasNotIsRefused() {
        var request = LessonRequest()
        request.level = 27
        #expect {
            try request.check()
        } throws: { error in
            guard case .level(let outside) = error as? LessonRequest.Refusal else { return false }
            return outside.level == 27 && outside.levels == 2...26
        }
    }

    @Test func theEffectiveSpeedDefaultsToTwelveOrTheCharacterSpeedBelowIt() {
        var sound = SoundRequest()
        #expect(sound.resolvedCharacterSpeedWPM == 20 && sound.resolvedEffectiveSpeedWPM == 12)
        sound.characterSpeedWPM = 10
        #expect(sound.resolvedEffectiveSpeedWPM == 10)
        #expect(!SoundRequest().speedsGiven && sound.speedsGiven)
    }

    @Test func aPacksSharedSettingsAreWhatWasAskedWithoutTheProgress() {
        var request = LessonRequest()
        request.direction = .send
        request.kind = .words
        request.sound.toneHz = 700
        request.minutes = 2
        let settings = request.settings
        #expect(settings.direction == .send && settings.kind == .words && settings.toneHz == 700 && settings.minutes == 2)
        #expect(settings.level == KochCourse.firstLevel && settings.extraWeight.isEmpty)
        #expect(request.settings == settings)
    }

    @Test func aContactToAnswerIsTimedAtTheSpeedAskedOrTheLessons() throws {
        let folder = try ProgressFolder()
        var request = LessonRequest()
        request.kind = .qso
        request.respond = true
        request.sound.characterSpeedWPM = 22
        #expect(try request.prepared(progress: folder.store).respondSpeedWPM == 22)
        request.respondSpeedWPM = 15
        #expect(try request.prepared(progress: folder.store).respondSpeedWPM == 15)
        request.respond = false
        request.respondSpeedWPM = nil
        #expect(try request.prepared(progress: folder.store).respondSpeedWPM == nil)
    }
}
