import Foundation
import KochCore
import KochTestSupport
import Testing

@testable import KochDecoding

/// The live decoder's "key is down / has rested since": from the threshold's decisions, as a
/// keying fed in blocks sounds, before the characters are read. A contact's over ends after a
/// pause timed from it, never in the middle of a long character (the 0s of 100, the 9s of 599).
@Suite struct LiveDecoderRestTests {
    static let sampleRate = 8000
    static let speedWPM = 20.0
    static let toneHz = 700.0

    /// What the decoder says after each block of 20 ms: the stream's time at the block's end,
    /// whether a mark is on, and the last mark's end.
    struct Reading {
        let seconds: Double
        let isMarkOn: Bool
        let lastMarkEndSeconds: Double?
    }

    static func readings(of text: String, seed: UInt64) throws -> (marks: [(Double, Double)], readings: [Reading]) {
        let (marks, end) = DecodingSignals.keying(text, startWPM: speedWPM, jitter: 0.05, seed: seed, leadSeconds: 0.7)
        var samples = DecodingSignals.tone(marks, durationSeconds: end + 1.5, frequencyHz: toneHz, sampleRate: sampleRate)
        DecodingSignals.addWhiteNoise(&samples, snrDB: 20, sampleRate: sampleRate, seed: seed + 10)
        var decoder = try LiveDecoder(sampleRateHz: sampleRate, toneHz: toneHz, speedWPM: speedWPM)
        var readings: [Reading] = []
        let block = sampleRate / 50
        for start in stride(from: 0, to: samples.count, by: block) {
            let end = min(samples.count, start + block)
            _ = samples[start..<end].withUnsafeBufferPointer { decoder.process($0) }
            readings.append(
                Reading(seconds: Double(end) / Double(sampleRate), isMarkOn: decoder.isMarkOn, lastMarkEndSeconds: decoder.lastMarkEndSeconds))
        }
        return (marks, readings)
    }

    @Test(arguments: [UInt64(1), 2, 3])
    func restsFromTheLastMarksEndAndIsOnThroughALongDah(seed: UInt64) throws {
        let (marks, readings) = try Self.readings(of: "KMRS UAPT 599 100", seed: seed)
        let lastEnd = try #require(marks.last?.1)
        let final = try #require(readings.last)
        #expect(!final.isMarkOn)
        let restingSince = try #require(final.lastMarkEndSeconds)
        #expect(abs(restingSince - lastEnd) < 0.005, "\(restingSince) against \(lastEnd)")
        // Once the tone is found (a second or two), through every dah of the last word: on from
        // the decisions' lag after its start to its end.
        let dah = 3 * Timing.unitSeconds(wpm: Self.speedWPM)
        // Its decisions lag the sound by 60 to 105 ms (the matched filter, the segmenter, a block).
        let lag = 0.11
        for (start, end) in marks where start > 3 && end - start > 0.7 * dah {
            let during = readings.filter { $0.seconds >= start + lag && $0.seconds <= end }
            #expect(!during.isEmpty)
            #expect(during.allSatisfy { $0.isMarkOn }, "the dah from \(start) to \(end)")
        }
        // Between marks, once the decisions have passed a mark's end, it rests from there.
        for ((_, end), (next, _)) in zip(marks, marks.dropFirst()) where end > 3 && next - end > 2 * lag {
            let resting = readings.filter { $0.seconds >= end + lag && $0.seconds < next }
            #expect(resting.allSatisfy { !$0.isMarkOn && abs(($0.lastMarkEndSeconds ?? 0) - end) < 0.005 }, "after the mark ending at \(end)")
        }
    }

    @Test func nothingIsKnownWhileTheToneIsSearchedFor() throws {
        let decoder = try LiveDecoder(sampleRateHz: Self.sampleRate, toneHz: nil, speedWPM: nil)
        #expect(!decoder.isMarkOn)
        #expect(decoder.lastMarkEndSeconds == nil)
    }
}
