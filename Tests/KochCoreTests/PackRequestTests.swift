import Testing

@testable import KochCore

/// A pack's levels and parts as a teacher names them, and where its keys go.
@Suite struct PackRequestTests {
    let letters = LessonCourse(kind: .groups, asked: nil)

    @Test func levelsAreRangesAndSingleLevelsInOrderEachOnce() throws {
        #expect(try PackPlan.levels("2-5", lesson: letters) == [2, 3, 4, 5])
        #expect(try PackPlan.levels("9, 4,2-3,4", lesson: letters) == [2, 3, 4, 9])
        #expect(try PackPlan.levels("26", lesson: letters) == [26])
    }

    @Test func levelsNotLikeARangeOrOutsideTheCourseAreRefused() throws {
        #expect(throws: PackPlan.LevelsRefusal.malformed) { try PackPlan.levels("5-2", lesson: letters) }
        #expect(throws: PackPlan.LevelsRefusal.malformed) { try PackPlan.levels("two", lesson: letters) }
        #expect(throws: PackPlan.LevelsRefusal.empty) { try PackPlan.levels(",", lesson: letters) }
        #expect {
            try PackPlan.levels("20-30", lesson: letters)
        } throws: { error in
            guard case .outsideCourse(let outside) = error as? PackPlan.LevelsRefusal else { return false }
            return outside.level == 30 && outside.levels == 2...26
        }
        #expect(try PackPlan.levels("20-30", lesson: LessonCourse(kind: .groups, asked: .full)) == Array(20...30))
    }

    @Test func aShardIsKOfNWithKFromOneToN() {
        #expect(PackPlan.shard("2/4").map { [$0.index, $0.count] } == [2, 4])
        #expect(PackPlan.shard("1/1").map { [$0.index, $0.count] } == [1, 1])
        #expect(PackPlan.shard("5/4") == nil)
        #expect(PackPlan.shard("0/4") == nil)
        #expect(PackPlan.shard("2") == nil)
        #expect(PackPlan.shard("a/b") == nil)
    }

    @Test func aRostersKeysGoApartUnlessAskedAndOtherPacksKeepThemBeside() {
        #expect(PackPlan.keysSeparate(asked: nil, roster: true))
        #expect(!PackPlan.keysSeparate(asked: nil, roster: false))
        #expect(!PackPlan.keysSeparate(asked: false, roster: true))
        #expect(PackPlan.keysSeparate(asked: true, roster: false))
    }
}
