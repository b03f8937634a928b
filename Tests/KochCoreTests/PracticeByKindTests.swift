import Foundation
import KochCore
import KochPresentation
import Testing

/// Practice by kind and week, and each character's figures over the sessions.
@Suite struct PracticeByKindTests {
    func kind(_ kind: SessionKind, _ base: GradedSession, live: Bool = false, partial: Bool = false) -> GradedSession {
        var session = base
        session.kind = kind
        session.live = live
        session.partial = partial
        return session
    }

    /// Keying figures of a send session in which each character was timed as given.
    func keying(_ times: [String: CharacterKeyingTime]) -> SessionKeying {
        let timing = Timing(characterSpeedWPM: 20)
        return SessionKeying(
            speedWPM: 20, effectiveSpeedWPM: 20, dahToDitRatio: 3, dits: TimingSpread(count: 10, meanDits: 1, variationPercent: 5),
            dahs: nil, intraCharacterGaps: nil, characterGaps: nil, wordGaps: nil, ambiguous: 0,
            targets: FistTargets(exercise: timing, ditSeconds: 0.06), characters: times)
    }

    @Test func weeksStartOnMondayAndAreNamedByISO8601() throws {
        // 2026-11-01 is a Sunday; 2026 began on a Thursday, so it has 53 weeks.
        #expect(day(0).weekStart == CalendarDay(year: 2026, month: 10, day: 26))
        #expect(day(1).weekStart == day(1) && day(7).weekStart == day(1))
        #expect(day(1).isoWeekText == "2026-W45")
        #expect(CalendarDay(year: 2027, month: 1, day: 1)?.isoWeekText == "2026-W53")
        #expect(CalendarDay(year: 2024, month: 12, day: 30)?.isoWeekText == "2025-W01")
        #expect(CalendarDay(year: 2026, month: 1, day: 4)?.isoWeekText == "2026-W01")
    }

    @Test func eachLessonKindIsAProgressCategoryOfItsOwnName() throws {
        for lessonKind in SessionKind.allCases {
            let counted = ProgressCategory(session: kind(lessonKind, session(day: 1, correct: 1, sent: 1)))
            #expect(counted.rawValue == lessonKind.rawValue, "\(lessonKind)")
        }
    }

    @Test func eachWeekCountsEachKindApartAndALiveSessionOnlyAsLive() throws {
        let sessions = [
            kind(.groups, session(day: 1, correct: 18, sent: 20)),
            kind(.groups, session(day: 3, correct: 27, sent: 30, inserted: 2)),
            kind(.words, session(day: 4, correct: 8, sent: 10)),
            kind(.groups, session(day: 5, correct: 9, sent: 10), live: true),
            kind(.spoken, session(day: 6, correct: 7, sent: 12), live: true),
            kind(.groups, session(day: 6, correct: 1, sent: 4), partial: true),
            kind(.callsigns, session(day: 8, correct: 5, sent: 10)),
            kind(.groups, session(day: 8, correct: 5, sent: 10, direction: .send)),
        ]
        let byKind = PracticeByKind(sessions: sessions, direction: .receive)
        #expect(byKind.weeks.map(\.weekStart) == [day(1), day(8)], "weeks with practice only, oldest first")
        let first = try #require(byKind.weeks.first)
        #expect(first.kinds.map(\.kind) == [.groups, .words, .spoken, .live])
        let groups = try #require(first.tally(.groups))
        #expect(groups.sessions == 2 && groups.sent == 50 && groups.correct == 45 && groups.inserted == 2, "the partial copy left out")
        #expect(groups.accuracy == 45.0 / 52.0)
        #expect(first.tally(.live)?.sent == 10 && first.tally(.live)?.correct == 9)
        #expect(first.tally(.spoken)?.sessions == 1 && first.tally(.spoken)?.accuracy == 7.0 / 12.0, "items, even live")
        #expect(byKind.weeks.last?.kinds.map(\.kind) == [.callsigns], "the send session is the other direction's")
        #expect(byKind.kinds == [.groups, .words, .callsigns, .spoken, .live])
        #expect(byKind.week(of: day(7))?.weekStart == day(1) && byKind.week(of: day(20)) == nil)
    }

    @Test func aKindWhoseSessionsSentNothingHasNoAccuracy() throws {
        let byKind = PracticeByKind(sessions: [kind(.text, session(day: 1, correct: 0, sent: 0))], direction: .receive)
        #expect(byKind.weeks.first?.tally(.text)?.sessions == 1)
        #expect(byKind.weeks.first?.tally(.text)?.accuracy == nil)
    }

    @Test func aCharacterHasItsAttemptsItsLastDayAndItsKeyingTimeWeightedAcrossSpeeds() throws {
        var slow = session(day: 2, correct: 3, sent: 4, direction: .send)
        slow.characters = ["K": CharacterStatistics(attempts: 3, correct: 2), "M": CharacterStatistics(attempts: 1, correct: 1)]
        slow.keying = keying(["K": CharacterKeyingTime(count: 2, meanSeconds: 0.6, standardSeconds: 0.5)])
        var fast = session(day: 5, correct: 1, sent: 1, direction: .send)
        fast.characters = ["K": CharacterStatistics(attempts: 1, correct: 1)]
        fast.keying = keying(["K": CharacterKeyingTime(count: 1, meanSeconds: 0.9, standardSeconds: 0.9)])
        var typed = session(day: 9, correct: 2, sent: 2, direction: .send)
        typed.characters = ["5": CharacterStatistics(attempts: 1, correct: 1), "M": CharacterStatistics(attempts: 1, correct: 1)]
        var partial = session(day: 12, correct: 1, sent: 1, direction: .send)
        partial.characters = ["K": CharacterStatistics(attempts: 1, correct: 1)]
        partial.partial = true
        var received = session(day: 13, correct: 1, sent: 1)
        received.characters = ["K": CharacterStatistics(attempts: 1, correct: 0)]

        let characters = CharacterProgress.all(sessions: [typed, fast, slow, partial, received], direction: .send, course: .letters)
        #expect(characters.map(\.character) == ["K", "M", "5"], "course order, then the others")
        let k = try #require(characters.first)
        #expect(k.attempts == 4 && k.correct == 3 && k.accuracy == 0.75)
        #expect(k.lastDay == day(5), "the partial copy and the receive session left out")
        // (2 × 0.6 + 0.9) / 3, (2 × 0.5 + 0.9) / 3, (2 × 1.2 + 1.0) / 3.
        #expect(k.keying == CharacterProgress.KeyingTime(timed: 3, meanSeconds: 0.7, standardSeconds: 0.633, ratio: 1.133))
        #expect(k.keying?.text == "0.70 s (standard 0.63 s, +13 %)")
        #expect(characters[1].lastDay == day(9) && characters[1].keying == nil, "never timed: no keying time")
    }

    @Test func aKeyingTimeFasterThanTheStandardSaysSo() {
        let time = CharacterProgress.KeyingTime(timed: 4, meanSeconds: 0.505, standardSeconds: 0.54, ratio: 0.93)
        #expect(time.text == "0.51 s (standard 0.54 s, -7 %)")
    }

    @Test func theStatusReportCarriesTheWeeksAndTheCharacters() throws {
        var words = kind(.words, session(day: 1, correct: 8, sent: 10))
        words.characters = ["K": CharacterStatistics(attempts: 10, correct: 8)]
        let report = StatusReport(progressFile: "progress.json", today: day(3), progress: LearnerProgress(sessions: [words]))
        #expect(report.receive.byKind.map(\.week) == ["2026-W45"])
        #expect(report.receive.byKind.first?.kinds.first?.charactersSent == 10)
        #expect(report.receive.byKind.first?.kinds.first?.accuracy == 0.8)
        #expect(report.receive.characters.map(\.lastPractised) == ["2026-11-02"])
        #expect(report.send.byKind.isEmpty && report.send.characters.isEmpty)
    }

    @Test func theChartHasALinePerKindOverTheLastWeeks() throws {
        let sessions = [
            kind(.groups, session(day: 1, correct: 9, sent: 10)), kind(.groups, session(day: 8, correct: 10, sent: 10)),
            kind(.qso, session(day: 8, correct: 5, sent: 10)), kind(.groups, session(day: -100, correct: 1, sent: 10)),
        ]
        let (weeks, frame) = ReportCharts.kindWindow(PracticeByKind(sessions: sessions, direction: .receive), today: day(10))
        #expect(weeks.map(\.weekStart) == [day(1), day(8)], "the week 100 days before is outside the window")
        let series = ReportCharts.kindSeries(weeks, frame: frame)
        #expect(series.map(\.kind) == [.groups, .qso])
        #expect(
            series[0].points.map(\.label) == [
                "2026-W45: level lessons 90 % (1 session, 10 characters)", "2026-W46: level lessons 100 % (1 session, 10 characters)",
            ])
        #expect(series[0].points[0].x == ReportCharts.margins.left && series[0].points[1].x == ReportCharts.width - ReportCharts.margins.right)
        #expect(series[1].points.map(\.y) == [frame.y(50)])
    }
}
