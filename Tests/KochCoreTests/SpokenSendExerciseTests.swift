import KochCore
import Testing

@Suite struct SpokenSendExerciseTests {
    @Test func spokenAnswersOnASendExerciseAreRefused() {
        var settings = LessonSettings()
        settings.direction = .send
        settings.speech = SpeechSettings()
        #expect(throws: SpokenSendExercise.self) { try settings.checkSpeech() }
    }

    @Test func spokenAnswersOnAReceiveLessonAndASendExerciseWithoutThemAreAllowed() throws {
        var settings = LessonSettings()
        settings.speech = SpeechSettings()
        try settings.checkSpeech()
        settings.direction = .send
        settings.speech = nil
        try settings.checkSpeech()
    }
}
