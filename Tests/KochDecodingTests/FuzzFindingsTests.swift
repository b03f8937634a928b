import Foundation
import KochCore
import KochTestSupport
import Testing

@testable import KochDecoding

/// Inputs the fuzz harnesses (Sources/KochFuzz, `make fuzz`) found to crash or hang koch,
/// kept as they were found.
@Suite struct FuzzFindingsTests {
    /// decoder-samples: `be 0d ff ff ff ff`, one NaN sample repeated over a second at
    /// 44.1 kHz in two channels, tone 104 Hz, speed 20 WPM: the tone search converted NaN to Int.
    @Test func recordingOfNaNSamplesDecodesToNothing() throws {
        let nan = Float(bitPattern: 0xFFFF_FFFF)
        let channels = [[Float]](repeating: [Float](repeating: nan, count: 22050), count: 2)
        let result = try DecodeSession.decode(channels: channels, sampleRate: 44100, toneHz: 104, speedWPM: 20)
        #expect(result.text.isEmpty)
    }

    /// A damaged float recording: NaN and infinite samples inside keying are read as
    /// silence, and the keying around them is still read.
    @Test func samplesThatAreNotNumbersAreReadAsSilence() throws {
        let keying = DecodingSignals.keying("PARIS", startWPM: 20, effectiveWPM: 20)
        var samples = DecodingSignals.tone(keying.intervals, durationSeconds: keying.endSeconds, frequencyHz: 600, sampleRate: 8000)
        for (index, value) in [Float.nan, .infinity, -.infinity].enumerated() { samples[samples.count / 2 + index] = value }
        let result = try DecodeSession.decode(channels: [samples], sampleRate: 8000)
        #expect(result.text == "PARIS")
    }

    /// decoder-samples: `9e 26 02 3b 7e ff`, one sample of −3.4·10³⁸ (finite, near the
    /// largest float) repeated over a second at 44.1 kHz in two channels, tone 304 Hz: the
    /// filters' sums overflowed to infinity and the tone search converted NaN to Int.
    @Test func recordingOfHugeSamplesDecodesToNothing() throws {
        let huge = Float(bitPattern: 0xFF7E_3B02)
        let channels = [[Float]](repeating: [Float](repeating: huge, count: 22050), count: 2)
        let result = try DecodeSession.decode(channels: channels, sampleRate: 44100, toneHz: 304)
        #expect(result.text.isEmpty)
    }

    /// Keying far louder than full scale (a float file scaled up by 10¹²) is clipped to a square wave, and read.
    @Test func keyingBeyondTheLargestSampleIsClippedAndRead() throws {
        let keying = DecodingSignals.keying("PARIS", startWPM: 20, effectiveWPM: 20)
        let samples = DecodingSignals.tone(keying.intervals, durationSeconds: keying.endSeconds, frequencyHz: 600, sampleRate: 8000)
        let result = try DecodeSession.decode(channels: [samples.map { $0 * 1e12 }], sampleRate: 8000)
        #expect(result.text == "PARIS")
    }

    /// paddle-log: an `evtest` log whose second event came 1.7·10¹¹ s after the first, a
    /// paddle held all that time: the keyer sounded it element by element and never finished.
    @Test func paddleHeldForThousandsOfYearsIsRefusedNotKeyed() {
        let log = """
            Event: time 1700000000.100000, type 1 (EV_KEY), code 29 (KEY_LEFTCTRL), value 1
            Event: time 170000000000.0030, type 1 (EV_KEY), code 97 (KEY_RIGHTCTRL), value 1
            """
        #expect {
            try PaddleLog(text: log)
        } throws: { error in
            (error as? PaddleLog.Problem)?.line == 2 && "\(error)".contains("up to 2 hours")
        }
        #expect(throws: PaddleLog.Problem.self) { try PaddleLog(text: "Event: time inf, type 1 (EV_KEY), code 29 (KEY_LEFTCTRL), value 1") }
    }

    /// Two hours, the longest practice a log is read for, still reads.
    @Test func paddleLogOfTwoHoursReads() throws {
        let log = try PaddleLog(text: "0 dit down\n0.05 dit up\n7199.8 dah down\n7200 dah up\n")
        #expect(log.events.count == 4)
    }
}
