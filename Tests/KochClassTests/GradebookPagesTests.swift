import KochCore
import Testing

@testable import KochClass

@Suite struct GradebookPagesTests {
    @Test func aLearnersPageSaysWhatTheyMissedAndWhatTheyTookItFor() {
        let characters = [
            "R": CharacterStatistics(attempts: 5, correct: 2, mistakenFor: ["S": 2]),
            "K": CharacterStatistics(attempts: 4, correct: 4),
            "M": CharacterStatistics(attempts: 4, correct: 3),
        ]
        let troubled = GradebookPages.troubled(characters)
        #expect(troubled.map { $0["character"] } == ["R", "M"])
        #expect(troubled[0]["right"] == "2 of 5 right")
        #expect(troubled[0]["how"] == "taken for S ×2; not copied ×1")
        #expect(troubled[1]["how"] == "not copied ×1")
    }

    @Test func aPercentageKeepsItsTenthsOnlyWhenThereAreAny() {
        #expect(DayText.percent(0.96) == "96 %")
        #expect(DayText.percent(0.333) == "33.3 %")
    }
}
