import Foundation
import Testing

@testable import KochCore

/// Lessons that are not a level's (a drill of chosen characters, words,
/// callsigns, a QSO, a text) count for the statistics and the streak but
/// never move the level or the schedule.
@Suite struct ProgressDrillTests {
    func lesson(_ kind: SessionKind, day: Int, correct: Int, level: Int = 2) -> GradedSession {
        var drill = session(day: day, correct: correct, level: level, id: "\(kind)-\(day)")
        drill.kind = kind
        return drill
    }

    @Test func onlyLevelLessonsMoveTheLevel() {
        for kind in SessionKind.allCases where kind != .groups {
            #expect(replay([lesson(kind, day: 0, correct: 100)]).level == 2, "\(kind)")
        }
        #expect(replay([lesson(.drill, day: 0, correct: 100), session(day: 1, correct: 95)]).level == 3)
    }

    @Test func otherKindsLeaveTheScheduleAlone() {
        let level = session(day: 0, correct: 95)
        let alone = replay([level])
        for kind in SessionKind.allCases where !kind.movesSchedule {
            for correct in [50, 100] {
                let progress = replay([level, lesson(kind, day: 1, correct: correct)])
                #expect(progress.nextDueDay == alone.nextDueDay, "\(kind) at \(correct) %")
                #expect(progress.intervalDays == alone.intervalDays)
                #expect(progress.sessionCount == 2)
                #expect(progress.levelSessionCount == 1)
                #expect(progress.sent == 200)
            }
        }
    }

    @Test func otherKindsKeepTheStreak() {
        let learner = LearnerState(progress: LearnerProgress(sessions: [session(day: 0, correct: 95), lesson(.qso, day: 1, correct: 40)]))
        #expect(learner.streak.days == 2)
    }

    @Test func eachKindIsReadFromTheKeysSettings() throws {
        var settings = LessonSettings()
        settings.introduction = false
        let stamp = session(day: 0, correct: 1).date
        func kind(_ change: (inout LessonSettings) -> Void) throws -> SessionKind {
            var changed = settings
            change(&changed)
            let key = AnswerKey(lesson: try Lesson(settings: changed), createdAt: Date(timeIntervalSince1970: 0))
            return GradedSession(key: key, score: Score(key: key, transcript: key.sentText), date: stamp, gradedAt: stamp).kind
        }
        #expect(try kind { _ in } == .groups)
        #expect(try kind { $0.customCharacters = "KMRS" } == .drill)
        #expect(
            try kind {
                $0.kind = .callsigns
                $0.course = .full
                $0.level = 40
            } == .callsigns)
    }

    @Test func formatOneSessionsGetTheirKindFromCountsTowardLevel() throws {
        let plain = String(decoding: try JSONEncoder().encode(session(day: 0, correct: 1)), as: UTF8.self)
        var object = try #require(try JSONSerialization.jsonObject(with: Data(plain.utf8)) as? [String: Any])
        object.removeValue(forKey: "kind")
        let levelLesson = try JSONSerialization.data(withJSONObject: object)
        #expect(try JSONDecoder().decode(GradedSession.self, from: levelLesson).kind == .groups)
        object["countsTowardLevel"] = false
        let drill = try JSONSerialization.data(withJSONObject: object)
        #expect(try JSONDecoder().decode(GradedSession.self, from: drill).kind == .other)
        let rewritten = String(decoding: try JSONEncoder().encode(try JSONDecoder().decode(GradedSession.self, from: drill)), as: UTF8.self)
        #expect(rewritten.contains("\"kind\":\"other\""))
        #expect(!rewritten.contains("countsTowardLevel"))
    }
}
