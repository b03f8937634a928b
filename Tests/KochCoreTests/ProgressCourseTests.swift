import Foundation
import Testing

@testable import KochCore

/// One course per direction in a learner's level lessons.
@Suite struct ProgressCourseTests {
    func session(_ id: String, _ direction: Direction, _ course: KochCourse, kind: SessionKind = .groups) throws -> GradedSession {
        let date = try #require(LocalTimestamp.parse("2026-05-01T19:00Z", timeZone: nil))
        return GradedSession(
            lessonID: id, direction: direction, course: course, level: 2, kind: kind, date: date, gradedAt: date,
            sent: 50, correct: 50, inserted: 0, characters: [:])
    }

    @Test func aLevelLessonOfTheOtherCourseIsRefusedInItsDirectionOnly() throws {
        let progress = LearnerProgress(sessions: [try session("a", .receive, .letters)])
        #expect(progress.otherCourse(than: try session("b", .receive, .full)) == .letters)
        #expect(progress.otherCourse(than: try session("b", .receive, .letters)) == nil)
        #expect(progress.otherCourse(than: try session("b", .send, .full)) == nil)
    }

    @Test func otherKindsAreRecordedWhateverTheirCourse() throws {
        let progress = LearnerProgress(sessions: [try session("a", .receive, .letters)])
        for kind in [SessionKind.drill, .words, .callsigns, .qso, .text] {
            #expect(progress.otherCourse(than: try session("b", .receive, .full, kind: kind)) == nil, "\(kind)")
        }
    }

    @Test func gradingTheSameLessonAgainIsNoConflict() throws {
        let progress = LearnerProgress(sessions: [try session("a", .receive, .letters)])
        #expect(progress.otherCourse(than: try session("a", .receive, .full)) == nil)
    }
}
