import KochAudio
import KochCore
import KochSound

/// A text rendered to audio with each word sent and then said, as a spoken lesson is heard
/// without its opening: every word kept, none of a level's newest character introduced.
public struct SpokenRendering {
    public let plan: SpokenLessonPlan
    /// The voice laid over the plan's timeline.
    public let layer: SpeechLayer
    /// The voice.
    public let answers: SpokenAnswers

    /// Plans `text` at `timing`, said by `answers` as `speech` asks; throws the first phrase that cannot be said.
    public init(text: MorseText, timing: Timing, speech: SpeechSettings, answers: SpokenAnswers) throws(SpeechError) {
        plan = SpokenLessonPlan(
            items: text.words.map { [$0] }, keepsEveryWord: true, introduced: [], level: 0, kind: .text, timing: timing, speech: speech,
            totalSeconds: 0, leadInSeconds: LessonSettings.leadInSeconds, tailSeconds: LessonSettings.tailSeconds,
            speechSeconds: answers.seconds(of:))
        // The plan's layout measured each phrase without throwing; a phrase that could not be said is told here.
        try answers.checkSpoken()
        layer = try answers.layer(for: plan)
        self.answers = answers
    }

    public var timeline: Timeline { plan.timeline }

    /// `encoder`, told how high the voice reaches (`SpokenAnswers.keepingTheVoice(_:)`).
    public func keepingTheVoice(_ encoder: MP3Encoder) -> MP3Encoder { answers.keepingTheVoice(encoder) }
}

extension SpokenAnswers {
    /// `encoder`, told that the sound holds nothing above the voice's Nyquist frequency, so
    /// that LAME spends no work there.
    public func keepingTheVoice(_ encoder: MP3Encoder) -> MP3Encoder { encoder.keepingBelow(highestFrequencyHz) }
}
