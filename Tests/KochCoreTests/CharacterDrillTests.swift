import Foundation
import Testing

@testable import KochCore

@Suite struct CharacterDrillTests {
    static func settings(level: Int = 5, seed: UInt64 = 9) -> LessonSettings {
        var settings = LessonSettings()
        settings.level = level
        settings.seed = seed
        settings.direction = .send
        return settings
    }

    @Test func drawsTheLevelsCharactersNeverTheSameTwiceRunningTheNewestMostOften() {
        var drill = CharacterDrill(settings: Self.settings())
        let shown = (0..<600).map { _ in drill.next().text }
        #expect(Set(shown) == ["K", "M", "R", "S", "U"])
        #expect(!zip(shown, shown.dropFirst()).contains { $0 == $1 })
        let counts = Dictionary(grouping: shown, by: { $0 }).mapValues(\.count)
        #expect(counts["U", default: 0] > counts["K", default: 0])
    }

    @Test func judgesAgainstTheCharacterShownWithEachElementInUnits() throws {
        var drill = CharacterDrill(settings: Self.settings())
        let shown = drill.next()
        let unit = Timing.unitSeconds(wpm: 20)
        // Keyed with the first element half as long again and a gap of 2 units after it.
        var marks: [KeyedElement] = []
        var time = 0.0
        for (index, element) in shown.elements.enumerated() {
            let length = Double(element.units) * unit * (index == 0 ? 1.5 : 1)
            marks.append(KeyedElement(element: element, startSeconds: time, durationSeconds: length))
            time += length + unit * (index == 0 ? 2 : 1)
        }
        let judged = drill.judge(text: shown.text, pattern: shown.pattern, marks: marks)
        let right = try #require(judged)
        #expect(right.isRight)
        #expect(right.timings.count == 2 * shown.elements.count - 1)
        #expect(!right.timings[0].isClose && right.timings.dropFirst(2).allSatisfy(\.isClose))
        #expect(right.timings[1].kind == .gap && !right.timings[1].isClose)
        #expect(right.lines[0] == "\(shown.text)  \(shown.pattern)  right")
        _ = drill.next()
        let judgedWrong = drill.judge(text: "E", pattern: ".", marks: [marks[0]])
        let wrong = try #require(judgedWrong)
        #expect(!wrong.isRight)
        #expect(wrong.lines[0].hasSuffix("wrong: read as E (.)"))
        #expect(drill.rightCount == 1)
    }

    @Test func theDrillIsGradedAsADrillOfTheLevelsCharacters() throws {
        var drill = CharacterDrill(settings: Self.settings())
        #expect(try drill.lesson() == nil)
        for _ in 0..<3 {
            let shown = drill.next()
            drill.judge(text: shown.text, pattern: shown.pattern, marks: [])
        }
        let lesson = try #require(try drill.lesson())
        let key = AnswerKey(lesson: lesson, createdAt: .init(timeIntervalSince1970: 0))
        #expect(SessionKind(key: key) == .drill)
        #expect(key.direction == .send)
        #expect(key.groups.map(\.text) == drill.shown.map(\.text))
    }

    @Test func piecesOfACharacterSplitByAGapAnswerTheCharacterShownOnce() throws {
        var drill = CharacterDrill(settings: Self.settings(level: 2))
        let unit = drill.unitSeconds
        let shown = drill.next()
        // The pattern in two pieces, 2.5 units apart: the reader ends a character after 2.
        let pattern = shown.pattern
        let marks = pattern.enumerated().map { index, element in
            KeyedElement(element: nil, startSeconds: Double(index) * 4.5 * unit, durationSeconds: (element == "." ? 1 : 3) * unit)
        }
        let first = drill.add(pattern: String(pattern.prefix(1)), marks: [marks[0]])
        let second = drill.add(pattern: String(pattern.dropFirst()), marks: Array(marks.dropFirst()))
        #expect(first == nil && second == nil)
        let end = try #require(marks.last).endSeconds
        let early = drill.judgeEnded(restingSinceSeconds: end, atSeconds: end + 2.5 * unit)
        #expect(early == nil)
        let judged = drill.judgeEnded(restingSinceSeconds: end, atSeconds: end + 5 * unit)
        let attempt = try #require(judged)
        #expect(attempt.isRight)
        #expect(drill.attempts.count == 1)
        let reading = drill.reading
        #expect(reading.characters.map(\.text) == [shown.text])
        #expect(reading.elements.count == pattern.count)
        #expect(reading.gaps.allSatisfy { $0.gap == .intraCharacter })
    }

    @Test func aPieceAfterARestBeginsTheNextAttempt() throws {
        var drill = CharacterDrill(settings: Self.settings(level: 2))
        let unit = drill.unitSeconds
        _ = drill.next()
        let first = drill.add(pattern: "-", marks: [KeyedElement(element: nil, startSeconds: 0, durationSeconds: 3 * unit)])
        #expect(first == nil)
        let judged = drill.add(pattern: "-", marks: [KeyedElement(element: nil, startSeconds: 9 * unit, durationSeconds: 3 * unit)])
        #expect(judged?.pattern == "-")
        #expect(drill.pieces.count == 1)
    }
}
