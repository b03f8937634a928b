import Foundation
import KochPresentation
import Testing

@testable import KochCore

/// The send sessions' fist combined week by week, and the fist report's advice on the latest week.
@Suite struct FistOverTimeTests {
    /// A keying's figures: `dits` dits, dahs of `dahDits` (as many as the dits), gaps at the standard lengths.
    func keying(
        dits: Int = 100, dahDits: Double = 3, variationPercent: Double = 5, speedWPM: Double = 20, characterGapDits: Double = 3,
        ambiguous: Int = 0
    ) -> SessionKeying {
        SessionKeying(
            speedWPM: speedWPM, effectiveSpeedWPM: speedWPM * 0.8, dahToDitRatio: dahDits,
            dits: TimingSpread(count: dits, meanDits: 1, variationPercent: variationPercent),
            dahs: TimingSpread(count: dits, meanDits: dahDits, variationPercent: variationPercent),
            intraCharacterGaps: TimingSpread(count: dits, meanDits: 1, variationPercent: variationPercent),
            characterGaps: TimingSpread(count: dits / 2, meanDits: characterGapDits, variationPercent: variationPercent),
            wordGaps: TimingSpread(count: dits / 5, meanDits: 7, variationPercent: variationPercent), ambiguous: ambiguous,
            targets: FistTargets(exercise: Timing(characterSpeedWPM: 20), ditSeconds: Timing.unitSeconds(wpm: speedWPM)), characters: [:])
    }

    /// A send session `day` days after 2026-11-01 (a Sunday), keyed as `keying`.
    func sent(day: Int, _ keying: SessionKeying?, hour: Int = 19) -> GradedSession {
        var graded = session(day: day, correct: 50, sent: 50, direction: .send, id: "S-\(day)-\(hour)", hour: hour)
        graded.keying = keying
        return graded
    }

    func lengths(count: Int, mean: Double, seed: UInt64) -> [Double] {
        var random = SeededGenerator(seed: seed)
        return (0..<count).map { _ in mean * (0.8 + 0.4 * random.nextUnit()) }
    }

    @Test func combinedSpreadIsTheSpreadOfEveryMarkTakenTogether() throws {
        let many = lengths(count: 200, mean: 1, seed: 1)
        let few = lengths(count: 10, mean: 1.6, seed: 2)
        let parts = try [many, few].map { try #require(TimingSpread(durationsSeconds: $0, ditSeconds: 1)) }
        let whole = try #require(TimingSpread(durationsSeconds: many + few, ditSeconds: 1))
        let combined = try #require(TimingSpread.combined(parts))
        #expect(combined.count == 210)
        #expect(abs(combined.meanDits - whole.meanDits) <= 0.01, "\(combined) against \(whole)")
        let variation = try #require(combined.variationPercent)
        #expect(abs(variation - (whole.variationPercent ?? 0)) <= 0.3, "\(combined) against \(whole)")
        // The 200 weigh twenty times the 10: the mean stays near theirs.
        #expect(abs(combined.meanDits - parts[0].meanDits) < abs(combined.meanDits - parts[1].meanDits))
    }

    @Test func aSingleMarkPoolsWithoutAVariationOfItsOwn() throws {
        let combined = try #require(
            TimingSpread.combined([
                TimingSpread(count: 1, meanDits: 3, variationPercent: nil), TimingSpread(count: 1, meanDits: 5, variationPercent: nil),
            ]))
        #expect(combined.meanDits == 4)
        // 3 and 5: a standard deviation of √2 over a mean of 4.
        #expect(combined.variationPercent == 35.4)
        #expect(TimingSpread.combined([TimingSpread(count: 1, meanDits: 3, variationPercent: nil)])?.variationPercent == nil)
    }

    @Test func aVariationThatIsMissingIsNotInvented() {
        let combined = TimingSpread.combined([
            TimingSpread(count: 5, meanDits: 3, variationPercent: nil), TimingSpread(count: 5, meanDits: 3, variationPercent: 10),
        ])
        #expect(combined?.count == 10)
        #expect(combined?.variationPercent == nil)
        #expect(TimingSpread.combined([]) == nil)
        #expect(TimingSpread.combined([TimingSpread(count: 0, meanDits: 1, variationPercent: nil)]) == nil)
    }

    @Test func weeksStartOnMonday() {
        // 2026-11-01 is a Sunday: it closes one week; the Monday after opens the next.
        let progress = LearnerProgress(sessions: [sent(day: 0, keying()), sent(day: 1, keying()), sent(day: 7, keying())])
        let fist = FistOverTime(progress: progress, today: day(30))
        #expect(fist.weeks.map(\.weekStart.description) == ["2026-10-26", "2026-11-02"])
        #expect(fist.weeks.map(\.sessions) == [1, 2])
        #expect(fist.weeks.map(\.weekStart.isoWeekText) == ["2026-W44", "2026-W45"])
    }

    @Test func isoWeeksAreNumberedFromTheWeekOfTheFirstThursday() {
        let cases: [(CalendarDay?, String)] = [
            (CalendarDay(year: 2026, month: 11, day: 28), "2026-W48"),
            (CalendarDay(year: 2027, month: 1, day: 1), "2026-W53"),
            (CalendarDay(year: 2024, month: 12, day: 30), "2025-W01"),
            (CalendarDay(year: 2026, month: 1, day: 1), "2026-W01"),
        ]
        for (day, week) in cases { #expect(day?.isoWeekText == week, "\(String(describing: day))") }
    }

    @Test func aWeeksFiguresWeighTheSessionsByTheirCounts() throws {
        let progress = LearnerProgress(sessions: [
            sent(day: 1, keying(dits: 200, dahDits: 3, speedWPM: 20)), sent(day: 2, keying(dits: 20, dahDits: 2, speedWPM: 10)),
        ])
        let week = try #require(FistOverTime(progress: progress, today: day(30)).latestWeek)
        #expect(week.sessions == 2)
        #expect(week.marks == 440)
        #expect(week.dits.count == 220 && week.dahs?.count == 220)
        // (200 × 3 + 20 × 2) / 220 dahs.
        #expect(week.dahToDitRatio == 2.91)
        #expect(week.dahs?.meanDits == 2.91)
        // 440 marks over 400 / 20 + 40 / 10 marks a WPM: 18.3 WPM, not the plain mean 15.
        #expect(week.speedWPM == 18.3)
        #expect(week.characterGaps?.count == 110)
        #expect(week.wordGaps?.count == 44)
    }

    @Test func steadinessIsTheVariationOfDitsDahsAndCharacterGapsWeightedByTheirCounts() throws {
        let even = keying(dits: 100, variationPercent: 6)
        let week = try #require(FistOverTime(progress: LearnerProgress(sessions: [sent(day: 1, even)]), today: day(30)).latestWeek)
        #expect(week.steadinessPercent == 6)
        var uneven = even
        uneven.characterGaps = TimingSpread(count: 50, meanDits: 3, variationPercent: 31)
        let unevenWeek = try #require(FistOverTime(progress: LearnerProgress(sessions: [sent(day: 1, uneven)]), today: day(30)).latestWeek)
        // (100 × 6 + 100 × 6 + 50 × 31) / 250.
        #expect(unevenWeek.steadinessPercent == 11)
    }

    @Test func onlySendSessionsWithAKeyingDoneByTodayCount() {
        var receive = session(day: 1, correct: 50, sent: 50, direction: .receive)
        receive.keying = keying()
        let progress = LearnerProgress(sessions: [
            receive, sent(day: 2, nil), sent(day: 3, keying(dahDits: 2.2)), sent(day: 20, keying(dahDits: 4)),
        ])
        let fist = FistOverTime(progress: progress, today: day(10))
        #expect(fist.weeks.count == 1)
        #expect(fist.latestWeek?.sessions == 1)
        #expect(fist.latestWeek?.dahToDitRatio == 2.2)
        #expect(FistOverTime(progress: LearnerProgress(sessions: [sent(day: 2, nil)]), today: day(10)).weeks.isEmpty)
        #expect(FistOverTime(progress: LearnerProgress(sessions: [sent(day: 2, nil)]), today: day(10)).latestAdvice == nil)
    }

    @Test func theLatestWeekGetsTheFistReportsOwnAdvice() throws {
        let progress = LearnerProgress(sessions: [
            sent(day: 1, keying(dahDits: 3)), sent(day: 8, keying(dahDits: 2.4)), sent(day: 9, keying(dahDits: 2.2)),
        ])
        let fist = FistOverTime(progress: progress, today: day(30))
        #expect(fist.weeks.map(\.dahToDitRatio) == [3, 2.3])
        let advice = try #require(fist.latestAdvice)
        #expect(advice.map(\.kind) == [.shortDahs])
        #expect(advice.first?.sentence == "Your dahs are short: 2.3 dits instead of 3.")
        let steady = FistOverTime(progress: LearnerProgress(sessions: [sent(day: 1, keying())]), today: day(30))
        #expect(steady.latestAdvice == [], "nothing to fix")
    }

    @Test func aWeekOfOneKeyingIsAdvisedAsItsFistReportWas() throws {
        let text = FistSignals.groups(40)
        let styles = [FistStyle(dahDits: 2.3, jitter: 0.03), FistStyle(wordGapDits: 4.1, jitter: 0.03), FistStyle(speedWPM: 12, jitter: 0.2)]
        for style in styles {
            let exercise = Timing(characterSpeedWPM: 20)
            let report = try #require(FistSignals.report(text, style, exercise: exercise))
            let keyed = SessionKeying(fist: report, characters: [], meant: [], exercise: exercise)
            let fist = FistOverTime(progress: LearnerProgress(sessions: [sent(day: 1, keyed)]), today: day(30))
            #expect(fist.latestAdvice == report.advice, "\(style)")
            #expect(!report.advice.isEmpty)
        }
    }

    @Test func theChartsDrawEveryWeekAgainstItsTargets() throws {
        let progress = LearnerProgress(sessions: [
            sent(day: 1, keying(dahDits: 2.2)), sent(day: 8, keying(dahDits: 2.6)), sent(day: 15, keying(dahDits: 3)),
        ])
        let charts = FistCharts.charts(FistOverTime(progress: progress, today: day(30)))
        #expect(charts.map(\.figure) == [.dahToDitRatio, .gaps, .speed, .steadiness])
        let ratio = try #require(charts.first)
        let points = try #require(ratio.series.first?.points)
        #expect(points.count == 3)
        // Later weeks to the right; longer dahs higher up (a smaller y).
        #expect(points.map(\.x) == points.map(\.x).sorted())
        #expect(points.map(\.y) == points.map(\.y).sorted(by: >))
        #expect(points.first?.label.hasPrefix("2026-W45 (from 2026-11-02): dahs 2.2 dits") == true, "\(points[0].label)")
        // The last week's dahs are on target: on the target line.
        #expect(ratio.targets.first.map { abs($0.y - points[2].y) < 0.01 } == true)
        #expect(charts[1].series.map(\.name) == ["inside", "characters", "words"])
        // The gaps' legend entries one after the other; a chart of one series has none.
        let legend = charts[1].series.compactMap(\.legendX)
        #expect(legend.count == 3 && legend == legend.sorted())
        #expect(ratio.series.first?.legendX == nil)
        #expect(ratio.weekTicks.map(\.label) == ["2026-W45", "2026-W46", "2026-W47"])
        #expect(FistCharts.charts(FistOverTime(progress: LearnerProgress(), today: day(30))).isEmpty)
    }
}
