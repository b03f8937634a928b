import Foundation
import KochCore
import KochIO
import KochLessons
import KochPresentation
import Testing

/// The content of a run of lessons, chosen in process as a program other than the command line would.
@Suite struct LessonContentSourceTests {
    func settings(minutes: Double = 1, seed: UInt64 = 11) -> LessonSettings {
        var settings = LessonSettings()
        settings.minutes = minutes
        settings.seed = seed
        settings.level = 40
        settings.course = .full
        return settings
    }

    func words(_ content: LessonContent) -> [[Symbol]]? {
        switch content {
        case .fixed(let words): words
        case .lines(let lines): lines.flatMap { $0 }
        default: nil
        }
    }

    @Test func groupsAreGeneratedFromTheSettings() throws {
        let source = try LessonContentSource(
            kind: .groups, settings: settings(), learnerCourse: .letters, templates: try Templates(environment: [:]))
        #expect(source.lessonCount == nil && source.qsoStyles.isEmpty)
        guard case .generated = try source.content(forLesson: 1, settings: settings()) else {
            Issue.record("groups are generated")
            return
        }
    }

    @Test func aQSOLessonIsTheSameForTheSameSeedAndAnotherForTheNextLesson() throws {
        let templates = try Templates(environment: [:])
        let source = try LessonContentSource(kind: .qso, settings: settings(), learnerCourse: .full, templates: templates)
        #expect(!source.qsoStyles.isEmpty)
        let first = try #require(words(try source.content(forLesson: 1, settings: settings())))
        #expect(!first.isEmpty)
        #expect(words(try source.content(forLesson: 1, settings: settings())) == first)
        #expect(words(try source.content(forLesson: 2, settings: settings())) != first)
    }

    /// A QSO comes in lines (what a spoken lesson answers at a time): a template's line, ended
    /// early after each <BT>, so no answer runs past a sentence.
    @Test func aQSOComesInLinesEndingWhereTheTemplatesLinesEndOrAfterABreak() throws {
        let templates = try Templates(environment: [:])
        var ragChew = settings(minutes: 5)
        ragChew.seed = 3
        let source = try LessonContentSource(kind: .qso, qsoStyle: "rag-chew", settings: ragChew, learnerCourse: .full, templates: templates)
        guard case .lines(let lines) = try source.content(forLesson: 1, settings: ragChew) else {
            Issue.record("a QSO is given in lines")
            return
        }
        let texts = lines.map { $0.map { $0.map(\.text).joined() } }
        #expect(texts.first?.prefix(4) == ["CQ", "CQ", "CQ", "DE"], "\(texts.first ?? [])")
        #expect(texts.first?.last == "K", "the call's line ends with its K")
        #expect(texts.allSatisfy { !$0.isEmpty && !$0.dropLast().contains("<BT>") }, "a break ends its line")
        #expect(texts.filter { $0.last == "<BT>" }.count > 4, "the rag-chew's long overs are cut at their breaks")
        #expect(texts.contains { $0.last == "<KN>" }, "an over's end is a line's end")
    }

    @Test func aTextIsCutIntoLessonsInItsOrder() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("koch-text-\(UUID().uuidString).txt").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let text = (1...200).map { "WORD\($0 % 10)" }.joined(separator: " ")
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let source = try LessonContentSource(
            kind: .text, textFile: path, settings: settings(minutes: 0.5), learnerCourse: .full, templates: try Templates(environment: [:]))
        let count = try #require(source.lessonCount)
        #expect(count > 1)
        let first = try #require(words(try source.content(forLesson: 1, settings: settings(minutes: 0.5))))
        #expect(first.first.map { $0.map(\.text).joined() } == "WORD1")
    }

    /// Spoken, a text is cut by its words' spoken lengths, and each lesson sends all of its part:
    /// no word of the text is left out between one lesson and the next.
    @Test func aSpokenTextLosesNoWordAndItsLessonsLastAboutTheirMinutes() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("koch-text-\(UUID().uuidString).txt").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let text = (1...300).map { ["THE", "RIVER", "SAID,", "QUIETLY", "AND"][$0 % 5] }.joined(separator: " ")
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        var spoken = settings(minutes: 1)
        spoken.kind = .text
        spoken.introduction = false
        spoken.speech = SpeechSettings()
        let source = try LessonContentSource(
            kind: .text, textFile: path, settings: spoken, learnerCourse: .full, templates: try Templates(environment: [:]))
        let count = try #require(source.lessonCount)
        var sent = 0
        for number in 1...count {
            let content = try source.content(forLesson: number, settings: spoken)
            let part = try #require(words(content))
            let lesson = try Lesson(settings: spoken, content: content, number: number, count: count)
            let plan = try #require(lesson.spoken)
            #expect(plan.items.map(\.words) == part.map { [$0] }, "lesson \(number) sends all of its part")
            if number < count { #expect(abs(plan.durationSeconds - 60) < 15, "lesson \(number) lasts \(plan.durationSeconds) s") }
            sent += plan.items.count
        }
        #expect(sent == 300)
    }

    @Test func aTextWithCharactersMorseHasNotIsRefusedUnlessTheyAreLeftOut() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("koch-text-\(UUID().uuidString).txt").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data("HELLO ~ WORLD".utf8).write(to: URL(fileURLWithPath: path))
        let templates = try Templates(environment: [:])
        #expect(throws: FileError.self) {
            try LessonContentSource(kind: .text, textFile: path, settings: settings(), learnerCourse: .full, templates: templates)
        }
        let skipped = try LessonContentSource(
            kind: .text, textFile: path, skipUnsendable: true, settings: settings(), learnerCourse: .full, templates: templates)
        #expect(skipped.lessonCount == 1)
    }
}
