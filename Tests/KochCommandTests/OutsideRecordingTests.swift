import Foundation
import KochAudio
import KochCore
import Testing

/// Files made elsewhere, the way other generators and receivers make them:
/// harmonics, a carrier beside the keyed tone, clicks and crashes, pauses
/// between overs, low sample rates and high tones. Each is decoded through
/// the binary as a user would.
@Suite struct OutsideRecordingTests {
    /// Keys `text` at standard spacing (no Farnsworth unless `farnsworthWPM` is given) with hard
    /// edges, as simple generators do; `waveform` gives the sound of key-down at a time in seconds,
    /// `background` what sounds all the time.
    static func keyed(
        _ text: String, speedWPM: Double, sampleRate: Int = 8000, leadSeconds: Double = 0.5, tailSeconds: Double = 0.5,
        farnsworthWPM: Double? = nil, noiseDeviation: Double = 0.002, seed: UInt64 = 3, edgeSeconds: Double = 0,
        waveform: (Double) -> Double, background: (Double) -> Double = { _ in 0 }
    ) -> (samples: [Float], marks: [(start: Double, end: Double)]) {
        let dit = Timing.unitSeconds(wpm: speedWPM)
        var characterGap = 3 * dit, wordGap = 7 * dit
        if let farnsworthWPM {
            let added = (60 * speedWPM - 37.2 * farnsworthWPM) / (speedWPM * farnsworthWPM)
            characterGap = 3 * added / 19
            wordGap = 7 * added / 19
        }
        var marks: [(start: Double, end: Double)] = []
        var time = leadSeconds
        for (wordIndex, word) in text.split(separator: " ").enumerated() {
            if wordIndex > 0 { time += wordGap }
            for (letterIndex, letter) in word.enumerated() {
                if letterIndex > 0 { time += characterGap }
                for (index, element) in (MorseAlphabet.symbol(for: letter)?.elements ?? []).enumerated() {
                    if index > 0 { time += dit }
                    let length = element == .dit ? dit : 3 * dit
                    marks.append((time, time + length))
                    time += length
                }
            }
        }
        let rate = Double(sampleRate)
        var samples = [Float](repeating: 0, count: Int((time + tailSeconds) * rate))
        for mark in marks {
            for n in Int(mark.start * rate)..<min(samples.count, Int(mark.end * rate)) {
                let t = Double(n) / rate
                let edge = edgeSeconds > 0 ? min(1, (t - mark.start) / edgeSeconds, (mark.end - t) / edgeSeconds) : 1
                samples[n] = Float(waveform(t) * (0.5 - 0.5 * cos(Double.pi * edge)))
            }
        }
        var random = SeededGenerator(seed: seed)
        for n in samples.indices {
            let u = max(random.nextUnit(), 1e-12), v = random.nextUnit()
            let gaussian = (-2 * log(u)).squareRoot() * cos(2 * Double.pi * v)
            samples[n] += Float(background(Double(n) / rate) + noiseDeviation * gaussian)
        }
        return (samples, marks)
    }

    static func sine(_ frequencyHz: Double, amplitude: Double = 0.4, phase: Double = 0) -> (Double) -> Double {
        { amplitude * sin(2 * Double.pi * frequencyHz * $0 + phase) }
    }

    func decode(_ samples: [Float], sampleRate: Int = 8000, _ extra: [String] = [], name: String = #function) throws -> (
        text: String, report: [String: Any], result: KochBinary.Result
    ) {
        let path = try KochBinary.scratchFolder() + "/\(name.prefix { $0 != "(" }).wav"
        try WAVWriter.write(samples, sampleRate: sampleRate, to: path)
        let result = try KochBinary.run(["decode", path, "--json"] + extra)
        let report = (try? JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))) as? [String: Any] ?? [:]
        return (report["text"] as? String ?? "", report, result)
    }

    static let text = "CQ TEST DE W2ASM PARIS 73"

    @Test func harmonicsLouderThanTheFundamentalAreReadAtTheFundamental() throws {
        // A small speaker: the second and third harmonics louder than the 350 Hz fundamental.
        let (samples, _) = Self.keyed(Self.text, speedWPM: 18) { t in
            0.12 * sin(2 * Double.pi * 350 * t) + 0.4 * sin(2 * Double.pi * 700 * t + 1) + 0.28 * sin(2 * Double.pi * 1050 * t + 2)
        }
        let decoded = try decode(samples)
        #expect(decoded.text == Self.text, "\(decoded.result.standardError)")
        let tone = try #require(decoded.report["toneHz"] as? Double)
        #expect(abs(tone - 350) < 10, "the fundamental is the tone, not \(tone) Hz")
        #expect((decoded.report["implausible"] as? [String] ?? ["?"]).isEmpty, "a harmonic is no rival tone: \(decoded.report["implausible"] ?? "")")
    }

    @Test func aSquareWaveOscillatorIsCopiedExactly() throws {
        let (samples, _) = Self.keyed(Self.text, speedWPM: 15, noiseDeviation: 0) { t in
            sin(2 * Double.pi * 300 * t) >= 0 ? 0.4 : -0.4
        }
        let decoded = try decode(samples)
        #expect(decoded.text == Self.text, "\(decoded.result.standardError)")
    }

    @Test func aCarrierFortyHertzAwayIsPassedOver() throws {
        // As loud as the keyed tone, 40 Hz above it, sounding all the time.
        let (samples, _) = Self.keyed(
            Self.text + " " + Self.text, speedWPM: 12, noiseDeviation: 0.01, waveform: Self.sine(581),
            background: Self.sine(621, phase: 0.5))
        let decoded = try decode(samples)
        #expect(decoded.text == Self.text + " " + Self.text, "\(decoded.result.standardError)")
        let carriers = decoded.report["steadyTonesHz"] as? [Double] ?? []
        #expect(carriers.contains { abs($0 - 621) < 10 }, "the carrier is named: \(carriers)")
    }

    @Test func aLouderCarrierAHundredHertzAwayIsPassedOver() throws {
        let (samples, _) = Self.keyed(
            Self.text + " " + Self.text, speedWPM: 20, sampleRate: 44100, noiseDeviation: 0.02,
            waveform: Self.sine(600, amplitude: 0.15), background: Self.sine(700, amplitude: 0.47))
        let decoded = try decode(samples, sampleRate: 44100)
        #expect(decoded.text == Self.text + " " + Self.text, "\(decoded.result.standardError)")
    }

    @Test func clicksBetweenAndAroundTheCharactersAreNotRead() throws {
        let text = "SOS PARIS CQ DE W2ASM TEST QRZ"
        let rate = 44100.0
        var (samples, marks) = Self.keyed(
            text, speedWPM: 20, sampleRate: 44100, leadSeconds: 0.2, tailSeconds: 0.2,
            noiseDeviation: 0.02, edgeSeconds: 0.005, waveform: Self.sine(650))
        // Clicks of the tone, 1 to 10 ms long and louder than it, anywhere in the spaces of 0.1 s
        // or more; one at the very start and one at the very end of the file.
        var random = SeededGenerator(seed: 21)
        let spaces = zip(marks, marks.dropFirst()).filter { $0.1.start - $0.0.end > 0.1 }.map { ($0.0.end, $0.1.start) }
        var clicks = [(0.05, 0.004), (Double(samples.count) / rate - 0.02, 0.004)]
        for _ in 0..<8 {
            let (start, end) = spaces[Int(random.nextUnit() * Double(spaces.count))]
            clicks.append((start + random.nextUnit() * (end - start - 0.01), 0.001 + 0.009 * random.nextUnit()))
        }
        for (start, length) in clicks {
            for n in Int(start * rate)..<min(samples.count, Int((start + length) * rate)) {
                samples[n] += Float(0.6 * sin(2 * Double.pi * 650 * Double(n) / rate))
            }
        }
        let decoded = try decode(samples, sampleRate: 44100)
        #expect(decoded.text == text, "\(decoded.result.standardError)")
    }

    @Test func burstsInLongSpacesAreNotRead() throws {
        // Farnsworth spacing at 5 WPM leaves spaces of seconds; in each word space, a crash rings through the
        // receiver's filter at the tone's pitch for 15 ms (under a fifth of the 80 ms dit).
        var (samples, marks) = Self.keyed("PARIS QUICK BROWN FOX", speedWPM: 15, farnsworthWPM: 5, noiseDeviation: 0.01, waveform: Self.sine(600))
        for (mark, next) in zip(marks, marks.dropFirst()) where next.start - mark.end > 3 {
            let start = Int((mark.end + next.start) / 2 * 8000)
            for n in start..<(start + 120) { samples[n] += Float(0.4 * sin(2 * Double.pi * 600 * Double(n) / 8000)) }
        }
        let decoded = try decode(samples)
        #expect(decoded.text == "PARIS QUICK BROWN FOX", "\(decoded.result.standardError)")
    }

    @Test func pausesBetweenOversDoNotSwallowTheWordSpaces() throws {
        let overs = ["CQ TEST YU7NKA", "YU7NKA DL1ABC", "DL1ABC 599 001", "TU 599 002", "QRZ", "R 73", "TU", "G4XYZ", "G4XYZ 599 003", "TU 599"]
        var samples: [Float] = []
        for (index, over) in overs.enumerated() {
            samples +=
                Self.keyed(
                    over, speedWPM: 24, leadSeconds: 0.8, tailSeconds: 0.8, noiseDeviation: 0.01, seed: UInt64(index + 1),
                    waveform: Self.sine(650)
                ).samples
        }
        let decoded = try decode(samples)
        #expect(decoded.text == overs.joined(separator: " "), "\(decoded.result.standardError)")
    }

    @Test func standardSpacingAtTwelveWordsAMinuteInNoiseIsCopiedExactly() throws {
        // Another generator's practice file: 1/3/7 spacing, hard edges, noise over the whole 8 kHz band.
        let text = "THE QUICK BROWN FOX JUMPS OVER THE LAZY DOG 0123456789"
        let (samples, _) = Self.keyed(text, speedWPM: 12, noiseDeviation: 0.25, waveform: Self.sine(700))
        let decoded = try decode(samples)
        #expect(decoded.text == text, "\(decoded.result.standardError)")
        let snr = try #require(decoded.report["snrDB"] as? Double)
        #expect(snr < 14, "as noisy as the outside files: \(snr) dB")
    }

    @Test func noCharacterIsSplitWhereTheDecodersBlocksEnd() throws {
        // Five words a minute for over two minutes: every Z whole, wherever the warm-up and blocks end.
        let text = "ZQY ZZJ XZQ ZZZ JZX QZZ ZYZ ZZQ XZZ ZJZ ZQZ YZZ"
        let (samples, _) = Self.keyed(text, speedWPM: 5, noiseDeviation: 0.01, waveform: Self.sine(650))
        #expect(samples.count > 8000 * 120)
        let decoded = try decode(samples)
        #expect(decoded.text == text, "\(decoded.result.standardError)")
    }

    @Test func aRecordingSampledAtThreeKilohertzIsRead() throws {
        let (samples, _) = Self.keyed(Self.text, speedWPM: 20, sampleRate: 3000, waveform: Self.sine(700))
        let decoded = try decode(samples, sampleRate: 3000)
        #expect(decoded.text == Self.text, "\(decoded.result.standardError)")
    }

    @Test func aToneAboveTwoKilohertzIsReadWhenGiven() throws {
        let (samples, _) = Self.keyed(Self.text, speedWPM: 20, sampleRate: 16000, waveform: Self.sine(2500))
        let decoded = try decode(samples, sampleRate: 16000, ["--tone", "2500"])
        #expect(decoded.text == Self.text, "\(decoded.result.standardError)")
        // Above 0.45 of the sample rate: the error says how high a tone may be.
        let tooHigh = try decode(samples, sampleRate: 16000, ["--tone", "7500"])
        #expect(!tooHigh.result.succeeded)
        #expect(tooHigh.result.standardError.contains("7200 Hz"), "\(tooHigh.result.standardError)")
    }

    @Test func aToneOutsideTheSearchIsNamedWithWhatToPass() throws {
        let (samples, _) = Self.keyed(Self.text, speedWPM: 20, sampleRate: 8000, noiseDeviation: 0.05, waveform: Self.sine(150))
        // Searched for, the 150 Hz tone is not found, and the message says what --tone takes.
        let searched = try decode(samples)
        #expect(searched.text.isEmpty)
        #expect(
            searched.result.standardError.contains("between 300 and 1500 Hz")
                && searched.result.standardError.contains("--tone (any pitch from 100 Hz to 0.45 of the sample rate)"),
            "\(searched.result.standardError)")
        let given = try decode(samples, ["--tone", "150"])
        #expect(given.text == Self.text, "\(given.result.standardError)")
    }
}
