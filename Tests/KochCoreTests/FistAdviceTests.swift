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

    @Test func marksAKeyerMadeAreNotJudgedButTheGapsAre() throws {
        let report = try #require(FistSignals.report(text, FistStyle(dahDits: 2.3, wordGapDits: 4.1, jitter: 0.3)))
        #expect(report.advice.contains { $0.kind == .shortDahs })
        let keyed = report.keyerMade()
        #expect(keyed.marksAreTheKeyers)
        #expect(!keyed.advice.contains { $0.kind == .shortDahs || $0.kind == .longDahs }, "\(keyed.advice.map(\.sentence))")
        #expect(!keyed.advice.contains { $0.sentence.contains("your dits") || $0.sentence.contains("your dahs") })
        #expect(keyed.advice.contains { $0.kind == .crowdedWords })
        // The figures stay as measured.
        #expect(keyed.dahs == report.dahs)
    }

    @Test func evenFistGetsNoScolding() throws {
        let report = try #require(FistSignals.report(text, FistStyle(jitter: 0.05)))
        #expect(report.advice.isEmpty)
        #expect(report.ambiguous.isEmpty)
        #expect(abs(report.speedWPM - 20) < 0.6)
    }

    @Test func everyFigureOutsideItsToleranceIsToldMostSevereFirst() throws {
        let report = try #require(
            FistSignals.report(
                text, FistStyle(speedWPM: 10, dahDits: 2.0, wordGapDits: 3.5, jitter: 0.3),
                exercise: Timing(characterSpeedWPM: 20)))
        let kinds = Set(report.advice.map(\.kind))
        #expect(kinds.isSuperset(of: [.crowdedWords, .shortDahs, .unevenTiming, .slow]), "\(report.advice.map(\.sentence))")
        #expect(report.advice.map(\.severity) == report.advice.map(\.severity).sorted(by: >))
        #expect(report.advice.first?.kind == .crowdedWords)
    }

    @Test(arguments: [(2.4, true), (2.5, false), (3.7, false), (3.8, true)])
    func dahsAreToldOutsideTwoAndAHalfToThreeAndThreeQuarterDits(dahDits: Double, told: Bool) throws {
        let report = try #require(FistSignals.report(text, FistStyle(dahDits: dahDits)))
        #expect(report.advice.contains { $0.kind == .shortDahs || $0.kind == .longDahs } == told, "\(report.advice.map(\.sentence))")
        #expect(report.advice.count == (told ? 1 : 0))
    }

    @Test(arguments: [(17.2, FistAdvice.Kind?.some(.slow)), (17.6, nil), (22.8, nil), (23.2, .fast)])
    func speedIsToldOutsideAFactorOfOnePointOneFiveOfTheExercises(speedWPM: Double, told: FistAdvice.Kind?) throws {
        let report = try #require(FistSignals.report(text, FistStyle(speedWPM: speedWPM), exercise: Timing(characterSpeedWPM: 20)))
        #expect(report.advice.map(\.kind) == (told.map { [$0] } ?? []), "\(report.speedWPM) WPM: \(report.advice.map(\.sentence))")
    }

    @Test(arguments: [0.06, 0.08, 0.1, 0.11, 0.12, 0.13, 0.14, 0.16])
    func unevennessIsToldExactlyWhenAPrintedVariationIsOverTenPercentAndAmbiguityWheneverAPlaceIsAmbiguous(jitter: Double) throws {
        for seed in UInt64(1)...4 {
            let report = try #require(FistSignals.report(text, FistStyle(jitter: jitter, seed: seed)))
            let printed = [report.dits.variationPercent, report.dahs?.variationPercent, report.characterGaps?.variationPercent].compactMap { $0 }
            let uneven = printed.contains { $0.rounded() > FistAdvice.evenVariationPercent }
            #expect(report.advice.contains { $0.kind == .unevenTiming } == uneven, "\(printed): \(report.advice.map(\.sentence))")
            #expect(report.advice.contains { $0.kind == .ambiguousTiming } == !report.ambiguous.isEmpty)
            // "Nothing to fix" (no advice) only when every printed variation is even and nothing is ambiguous.
            if report.advice.isEmpty { #expect(!uneven && report.ambiguous.isEmpty) }
        }
    }

    @Test func manyAmbiguousPlacesAreToldEvenWithEvenDits() throws {
        // Every gap between characters keyed at 2 dits, halfway between 1 and 3 on a log scale: each could be read two ways.
        let overrides = Dictionary(uniqueKeysWithValues: (0..<60).map { ($0 * 5 + 1, 1.75) })
        let report = try #require(FistSignals.report(text, FistStyle(), gapAfterMarkOverrides: overrides))
        #expect(report.ambiguous.count > 3)
        let advice = try #require(report.advice.first { $0.kind == .ambiguousTiming })
        #expect(advice.sentence.hasPrefix("\(report.ambiguous.count) of your "), "\(advice.sentence)")
    }

    @Test func unevenDitsAreMentionedWithTheirVariation() throws {
        let report = try #require(FistSignals.report(text, FistStyle(jitter: 0.3)))
        let advice = try #require(report.advice.first { $0.kind == .unevenTiming })
        let dits = Int((report.dits.variationPercent ?? 0).rounded())
        #expect(advice.sentence.contains("\(dits) %"))
        #expect(advice.sentence.hasSuffix("(even is 10 % or less)."))
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
