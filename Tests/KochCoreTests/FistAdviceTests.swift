import Testing

@testable import KochCore

@Suite struct FistAdviceTests {
    let text = FistSignals.groups(40)

    @Test func shortDahsGetTheDahAdvice() throws {
        let report = try #require(FistSignals.report(text, FistStyle(dahDits: 2.3, jitter: 0.03)))
        #expect(report.advice.first?.kind == .shortDahs)
        #expect(report.advice.first?.sentence == "Your dahs are short: 2.3 dits instead of 3.")
        #expect(abs((report.dahToDitRatio ?? 0) - 2.3) < 0.05)
    }

    @Test func longDahsGetTheLongDahAdvice() throws {
        let report = try #require(FistSignals.report(text, FistStyle(dahDits: 4.2)))
        #expect(report.advice.first?.kind == .longDahs)
        #expect(report.advice.first?.sentence == "Your dahs are long: 4.2 dits instead of 3.")
    }

    @Test func crowdedWordsGetTheSpacingAdvice() throws {
        let report = try #require(FistSignals.report(text, FistStyle(wordGapDits: 4.1, jitter: 0.03)))
        #expect(report.advice.map(\.kind) == [.crowdedWords])
        #expect(report.advice.first?.sentence == "Leave more space between words: 4.1 dits instead of 7.")
    }

    @Test func crowdedCharactersComeBeforeSlightlyLongDahs() throws {
        let report = try #require(FistSignals.report(text, FistStyle(dahDits: 4.0, characterGapDits: 2.0)))
        #expect(report.advice.map(\.kind) == [.crowdedCharacters, .longDahs])
        #expect(report.advice.first?.sentence == "Leave more space between characters: 2 dits instead of 3.")
    }

    @Test func evenFistGetsNoScolding() throws {
        let report = try #require(FistSignals.report(text, FistStyle(jitter: 0.05)))
        #expect(report.advice.isEmpty)
        #expect(report.ambiguous.isEmpty)
        #expect(abs(report.speedWPM - 20) < 0.6)
    }

    @Test func atMostTwoSentencesMostSevereFirst() throws {
        let report = try #require(
            FistSignals.report(
                text, FistStyle(speedWPM: 10, dahDits: 2.0, wordGapDits: 3.5, jitter: 0.3),
                exercise: Timing(characterSpeedWPM: 20)))
        #expect(report.advice.count == FistAdvice.maximumCount)
        #expect(report.advice[0].severity >= report.advice[1].severity)
        #expect(report.advice.map(\.kind) == [.crowdedWords, .shortDahs])
    }

    @Test func unevenDitsAreMentionedWithTheirVariation() throws {
        let report = try #require(FistSignals.report(text, FistStyle(jitter: 0.3)))
        let advice = try #require(report.advice.first { $0.kind == .unevenTiming })
        let dits = Int((report.dits.variationPercent ?? 0).rounded())
        #expect(advice.sentence.contains("\(dits) %"))
    }

    @Test func standardSpacingInAFarnsworthExerciseIsNotScolded() throws {
        let report = try #require(FistSignals.report(text, FistStyle(), exercise: Timing(characterSpeedWPM: 20, effectiveSpeedWPM: 12)))
        #expect(report.advice.isEmpty)
        #expect(report.targets.characterGapDits == 3)
        // At 20/12 WPM a gap between characters lasts 0.497 s: 8.3 dits of 60 ms.
        #expect(abs((report.targets.farnsworthCharacterGapDits ?? 0) - 8.3) < 0.05)
        #expect(abs((report.targets.farnsworthWordGapDits ?? 0) - 19.3) < 0.05)
    }

    @Test func crowdingInAFarnsworthExerciseNamesTheStretchedGap() throws {
        let report = try #require(FistSignals.report(text, FistStyle(wordGapDits: 4), exercise: Timing(characterSpeedWPM: 20, effectiveSpeedWPM: 12)))
        #expect(
            report.advice.first?.sentence == "Leave more space between words: 4 dits instead of 7 (up to 19.3 for this exercise's 12 WPM spacing).")
    }

    @Test func slowKeyingIsToldTheExerciseSpeedButEvenTimingFirst() throws {
        let report = try #require(FistSignals.report(text, FistStyle(speedWPM: 9), exercise: Timing(characterSpeedWPM: 20)))
        #expect(report.advice.map(\.kind) == [.slow])
        #expect(report.advice.first?.sentence == "You keyed at 9 WPM; the exercise asks for 20. Speed up once your timing is even.")
    }
}
