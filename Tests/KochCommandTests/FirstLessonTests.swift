import Foundation
import Testing

/// A new learner's first lesson (level 2) has two new characters, K and M: it introduces both.
@Suite struct FirstLessonTests {
    func madeFirstLesson(_ extra: [String]) throws -> (key: [String: Any], sheet: String) {
        let folder = try KochBinary.scratchFolder()
        let made = try KochBinary.run(
            ["lesson", "--minutes", "0.5", "--seed", "2", "--format", "none", "--out", folder, "--progress", folder + "/progress.json"] + extra)
        #expect(made.succeeded, "\(made.standardError)")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder)
        let keyName = try #require(names.first { $0.hasSuffix(".key.json") })
        let key = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/" + keyName))) as? [String: Any])
        let sheetName = try #require(names.first { $0.hasSuffix(".key.txt") })
        return (key, try String(contentsOfFile: folder + "/" + sheetName, encoding: .utf8))
    }

    @Test func theFirstLessonSendsKAndThenMOnTheirOwnAndItsSheetSaysSo() throws {
        let lesson = try madeFirstLesson([])
        #expect(lesson.key["level"] as? Int == 2, "a new learner's level")
        let introduction = try #require(lesson.key["introduction"] as? [String: Any])
        #expect(introduction["text"] as? String == "K K K K K M M M M M")
        #expect(lesson.sheet.contains("the new characters, K (-.-) and M (--), each on its own, not graded"), "\(lesson.sheet)")
    }

    @Test func theFirstSpokenLessonNamesBothNewCharacters() throws {
        let lesson = try madeFirstLesson(["--speak", "after", "--spell", "phonetic"])
        let speech = try #require(lesson.key["speech"] as? [String: Any])
        let opening = try #require(speech["opening"] as? [String: Any])
        #expect(opening["text"] as? String == "Koch lesson, level 2. New characters: Kilo and Mike.")
        let spoken = try #require(speech["introductionSpoken"] as? [[String: Any]]).compactMap { $0["text"] as? String }
        #expect(spoken == Array(repeating: "Kilo", count: 5) + Array(repeating: "Mike", count: 5))
    }

    @Test func aLaterLevelStillIntroducesOnlyItsNewestCharacter() throws {
        let lesson = try madeFirstLesson(["--level", "3"])
        let introduction = try #require(lesson.key["introduction"] as? [String: Any])
        #expect(introduction["text"] as? String == "R R R R R")
    }
}
