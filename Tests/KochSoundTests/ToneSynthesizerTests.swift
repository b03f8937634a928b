import Foundation
import KochCore
import KochTestSupport
import Testing

@testable import KochSound

@Suite struct ToneSynthesizerTests {
    let text = try! MorseText(parsing: "PARIS KM 5?")

    @Test func envelopeCrossesHalfAmplitudeOnTheTimelinesSamples() {
        let timing = Timing(characterSpeedWPM: 25, effectiveSpeedWPM: 10)
        let timeline = Timeline(text: text, timing: timing)
        let synthesizer = ToneSynthesizer(frequencyHz: 700, sampleRate: 8000)
        let samples = synthesizer.render(timeline)
        let measured = KeyedIntervals.measure(samples.map(Double.init), frequencyHz: 700, sampleRate: 8000, amplitude: 0.708)
        #expect(measured.count == timeline.marks.count)
        for (mark, interval) in zip(timeline.marks, measured) {
            #expect(abs(interval.start - Double(synthesizer.sampleIndex(mark.startSeconds))) <= 1)
            #expect(abs(interval.end - Double(synthesizer.sampleIndex(mark.endSeconds))) <= 1)
        }
    }

    @Test func silenceIsExactlyZeroAndPeakHasHeadroom() {
        let timeline = Timeline(text: text, timing: Timing(characterSpeedWPM: 20, effectiveSpeedWPM: 12))
        let synthesizer = ToneSynthesizer(frequencyHz: 600, sampleRate: 22050)
        let samples = synthesizer.render(timeline)
        let peak = samples.map { abs($0) }.max() ?? 0
        #expect(abs(20 * log10(Double(peak)) - -3) < 0.1)
        #expect(samples.prefix(synthesizer.sampleIndex(0.4)).allSatisfy { $0 == 0 })
        #expect(samples.suffix(synthesizer.sampleIndex(0.4)).allSatisfy { $0 == 0 })
        for (a, b) in zip(timeline.marks, timeline.marks.dropFirst()) {
            let gapMiddle = synthesizer.sampleIndex((a.endSeconds + b.startSeconds) / 2)
            #expect(samples[gapMiddle] == 0)
        }
    }

    @Test func noStepAnywhereLargerThanThePureTonesSlope() {
        let timeline = Timeline(text: text, timing: Timing(characterSpeedWPM: 40, effectiveSpeedWPM: 40))
        let synthesizer = ToneSynthesizer(frequencyHz: 1000, sampleRate: 44100)
        let samples = synthesizer.render(timeline)
        // A sine of amplitude A moves at most A·2πf/fs from one sample to the next;
        // a key click or phase jump would move further.
        let limit = 0.708 * 2 * Double.pi * 1000 / 44100 * 1.01
        let largest = zip(samples, samples.dropFirst()).map { abs(Double($1 - $0)) }.max() ?? 0
        #expect(largest <= limit)
    }
}
