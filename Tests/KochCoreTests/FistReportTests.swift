import Testing

@testable import KochCore

@Suite struct FistReportTests {
    let text = FistSignals.groups(120, seed: 3)

    @Test(arguments: [0.05, 0.10, 0.20])
    func consistencyMatchesTheJitterPutIn(jitter: Double) throws {
        let report = try #require(FistSignals.report(text, FistStyle(jitter: jitter, seed: 11)))
        let percent = jitter * 100
        let dits = try #require(report.dits.variationPercent)
        let dahs = try #require(report.dahs?.variationPercent)
        let gaps = try #require(report.characterGaps?.variationPercent)
        #expect(abs(dits - percent) < 0.2 * percent + 0.5, "dits vary by \(dits) %, jitter \(percent) %")
        #expect(abs(dahs - percent) < 0.2 * percent + 0.5, "dahs vary by \(dahs) %, jitter \(percent) %")
        #expect(abs(gaps - percent) < 0.2 * percent + 0.5, "gaps vary by \(gaps) %, jitter \(percent) %")
    }

    @Test func figuresAreInDitsOfTheLearnersOwnSpeed() throws {
        let report = try #require(
            FistSignals.report(text, FistStyle(speedWPM: 15, dahDits: 3.3, intraCharacterGapDits: 1.2, characterGapDits: 3.6, wordGapDits: 8)))
        #expect(report.speedWPM == 15)
        #expect(report.ditMilliseconds == 80)
        #expect(report.dahToDitRatio == 3.3)
        #expect(report.intraCharacterGaps?.meanDits == 1.2)
        #expect(report.characterGaps?.meanDits == 3.6)
        #expect(report.wordGaps?.meanDits == 8)
        #expect(report.dits.variationPercent == 0)
    }

    @Test func effectiveSpeedCountsTheGaps() throws {
        // Gaps stretched as Farnsworth 20/10 stretches them: the overall pace is 10 WPM.
        let timing = Timing(characterSpeedWPM: 20, effectiveSpeedWPM: 10)
        let unit = timing.unitSeconds
        let report = try #require(
            FistSignals.report(
                "PARIS PARIS PARIS PARIS",
                FistStyle(
                    characterGapDits: timing.durationSeconds(of: .character) / unit, wordGapDits: timing.durationSeconds(of: .word) / unit)))
        #expect(abs(report.effectiveSpeedWPM - 10) < 0.6)
        #expect(report.speedWPM == 20)
    }

    @Test func aShortDahIsAmbiguousAndItsCharacterIsNamed() throws {
        // KM KM KM: marks 0-2 are K (-.-), 3-4 M; the third group's M starts at mark 13.
        let report = try #require(FistSignals.report("KM KM KM", FistStyle(), markOverrides: [13: 1.9]))
        #expect(report.ambiguous.count == 1)
        let place = try #require(report.ambiguous.first)
        #expect(place.kind == .ditOrDah)
        #expect(place.readAs == "dah")
        #expect(place.lengthDits == 1.9)
        #expect(place.meant == MeantCharacter(groupNumber: 3, positionInGroup: 2, text: "M"))
        #expect(place.place == "group 3, character 2 (M)")
        #expect(place.description == "a dah only 1.9 dits long: dit or dah?")
    }

    @Test func gapsBetweenClustersAreAmbiguous() throws {
        // A gap of 2 dits inside K of the first group, one of 4.6 dits after its M.
        let report = try #require(FistSignals.report("KM KM KM KM", FistStyle(), gapAfterMarkOverrides: [0: 2.0, 4: 4.6]))
        #expect(report.ambiguous.map(\.kind) == [.oneCharacterOrTwo, .sameWordOrNext])
        #expect(report.ambiguous.map(\.place) == ["group 1, character 1 (K)", "group 1, character 2 (M)"])
        #expect(report.ambiguous.first?.description == "a gap of 2 dits inside it: one character or two?")
    }

    @Test func aLongPauseIsLeftOutOfTheWordGaps() throws {
        // KM keyed 20 times: five marks a group, so mark 24 ends the fifth.
        let groups = Array(repeating: "KM", count: 20).joined(separator: " ")
        let report = try #require(FistSignals.report(groups, FistStyle(), gapAfterMarkOverrides: [24: 60]))
        #expect(report.pauses == 1)
        #expect(report.wordGaps?.meanDits == 7)
        #expect(report.advice.isEmpty)
    }

    @Test func wordsRunTogetherAreMeasuredAsTheWordGapsTheyWereMeantToBe() throws {
        let groups = Array(repeating: "KM", count: 20).joined(separator: " ")
        var output = FistSignals.keyed(groups, FistStyle(wordGapDits: 4))
        // As a decoder might hear it: the crowded word gaps taken for gaps between characters.
        output.gaps = output.gaps.map {
            $0.gap == .word ? TimedGap(gap: .character, startSeconds: $0.startSeconds, durationSeconds: $0.durationSeconds) : $0
        }
        output.characters = output.characters.map {
            DecodedCharacter(
                text: $0.text, elements: $0.elements, startSeconds: $0.startSeconds, endSeconds: $0.endSeconds,
                startsWord: false, isAmbiguous: false)
        }
        let copy = KeyedCopy(key: FistSignals.key(groups), characters: output.characters)
        #expect(copy.score.accuracy == 1)
        let report = try #require(FistReport(output: output, copy: copy, exercise: Timing(characterSpeedWPM: 20)))
        #expect(report.wordGaps?.meanDits == 4)
        #expect(report.characterGaps?.meanDits == 3)
        #expect(report.advice.first?.kind == .crowdedWords)
    }

    @Test func marksAreMeasuredAsKeyedNotAsTheCharacterMeant() throws {
        // Exact keying of KUM KUM KUM KUM with the second group's U keyed as W: the W's dah is a
        // dah, and every figure stays exact.
        let style = FistStyle()
        let output = FistSignals.keyed("KUM KWM KUM KUM", style)
        let copy = KeyedCopy(key: FistSignals.key("KUM KUM KUM KUM"), characters: output.characters)
        #expect(copy.score.correct == 11)
        let report = try #require(FistReport(output: output, copy: copy, exercise: Timing(characterSpeedWPM: style.speedWPM)))
        #expect(report.speedWPM == style.speedWPM)
        #expect(report.dahToDitRatio == 3)
        #expect(report.dits.variationPercent == 0)
        #expect(report.dahs?.variationPercent == 0)
        #expect(report.intraCharacterGaps?.meanDits == 1)
        #expect(report.dits.count == 11 && report.dahs?.count == 21)
        #expect(report.advice.isEmpty)
    }

    @Test func aMarkTooShortForItsDahIsMeasuredAsTheDitItWasRead() throws {
        // M keyed with dahs so short that it was heard as I: its marks count as the dits they were read as.
        let text = "KM KM KM KM"
        var output = FistSignals.keyed(text, FistStyle())
        output.characters = output.characters.enumerated().map { index, character in
            index == 1
                ? DecodedCharacter(
                    text: "I", elements: [.dit, .dit], startSeconds: character.startSeconds,
                    endSeconds: character.endSeconds, startsWord: false, isAmbiguous: false) : character
        }
        output.elements = output.elements.enumerated().map { index, element in
            index == 3 || index == 4
                ? TimedElement(element: .dit, startSeconds: element.startSeconds, durationSeconds: element.durationSeconds) : element
        }
        let copy = KeyedCopy(key: FistSignals.key(text), characters: output.characters)
        #expect(copy.score.correct == 7)
        let report = try #require(FistReport(output: output, copy: copy, exercise: Timing(characterSpeedWPM: 20)))
        #expect(report.dahs?.count == 14)
        #expect(report.dits.count == 6)
    }

    @Test func nothingKeyedGivesNoReport() {
        #expect(FistReport(elements: [], gaps: [], characters: [], meant: [], exercise: Timing(characterSpeedWPM: 20)) == nil)
    }
}
