import Foundation
import Testing

@testable import KochCore

/// A drill of confused pairs: every group sets both characters of a pair against each other.
@Suite struct PairDrillGeneratorTests {
    func symbol(_ text: Character) -> Symbol { MorseAlphabet.symbol(for: text)! }

    @Test func everyGroupHoldsBothCharactersOfAPair() {
        let level = GroupGenerator(course: .letters, level: 5)
        let drill = PairDrillGenerator(
            level: level, pairs: [([symbol("K"), symbol("R")], 3), ([symbol("S"), symbol("H")], 1)])
        var generator = SeededGenerator(seed: 7)
        var kr = 0
        var sh = 0
        for _ in 0..<400 {
            let group = Set(drill.group(using: &generator).map(\.text))
            let hasKR = group.isSuperset(of: ["K", "R"])
            let hasSH = group.isSuperset(of: ["S", "H"])
            #expect(hasKR || hasSH, "\(group)")
            if hasKR { kr += 1 }
            if hasSH { sh += 1 }
        }
        // Drawn by weight, 3 to 1: K and R in about 300 groups, S and H in about 100.
        #expect(kr > 2 * sh, "K R \(kr), S H \(sh)")
        #expect(sh > 50)
    }

    @Test func theSameSeedGivesTheSameGroups() {
        let level = GroupGenerator(course: .letters, level: 5)
        let drill = PairDrillGenerator(level: level, pairs: [([symbol("K"), symbol("R")], 1)])
        var first = SeededGenerator(seed: 3)
        var second = SeededGenerator(seed: 3)
        let timing = Timing(characterSpeedWPM: 20, effectiveSpeedWPM: 12)
        #expect(drill.groups(lastingSeconds: 60, timing: timing, using: &first) == drill.groups(lastingSeconds: 60, timing: timing, using: &second))
    }

    @Test func aDrillLessonIsADrillSessionAndNamesNoNewestCharacter() throws {
        var settings = LessonSettings()
        settings.level = 3
        settings.minutes = 1
        settings.drill = LessonDrill(
            kind: .confusions, pairs: [.init(characters: ["K", "5"], weight: 1, text: "K taken for 5 once in the last session")])
        let lesson = try Lesson(settings: settings)
        #expect(lesson.introduction.isEmpty)
        #expect(lesson.characters.map(\.text) == ["K", "M", "R", "5"], "a pair's character beyond the level is sent too")
        #expect(lesson.text.words.allSatisfy { Set($0.map(\.text)).isSuperset(of: ["K", "5"]) })
        let key = AnswerKey(lesson: lesson, createdAt: .init(timeIntervalSince1970: 0))
        #expect(SessionKind(key: key) == .drill)
        #expect(key.consistencyProblems.isEmpty)
        var plain = settings
        plain.drill = nil
        #expect(try Lesson(settings: plain).lessonID != lesson.lessonID)
    }

    @Test func aDrillKeyReadBackMakesTheSameLesson() throws {
        var settings = LessonSettings()
        settings.level = 5
        settings.minutes = 0.5
        settings.drill = LessonDrill(
            kind: .confusions,
            pairs: [
                .init(characters: ["K", "R"], weight: 2.718, text: "K taken for R 3 times in the last 2 sessions"),
                .init(characters: ["S", "U"], weight: 0.125, text: "S taken for U once in the last 2 sessions"),
            ])
        let lesson = try Lesson(settings: settings)
        let key = AnswerKey(lesson: lesson, createdAt: Date(timeIntervalSince1970: 0))
        let read = try JSONDecoder().decode(AnswerKey.self, from: try JSONEncoder().encode(key))
        #expect(read.settings.drill == settings.drill)
        let again = try Lesson(settings: read.settings, content: .fixed(lesson.text.words))
        #expect(again.lessonID == key.lessonID)
    }
}
