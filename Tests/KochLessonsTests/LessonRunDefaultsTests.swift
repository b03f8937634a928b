import Foundation
import KochCore
import KochIO
import KochLessons
import KochPresentation
import Testing

/// How many lessons a run makes and which audio it writes when the learner does not say.
@Suite struct LessonRunDefaultsTests {
    func settings() -> LessonSettings {
        var settings = LessonSettings()
        settings.minutes = 0.5
        settings.level = 40
        settings.course = .full
        return settings
    }

    @Test func generatedLessonsAreOneUnlessMoreAreAsked() throws {
        let source = try LessonContentSource(
            kind: .groups, settings: settings(), learnerCourse: .letters, templates: try Templates(environment: [:]))
        #expect(source.lessonsToMake(asked: nil) == 1)
        #expect(source.lessonsToMake(asked: 7) == 7)
    }

    @Test func aTextMakesEveryPartButNoMoreThanAsked() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("koch-count-\(UUID().uuidString).txt").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data((1...200).map { "WORD\($0 % 10)" }.joined(separator: " ").utf8).write(to: URL(fileURLWithPath: path))
        let source = try LessonContentSource(
            kind: .text, textFile: path, settings: settings(), learnerCourse: .full, templates: try Templates(environment: [:]))
        let parts = try #require(source.lessonCount)
        #expect(parts > 1)
        #expect(source.lessonsToMake(asked: nil) == parts)
        #expect(source.lessonsToMake(asked: 1) == 1)
        #expect(source.lessonsToMake(asked: parts + 5) == parts)
    }

    @Test func aSendExerciseWritesNoAudioByDefaultAndAReceiveLessonAnMP3() {
        #expect(AudioFormat.standard(for: .send) == AudioFormat.none)
        #expect(AudioFormat.standard(for: .receive) == .mp3)
    }
}
