import Foundation
import KochCore
import KochLessons
import KochSound
import Testing

/// A pack lays out all its lessons before it writes them: the clips are held
/// up to a budget, and beyond it made again from the words kept when a
/// lesson is written (never spoken again).
struct SpokenAnswersTests {
    static let sampleRateHz = 44_100

    static func settings(level: Int) -> LessonSettings {
        var settings = LessonSettings()
        settings.level = level
        settings.minutes = 1
        var speech = SpeechSettings()
        speech.spelling = .phonetic
        settings.speech = speech
        return settings
    }

    /// The lesson laid out with `answers`, and what it says, on its samples.
    static func said(level: Int, by answers: SpokenAnswers) throws -> (plan: SpokenLessonPlan, samples: [Float]) {
        let lesson = try Lesson(settings: settings(level: level), speechSeconds: answers.seconds(of:))
        let plan = try #require(lesson.spoken)
        let layer = try answers.layer(for: plan)
        var samples = [Float](repeating: 0, count: Int(plan.durationSeconds * Double(sampleRateHz)) + 1)
        samples.withUnsafeMutableBufferPointer { layer.add(into: $0, startSample: 0) }
        return (plan, samples)
    }

    /// espeak-ng's output depends on what it spoke before: a phrase spoken again would differ
    /// by a few samples and shift what follows. A clip let go is made again from the words kept.
    @Test(arguments: [16 << 20, 0])
    func aLessonSaysTheSameEveryTimeItIsWritten(heldSampleBudget: Int) throws {
        let answers = try SpokenAnswers(
            settings: SpeechSettings(), tone: ToneSynthesizer(frequencyHz: 600, sampleRate: Self.sampleRateHz, peakAmplitude: 0.5),
            timing: Timing(characterSpeedWPM: 20, effectiveSpeedWPM: 12), heldSampleBudget: heldSampleBudget)
        let first = try Self.said(level: 4, by: answers)
        #expect(first.samples.contains { $0 != 0 })
        let again = try Self.said(level: 4, by: answers)
        #expect(again.plan == first.plan)
        // Compared without printing millions of samples when they differ.
        let differing = zip(first.samples, again.samples).filter { $0 != $1 }.count
        #expect(again.samples.count == first.samples.count && differing == 0, "\(differing) samples differ")
    }

    /// Lessons side by side (`--jobs`) ask for the same phrases at once (a level's opening and
    /// its newest character): each gets the clip, the same.
    @Test func lessonsWrittenSideBySideEachGetTheirClips() throws {
        let answers = try SpokenAnswers(
            settings: SpeechSettings(), tone: ToneSynthesizer(frequencyHz: 600, sampleRate: Self.sampleRateHz, peakAmplitude: 0.5),
            timing: Timing(characterSpeedWPM: 20, effectiveSpeedWPM: 12))
        let lesson = try Lesson(settings: Self.settings(level: 4), speechSeconds: answers.seconds(of:))
        let plan = try #require(lesson.spoken)
        let length = Int(plan.durationSeconds * Double(Self.sampleRateHz)) + 1
        let results = Results(count: 8)
        DispatchQueue.concurrentPerform(iterations: 8) { index in
            var samples = [Float](repeating: 0, count: length)
            if let layer = try? answers.layer(for: plan) { samples.withUnsafeMutableBufferPointer { layer.add(into: $0, startSample: 0) } }
            results.store(samples, at: index)
        }
        let all = results.all
        #expect(all[0].contains { $0 != 0 })
        #expect(all.allSatisfy { $0 == all[0] })
    }
}

/// Samples made on several cores, each slot by one.
private final class Results: @unchecked Sendable {
    private var slots: [[Float]]
    private let lock = NSLock()
    init(count: Int) { slots = Array(repeating: [], count: count) }
    func store(_ samples: [Float], at index: Int) {
        lock.lock()
        slots[index] = samples
        lock.unlock()
    }
    var all: [[Float]] {
        lock.lock()
        defer { lock.unlock() }
        return slots
    }
}
