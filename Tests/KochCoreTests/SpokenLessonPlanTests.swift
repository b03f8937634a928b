import Foundation
import Testing

@testable import KochCore

/// What a spoken lesson says, where everything sits in it, and what a
/// self-scored spoken lesson does to the learner's progress.
@Suite struct SpokenLessonPlanTests {
    func symbols(_ text: String) -> [Symbol] { text.compactMap { MorseAlphabet.symbol(for: $0) } }

    @Test func charactersAreSpokenByNameOrSpellingWordAndWordsAsWords() {
        #expect(SpokenWords.phrase(for: symbols("KM"), kind: .groups, spelling: nil) == "K, M")
        #expect(SpokenWords.phrase(for: symbols("KM"), kind: .groups, spelling: .phonetic) == "Kilo Mike")
        #expect(SpokenWords.phrase(for: symbols("K1/P"), kind: .callsigns, spelling: nil) == "K, one, slash, P")
        #expect(SpokenWords.phrase(for: symbols("NAME"), kind: .words, spelling: nil) == "name")
        #expect(SpokenWords.phrase(for: symbols("NAME"), kind: .words, spelling: .letters) == "N, A, M, E")
        #expect(SpokenWords.phrase(for: symbols("5NN"), kind: .qso, spelling: nil) == "five, N, N")
        #expect(
            SpokenWords.phrase(for: symbols("SAID,"), kind: .text, spelling: nil) == "said, comma",
            "a word is said as a word, its punctuation by name")
        #expect(SpokenWords.phrase(for: symbols("DON'T"), kind: .text, spelling: nil) == "don't")
        #expect(SpokenWords.phrase(for: symbols("HW?"), kind: .qso, spelling: .phonetic) == "Hotel Whiskey question mark")
        let endOfMessage = [MorseAlphabet.prosign("<AR>")].compactMap { $0 }
        #expect(SpokenWords.phrase(for: endOfMessage, kind: .qso, spelling: nil) == "end of message")
        #expect(SpokenWords.opening(level: 3, introduced: symbols("R"), spelling: nil) == "Koch lesson, level 3. New character: R.")
        #expect(
            SpokenWords.opening(level: 2, introduced: symbols("KM"), spelling: .phonetic) == "Koch lesson, level 2. New characters: Kilo and Mike.")
    }

    func plan(_ placement: SpeechSettings.Placement, totalSeconds: Double = 60, introduced: [Symbol] = [], pauseSeconds: Double? = nil)
        -> SpokenLessonPlan
    {
        var speech = SpeechSettings()
        speech.placement = placement
        speech.pauseSeconds = pauseSeconds
        let words = (0..<100).map { symbols(["KM", "MKK", "KMKMK"][$0 % 3]) }
        return SpokenLessonPlan(
            items: words.map { [$0] }, keepsEveryWord: false, introduced: introduced, level: 2, kind: .groups,
            timing: Timing(characterSpeedWPM: 20, effectiveSpeedWPM: 12),
            speech: speech, totalSeconds: totalSeconds, leadInSeconds: 0.5, tailSeconds: 0.5,
            speechSeconds: { Double($0.count) * 0.1 })
    }

    @Test(arguments: SpeechSettings.Placement.allCases)
    func itemsFillTheLessonInOrderWithoutOverlapping(placement: SpeechSettings.Placement) {
        let laidOut = plan(placement, totalSeconds: 90, introduced: symbols("KM"))
        #expect(laidOut.durationSeconds == 90)
        #expect(laidOut.introduction.count == 2 * Lesson.introductionRepeats)
        #expect(laidOut.items.count > 3)
        var stretches = laidOut.sendings.map { ($0.sent.startSeconds, $0.sent.endSeconds) }
        stretches += laidOut.speeches.map { ($0.startSeconds, $0.endSeconds) }
        stretches.sort { $0.0 < $1.0 }
        for (earlier, later) in zip(stretches, stretches.dropFirst()) { #expect(earlier.1 <= later.0) }
        #expect((stretches.last?.1 ?? 99) <= 89.5)
        for item in laidOut.items {
            switch placement {
            case .after: #expect(item.speech.startSeconds > item.sentSpan.endSeconds && item.sentAgain == nil)
            case .before: #expect(item.speech.endSeconds < item.sentSpan.startSeconds && item.sentAgain == nil)
            case .repeated: #expect(item.sentAgainSpan.map { $0.startSeconds > item.speech.endSeconds } == true)
            }
        }
    }

    @Test func theTimeToThinkGrowsWithTheItemAndAGivenPauseIsKept() {
        #expect(SpeechSettings.defaultPauseSeconds(characters: 1) < SpeechSettings.defaultPauseSeconds(characters: 5))
        #expect(SpeechSettings.defaultPauseSeconds(characters: 20) == 3)
        let laidOut = plan(.after)
        let pauses = laidOut.items.map { $0.speech.startSeconds - $0.sentSpan.endSeconds }
        #expect(abs(pauses[0] - SpeechSettings.defaultPauseSeconds(characters: 2)) < 1e-9)
        #expect(abs(pauses[2] - SpeechSettings.defaultPauseSeconds(characters: 5)) < 1e-9)
        let given = plan(.after, pauseSeconds: 2).items.map { $0.speech.startSeconds - $0.sentSpan.endSeconds }
        #expect(given.allSatisfy { abs($0 - 2) < 1e-9 }, "\(given)")
    }

    /// A QSO's line is one item: its words sent a word space apart, as in a lesson without speech,
    /// then one answer for the whole line (sent again whole for `repeat`).
    @Test(arguments: SpeechSettings.Placement.allCases)
    func aLineOfWordsIsSentWholeAndAnsweredOnce(placement: SpeechSettings.Placement) {
        let timing = Timing(characterSpeedWPM: 20, effectiveSpeedWPM: 12)
        var speech = SpeechSettings()
        speech.placement = placement
        let lines = [["CQ", "DE", "K1ABC", "K"], ["UR", "RST", "599", "<BT>"]].map { line in
            line.map { $0 == "<BT>" ? [MorseAlphabet.prosign("<BT>")].compactMap { $0 } : symbols($0) }
        }
        let laidOut = SpokenLessonPlan(
            items: lines, keepsEveryWord: false, introduced: [], level: 2, kind: .qso, timing: timing, speech: speech, totalSeconds: 120,
            leadInSeconds: 0.5, tailSeconds: 0.5, speechSeconds: { Double($0.count) * 0.05 })
        #expect(laidOut.items.map(\.words) == lines)
        #expect(laidOut.speeches.map(\.phrase) == ["cq, de, K, one, A, B, C, K", "ur, rst, five, nine, nine, break"])
        let wordGap = timing.durationSeconds(of: .word)
        for item in laidOut.items {
            for sending in [item.sent] + (item.sentAgain.map { [$0] } ?? []) {
                #expect(sending.count == 4)
                for (earlier, later) in zip(sending, sending.dropFirst()) { #expect(abs(later.startSeconds - earlier.endSeconds - wordGap) < 1e-9) }
                #expect(!sending.contains { $0.startSeconds < item.speech.endSeconds && $0.endSeconds > item.speech.startSeconds })
            }
            #expect((item.sentAgain != nil) == (placement == .repeated))
        }
        let timeline = laidOut.timeline
        #expect(timeline.words.count == (placement == .repeated ? 16 : 8))
    }

    @Test func aVeryShortLessonStillHasOneItemAndRunsOnForIt() {
        let laidOut = plan(.repeated, totalSeconds: 1)
        #expect(laidOut.items.count == 1)
        #expect(laidOut.durationSeconds > 1)
    }

    @Test func aSelfScoredLessonMovesTheScheduleAndStreakButNeverTheLevelOrStatistics() {
        var spoken = session(day: 0, correct: 30, sent: 30, level: 10, id: "spoken-0")
        spoken.kind = .spoken
        var later = session(day: 1, correct: 30, sent: 30, level: 10, id: "spoken-1")
        later.kind = .spoken
        let progress = LearnerState(progress: LearnerProgress(sessions: [spoken, later]))
        let receive = progress[.receive]
        #expect(receive.level == 2)
        #expect(receive.sent == 0 && receive.characters.isEmpty)
        #expect(receive.sessionCount == 2 && receive.levelSessionCount == 0)
        #expect(receive.intervalDays == 2)
        #expect(receive.nextDueDay != nil)
        #expect(progress.streak.days == 2)
        #expect(receive.levelDecision(for: later) == .notLevelLesson(.spoken))
    }
}
