import KochCore
import Testing

@testable import KochLessons

@Suite struct PackRequirementsTests {
    @Test(arguments: [LessonKind.groups, .words, .callsigns])
    func lessonsThatFollowALevelMakeAPack(kind: LessonKind) throws {
        try PackPlan.check(kind: kind, format: .mp3)
    }

    @Test(arguments: [LessonKind.qso, .text])
    func lessonsThatFollowNoLevelMakeNoPack(kind: LessonKind) {
        #expect(throws: PackPlan.Refusal.kindWithoutLevel(kind)) { try PackPlan.check(kind: kind, format: .none) }
    }

    @Test func aPackWithoutAudioIsRefused() {
        #expect(throws: PackPlan.Refusal.noAudio) { try PackPlan.check(kind: .groups, format: .none) }
    }

    @Test func wordsLevelsShareTheWordListsAndOthersAreGenerated() throws {
        guard case .wordList(let words) = try LessonContentSource.levelContent(for: .words) else {
            Issue.record("words lessons draw from the word lists")
            return
        }
        #expect(!words.isEmpty)
        guard case .generated = try LessonContentSource.levelContent(for: .callsigns) else {
            Issue.record("callsigns are generated")
            return
        }
    }
}
