import Foundation
import KochAudio
import Testing

/// Speech is made at espeak-ng's 22050 Hz and brought to the lesson's rate.
struct SampleRateConverterTests {
    static let speechRate = 22050

    static func sine(_ frequencyHz: Double, rate: Int, seconds: Double = 1) -> [Float] {
        (0..<Int(seconds * Double(rate))).map { Float(0.5 * sin(2 * Double.pi * frequencyHz * Double($0) / Double(rate))) }
    }

    /// The level of `frequencyHz` in the middle half of `samples` (Hann window), in dB of a full-scale sine.
    static func levelDB(of frequencyHz: Double, in samples: [Float], rate: Int) -> Double {
        let middle = Array(samples[(samples.count / 4)..<(3 * samples.count / 4)])
        var real = 0.0, imaginary = 0.0
        for (index, sample) in middle.enumerated() {
            let window = 0.5 - 0.5 * cos(2 * Double.pi * Double(index) / Double(middle.count))
            let phase = 2 * Double.pi * frequencyHz * Double(index) / Double(rate)
            real += window * Double(sample) * cos(phase)
            imaginary += window * Double(sample) * sin(phase)
        }
        return 20 * log10(max((real * real + imaginary * imaginary).squareRoot() * 4 / Double(middle.count), 1e-30))
    }

    @Test(arguments: [44100, 48000, 32000])
    func speechUpToALessonsRateKeepsATonesLevelAndLeavesNoImage(rate: Int) throws {
        let converted = try SampleRateConverter(inputRateHz: Self.speechRate, outputRateHz: rate).convert(Self.sine(1000, rate: Self.speechRate))
        #expect(converted.count == rate)
        let tone = Self.levelDB(of: 1000, in: converted, rate: rate)
        #expect(abs(tone - Self.levelDB(of: 1000, in: Self.sine(1000, rate: rate), rate: rate)) < 0.1)
        // The image about the speech rate's Nyquist frequency.
        #expect(Self.levelDB(of: Double(Self.speechRate) - 1000, in: converted, rate: rate) < tone - 90)
    }

    @Test func speechDownToEightKilohertzKeepsTheBandAndDropsWhatWouldFoldIntoIt() throws {
        let converter = try SampleRateConverter(inputRateHz: Self.speechRate, outputRateHz: 8000)
        let kept = try converter.convert(Self.sine(1000, rate: Self.speechRate))
        #expect(kept.count == 8000)
        #expect(abs(Self.levelDB(of: 1000, in: kept, rate: 8000) - Self.levelDB(of: 1000, in: Self.sine(1000, rate: 8000), rate: 8000)) < 0.1)
        // 6 kHz is above 8 kHz's Nyquist: it would fold onto 2 kHz.
        let dropped = try converter.convert(Self.sine(6000, rate: Self.speechRate))
        #expect(Self.levelDB(of: 2000, in: dropped, rate: 8000) < Self.levelDB(of: 1000, in: kept, rate: 8000) - 90)
    }

    @Test(arguments: [44100, 48000, 8000])
    func aClickStaysWhereItWasInTime(rate: Int) throws {
        var samples = [Float](repeating: 0, count: Self.speechRate / 2)
        samples[4410] = 1
        let converted = try SampleRateConverter(inputRateHz: Self.speechRate, outputRateHz: rate).convert(samples)
        #expect(converted.count == rate / 2)
        let loudest = try #require(converted.indices.max { abs(converted[$0]) < abs(converted[$1]) })
        #expect(abs(Double(loudest) - 0.2 * Double(rate)) <= 1)
    }
}
