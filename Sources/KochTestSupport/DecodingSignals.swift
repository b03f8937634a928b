import Foundation
import KochCore

/// Test signals for the decoder: keyed tones with chosen timing, and the
/// impairments of real recordings (noise at a stated SNR, fading, hum).
public enum DecodingSignals {
    public static let morse: [Character: String] = MorseAlphabet.patterns.mapValues { $0 }

    /// Key-down intervals (seconds) for a text; `jitter` scales every element and
    /// gap by max(0.25, 1 + jitter·N(0,1)); the speed drifts linearly from
    /// `startWPM` to `endWPM`; gaps between characters and words are stretched
    /// to the Farnsworth `effectiveWPM` when given.
    public static func keying(
        _ text: String, startWPM: Double, endWPM: Double? = nil, effectiveWPM: Double? = nil,
        dahRatio: Double = 3, jitter: Double = 0, seed: UInt64 = 1, leadSeconds: Double = 0.5
    ) -> (intervals: [(Double, Double)], endSeconds: Double) {
        var random = SeededGenerator(seed: seed)
        func scale() -> Double { jitter == 0 ? 1 : max(0.25, 1 + jitter * gaussian(&random)) }
        let letters = text.filter { $0 != " " }.count
        var intervals: [(Double, Double)] = []
        var time = leadSeconds
        var index = 0
        for (wordIndex, word) in text.split(separator: " ").enumerated() {
            for (letterIndex, letter) in word.enumerated() {
                let wpm = startWPM + ((endWPM ?? startWPM) - startWPM) * Double(index) / Double(max(1, letters - 1))
                let dit = Timing.unitSeconds(wpm: wpm)
                let timing = Timing(characterSpeedWPM: wpm, effectiveSpeedWPM: effectiveWPM.map { min($0, wpm) })
                if letterIndex > 0 {
                    time += timing.durationSeconds(of: .character) * scale()
                } else if wordIndex > 0 {
                    time += timing.durationSeconds(of: .word) * scale()
                }
                for (elementIndex, element) in (morse[letter] ?? "").enumerated() {
                    if elementIndex > 0 { time += dit * scale() }
                    let length = (element == "." ? dit : dahRatio * dit) * scale()
                    intervals.append((time, time + length))
                    time += length
                }
                index += 1
            }
        }
        return (intervals, time + 0.5)
    }

    /// A keyed sine with 5 ms raised-cosine edges centred on the key instants. A chirping
    /// oscillator's pitch starts `chirpHz` high at every key-down and settles exponentially with
    /// the time constant `chirpSettleSeconds`; it runs on while the key is up, so the phase each
    /// chirp gained stays.
    public static func tone(
        _ intervals: [(Double, Double)], durationSeconds: Double, frequencyHz: Double,
        sampleRate: Int, amplitude: Double = 0.5, chirpHz: Double = 0, chirpSettleSeconds: Double = 0.015
    ) -> [Float] {
        var samples = [Float](repeating: 0, count: Int(durationSeconds * Double(sampleRate)))
        let rise = 0.005
        func chirpRadians(after seconds: Double) -> Double {
            2 * Double.pi * chirpHz * chirpSettleSeconds * (1 - exp(-max(0, seconds) / chirpSettleSeconds))
        }
        var chirpedBefore = 0.0
        for (start, end) in intervals {
            let first = max(0, Int((start - rise / 2) * Double(sampleRate)))
            let last = min(samples.count, Int((end + rise / 2) * Double(sampleRate)) + 1)
            guard first < last else { continue }
            for n in first..<last {
                let t = Double(n) / Double(sampleRate)
                let up = min(1, max(0, (t - start + rise / 2) / rise)), down = min(1, max(0, (end + rise / 2 - t) / rise))
                let envelope = 0.5 - 0.5 * cos(Double.pi * min(up, down))
                let phase = 2 * Double.pi * frequencyHz * t + chirpedBefore + chirpRadians(after: t - start + rise / 2)
                samples[n] += Float(amplitude * envelope * sin(phase))
            }
            chirpedBefore += chirpRadians(after: end - start + rise)
        }
        return samples
    }

    public static func gaussian(_ random: inout SeededGenerator) -> Double {
        let u = max(random.nextUnit(), 1e-12), v = random.nextUnit()
        return (-2 * log(u)).squareRoot() * cos(2 * Double.pi * v)
    }

    /// White noise scaled so that a tone of `amplitude` is `snrDB` above the noise in 500 Hz.
    public static func addWhiteNoise(_ samples: inout [Float], snrDB: Double, amplitude: Double = 0.5, sampleRate: Int, seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        // One-sided PSD of white noise of variance v is 2v/fs per hertz: 500 Hz holds 1000·v/fs.
        let variance = (amplitude * amplitude / 2) / pow(10, snrDB / 10) * Double(sampleRate) / 1000
        let deviation = variance.squareRoot()
        for index in samples.indices { samples[index] += Float(deviation * gaussian(&random)) }
    }

    /// Slow fading: gain in dB follows −depth·(1 − cos)/2 with a period of several seconds.
    public static func fade(_ samples: inout [Float], depthDB: Double, periodSeconds: Double, sampleRate: Int) {
        for index in samples.indices {
            let t = Double(index) / Double(sampleRate)
            let gainDB = -depthDB * (0.5 - 0.5 * cos(2 * Double.pi * t / periodSeconds))
            samples[index] *= Float(pow(10, gainDB / 20))
        }
    }

    /// A room's reverberation: the samples plus a diffuse tail, `directToReverberantDB` below
    /// the direct sound in energy and falling by 60 dB in `rt60Seconds`. The tail is velvet
    /// noise (sparse impulses of random sign, one every millisecond or so, under an
    /// exponential decay), whose echoes are as dense as a room's (Välimäki et al., "Use of
    /// velvet noise in digital audio effects", DAFx 2013), and cheap to convolve with.
    public static func addRoomReverberation(
        _ samples: inout [Float], directToReverberantDB: Double, rt60Seconds: Double, sampleRate: Int, seed: UInt64
    ) {
        var random = SeededGenerator(seed: seed)
        let length = Int(1.2 * rt60Seconds * Double(sampleRate)), spacing = max(2, sampleRate / 1000)
        var taps: [(delay: Int, gain: Double)] = []
        var start = Int(0.004 * Double(sampleRate))
        while start < length {
            let delay = start + Int(random.nextUnit() * Double(spacing - 1))
            let sign = random.nextUnit() < 0.5 ? -1.0 : 1.0
            taps.append((delay, sign * exp(-6.91 * Double(delay) / Double(sampleRate) / rt60Seconds)))
            start += spacing
        }
        let energy = taps.reduce(0) { $0 + $1.gain * $1.gain }
        let scale = (pow(10, -directToReverberantDB / 10) / energy).squareRoot()
        let dry = samples
        for (delay, gain) in taps {
            let g = Float(gain * scale)
            for index in delay..<samples.count { samples[index] += g * dry[index - delay] }
        }
    }

    /// A phone's automatic gain: a follower of the signal's level, rising within `attackSeconds`
    /// and falling within `releaseSeconds`, divides it, at most `maximumGainDB` louder than
    /// the loudest sample, so that the quiet between sounds is lifted towards the loudest.
    public static func applyAutomaticGain(
        _ samples: inout [Float], sampleRate: Int, maximumGainDB: Double = 30, attackSeconds: Double = 0.005, releaseSeconds: Double = 0.4
    ) {
        let attack = exp(-1 / (attackSeconds * Double(sampleRate))), release = exp(-1 / (releaseSeconds * Double(sampleRate)))
        let loudest = Double(samples.map(abs).max() ?? 0)
        let floor = max(loudest * pow(10, -maximumGainDB / 20), 1e-9)
        var follower = max(Double(samples.prefix(sampleRate / 20).map(abs).max() ?? 0), floor)
        for index in samples.indices {
            let level = Double(abs(samples[index]))
            let k = level > follower ? attack : release
            follower = k * follower + (1 - k) * level
            samples[index] = Float(Double(samples[index]) / max(follower, floor) * 0.5)
        }
    }

    /// Mains hum with harmonics, plus a DC offset.
    public static func addHum(_ samples: inout [Float], mainsHz: Double, amplitude: Double, offset: Double, sampleRate: Int) {
        for index in samples.indices {
            let t = Double(index) / Double(sampleRate)
            var hum = 0.0
            for (k, weight) in [1.0, 0.5, 0.3, 0.15, 0.1].enumerated() {
                hum += weight * amplitude * sin(2 * Double.pi * Double(k + 1) * mainsHz * t + Double(k))
            }
            samples[index] += Float(hum + offset)
        }
    }
}
