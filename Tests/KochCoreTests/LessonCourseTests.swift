import Testing

@testable import KochCore

/// Which course a lesson belongs to: the table in `LessonCourse`'s doc comment.
@Suite struct LessonCourseTests {
    @Test(arguments: [
        (LessonKind.groups, KochCourse?.none, KochCourse.letters, 2...26),
        (.words, .full, .full, 2...41),
        (.callsigns, .letters, .letters, 2...26),
        (.qso, nil, .full, 2...41),
        (.text, nil, .full, 2...41),
        (.qso, .letters, .full, 2...26),
    ])
    func aLessonsCourseAndLevelsFollowItsKindAndTheCourseAsked(
        kind: LessonKind, asked: KochCourse?, course: KochCourse, levels: ClosedRange<Int>
    ) {
        let lesson = LessonCourse(kind: kind, asked: asked)
        #expect(lesson.course == course)
        #expect(lesson.levels == levels)
    }

    @Test func aQSOLevelCountsInTheLettersCourseUnlessOnlyTheFullCourseHasIt() {
        let qso = LessonCourse(kind: .qso, asked: nil)
        #expect(qso.levelCourse(level: 26) == .letters)
        #expect(qso.levelCourse(level: 30) == .full)
        #expect(qso.levelCourse(level: nil) == .letters)
        #expect(LessonCourse(kind: .qso, asked: .full).levelCourse(level: 5) == .full)
        #expect(LessonCourse(kind: .groups, asked: nil).levelCourse(level: 30) == .letters)
    }

    @Test func aLevelBeyondTheLettersCourseIsRefusedWithTheCourseThatHasIt() throws {
        let refusal = try #require(throws: LevelOutsideCourse.self) { try LessonCourse(kind: .groups, asked: nil).check(level: 30) }
        #expect(refusal.levels == 2...26 && refusal.otherCourse == .full)
        #expect(
            refusal.description
                == "Level 30 is not a level of the letters course, whose levels run from 2 to 26; the full course has levels 2 to 41.")
        #expect(throws: Never.self) { try LessonCourse(kind: .groups, asked: .full).check(level: 30) }
        #expect(throws: Never.self) { try LessonCourse(kind: .qso, asked: nil).check(level: 30) }
    }

    @Test func aQSOLevelBeyondTheFullCourseNamesTheCourseItFollows() throws {
        let refusal = try #require(throws: LevelOutsideCourse.self) { try LessonCourse(kind: .qso, asked: nil).check(level: 42) }
        #expect(refusal.otherCourse == nil)
        #expect(refusal.description == "Level 42 is not a level of the full course a qso lesson follows, whose levels run from 2 to 41.")
    }
}
