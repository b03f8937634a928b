import Foundation
import KochAudio
import KochCore
import KochSound
import Testing

@testable import KochPractice

/// A pause in live practice: at the end of the element sounding, faded out and in, no hard edge.
@Suite struct LessonPlaybackTests {
    static let rateHz = 48_000
    static let blockFrames = 256
    static let fadeFrames = 240
    /// One element of a 700 Hz tone at −3 dBFS from 0.1 s to 0.4 s, its edges shaped over 5 ms.
    static let toneSpan = 4800..<19_200

    static func tone(hum: Float = 0) -> [Float] {
        let synthesizer = ToneSynthesizer(frequencyHz: 700, sampleRate: rateHz)
        var samples = synthesizer.render([KeyedElement(element: nil, startSeconds: 0.1025, durationSeconds: 0.295)], durationSeconds: 0.6)
        // A hum under the tone, as band noise sounds in the gaps too.
        for index in samples.indices { samples[index] += hum * Float(sin(2 * Double.pi * 50 * Double(index) / Double(rateHz))) }
        return samples
    }

    /// Plays `sound` block by block, pausing after `pauseAfterBlocks` and resuming after `pausedBlocks` more.
    static func played(_ sound: [Float], pauseAfterBlocks: Int, pausedBlocks: Int) -> (samples: [Float], untilPause: Int) {
        var playback = LessonPlayback(sound: SampleSource(sound), toneSpans: [toneSpan], fadeFrames: fadeFrames)
        var played: [Float] = []
        var untilPause = -1
        var block = [Float](repeating: 0, count: blockFrames)
        var blocks = 0
        while playback.positionSamples < sound.count || playback.pauseAtSample != nil {
            if blocks == pauseAfterBlocks { untilPause = playback.pause() }
            if blocks == pauseAfterBlocks + pausedBlocks { playback.resume() }
            block.withUnsafeMutableBufferPointer { playback.fill($0) }
            played += block
            blocks += 1
        }
        return (played, untilPause)
    }

    /// The largest step from one sample to the next.
    static func largestStep(_ samples: [Float]) -> Float {
        zip(samples, samples.dropFirst()).map { abs($1 - $0) }.max() ?? 0
    }

    @Test func aPauseInTheMiddleOfAnElementWaitsForItsEndAndLosesNothing() {
        let sound = Self.tone()
        // 40 blocks in is 10,240 samples: the tone sounding.
        let (played, untilPause) = Self.played(sound, pauseAfterBlocks: 40, pausedBlocks: 100)
        #expect(untilPause == Self.toneSpan.upperBound - 40 * Self.blockFrames)
        // The element sounds whole, then silence, then the lesson goes on from where it paused.
        let pauseAt = Self.toneSpan.upperBound
        #expect(played[0..<pauseAt].elementsEqual(sound[0..<pauseAt]))
        let resumedAt = 140 * Self.blockFrames
        #expect(played[pauseAt..<resumedAt].allSatisfy { $0 == 0 })
        #expect(played[resumedAt...].prefix(sound.count - pauseAt).elementsEqual(sound[pauseAt...]))
        #expect(Self.largestStep(played) <= Self.largestStep(sound))
    }

    @Test func whatSoundsAroundAPauseFadesOutAndInWithNoHardEdge() {
        // A hum of a third of full scale would jump by up to that much at a pause cut hard.
        let sound = Self.tone(hum: 0.3)
        let (played, _) = Self.played(sound, pauseAfterBlocks: 40, pausedBlocks: 100)
        let pauseAt = Self.toneSpan.upperBound
        #expect(played[0..<pauseAt].elementsEqual(sound[0..<pauseAt]))
        #expect(played[(pauseAt + Self.fadeFrames)..<(pauseAt + 10 * Self.fadeFrames)].allSatisfy { $0 == 0 })
        // The fades add a slope of at most 1.5 × 0.3 over 240 samples to the sound's own.
        #expect(Self.largestStep(played) <= Self.largestStep(sound) + 0.3 * 1.5 / Float(Self.fadeFrames) + 1e-4)
        // Resumed, once faded in, the lesson goes on from where it paused.
        let resumedAt = 140 * Self.blockFrames + Self.fadeFrames
        let rest = sound[(pauseAt + Self.fadeFrames)...]
        #expect(played[resumedAt...].prefix(rest.count).elementsEqual(rest))
    }

    @Test func aPauseBetweenElementsTakesEffectAtOnce() {
        var playback = LessonPlayback(sound: SampleSource(Self.tone()), toneSpans: [Self.toneSpan], fadeFrames: Self.fadeFrames)
        var block = [Float](repeating: 0, count: Self.blockFrames)
        block.withUnsafeMutableBufferPointer { playback.fill($0) }
        #expect(playback.pause() == 0)
        block.withUnsafeMutableBufferPointer { playback.fill($0) }
        #expect(playback.isSilent && playback.positionSamples == Self.blockFrames)
    }

    @Test func resumedBeforeThePauseTookEffectTheLessonPlaysOnAsIfNeverPaused() {
        let sound = Self.tone()
        let (played, untilPause) = Self.played(sound, pauseAfterBlocks: 40, pausedBlocks: 2)
        #expect(untilPause > 2 * Self.blockFrames)
        #expect(played.prefix(sound.count).elementsEqual(sound))
    }
}
