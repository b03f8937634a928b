import Foundation

/// How strongly a recording sounds near one pitch, every `frameSeconds`: the recording mixed
/// down from the pitch to complex baseband at 1 kHz, and its power through a Hann window of
/// `windowSeconds` (a window of 12 ms passes a band of about ±60 Hz at no more than 4 dB
/// down; one of 60 ms shuts out a station 50 Hz away by 30 dB).
///
/// What it tells apart is where the recording is keyed near the pitch (`marks`, `stretches`),
/// how loud it is keyed there (`levelDB(in:)`) and at what pitch (`pitchHz(in:)`): the measures
/// by which two stations' overs are told apart (`StationSeparation`).
struct KeyingActivity {
    let toneHz: Double
    /// The baseband at `basebandRate`: real and imaginary parts.
    let real: [Double]
    let imaginary: [Double]
    /// The power of every frame, in dB.
    let levelsDB: [Double]
    /// Frames louder than this are keyed: halfway (in dB) from the quiet to the loud.
    let thresholdDB: Double
    /// How far the loud frames stand over the quiet ones.
    let spreadDB: Double
    let windowSamples: Int

    static let basebandRate = 1000.0
    static let frameSeconds = 0.005
    /// A recording keyed near the pitch stands this far over its quiet there.
    static let keyedSpreadDB = 10.0

    init(mono samples: [Float], sampleRate: Int, toneHz: Double, windowSeconds: Double) {
        self.toneHz = toneHz
        let rate = Double(sampleRate)
        let length = Int(Double(samples.count) * Self.basebandRate / rate)
        var real = [Double](repeating: 0, count: length), imaginary = real, counts = real
        let step = -2 * Double.pi * toneHz / rate
        var phasorReal = 1.0, phasorImaginary = 0.0
        let stepReal = cos(step), stepImaginary = sin(step)
        for index in samples.indices {
            let bucket = Int(Double(index) * Self.basebandRate / rate)
            guard bucket < length else { break }
            let sample = Double(samples[index])
            real[bucket] += sample * phasorReal
            imaginary[bucket] += sample * phasorImaginary
            counts[bucket] += 1
            (phasorReal, phasorImaginary) = (
                phasorReal * stepReal - phasorImaginary * stepImaginary, phasorReal * stepImaginary + phasorImaginary * stepReal
            )
            if index % 4096 == 0 {
                let norm = (phasorReal * phasorReal + phasorImaginary * phasorImaginary).squareRoot()
                phasorReal /= norm
                phasorImaginary /= norm
            }
        }
        for bucket in 0..<length where counts[bucket] > 0 {
            real[bucket] /= counts[bucket]
            imaginary[bucket] /= counts[bucket]
        }
        self.real = real
        self.imaginary = imaginary
        windowSamples = max(2, Int(windowSeconds * Self.basebandRate))
        levelsDB = Self.frameLevelsDB(real: real, imaginary: imaginary, windowSamples: windowSamples)
        let sorted = levelsDB.sorted()
        func percentile(_ share: Double) -> Double { sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int(share * Double(sorted.count)))] }
        let quiet = percentile(0.2), loud = percentile(0.97)
        spreadDB = loud - quiet
        thresholdDB = (quiet + loud) / 2
    }

    private static func frameLevelsDB(real: [Double], imaginary: [Double], windowSamples: Int) -> [Double] {
        let window = (0..<windowSamples).map { 0.5 - 0.5 * cos(2 * Double.pi * (Double($0) + 0.5) / Double(windowSamples)) }
        let gain = window.reduce(0, +)
        let hop = Int(frameSeconds * basebandRate)
        var levels: [Double] = []
        var start = 0
        while start + windowSamples <= real.count {
            var sumReal = 0.0, sumImaginary = 0.0
            for tap in 0..<windowSamples {
                sumReal += window[tap] * real[start + tap]
                sumImaginary += window[tap] * imaginary[start + tap]
            }
            levels.append(10 * log10((sumReal * sumReal + sumImaginary * sumImaginary) / (gain * gain) + 1e-20))
            start += hop
        }
        return levels
    }

    /// Whether anything is keyed near the pitch at all.
    var isKeyed: Bool { spreadDB >= Self.keyedSpreadDB }

    /// The time of a frame's centre, in seconds.
    func seconds(ofFrame frame: Int) -> Double {
        Double(frame) * Self.frameSeconds + Double(windowSamples) / (2 * Self.basebandRate)
    }

    /// Every run of keyed frames at least `shortestMarkSeconds` long, in seconds.
    var marks: [ClosedRange<Double>] {
        guard isKeyed else { return [] }
        var found: [ClosedRange<Double>] = []
        var start: Int?
        for frame in 0...levelsDB.count {
            if frame < levelsDB.count, levelsDB[frame] > thresholdDB {
                if start == nil { start = frame }
            } else if let first = start {
                let span = seconds(ofFrame: first) - Self.frameSeconds / 2...seconds(ofFrame: frame - 1) + Self.frameSeconds / 2
                if span.upperBound - span.lowerBound >= Self.shortestMarkSeconds { found.append(span) }
                start = nil
            }
        }
        return found
    }

    /// Shorter keyed runs are clicks and crashes, not marks.
    static let shortestMarkSeconds = 0.015

    /// The marks joined into stretches of keying wherever they pause less than `pauseSeconds`;
    /// a stretch of a single mark is no keying.
    func stretches(pausingOver pauseSeconds: Double) -> [(span: ClosedRange<Double>, marks: Int)] {
        var found: [(span: ClosedRange<Double>, marks: Int)] = []
        for mark in marks {
            if let last = found.last, mark.lowerBound - last.span.upperBound < pauseSeconds {
                found[found.count - 1] = (last.span.lowerBound...mark.upperBound, last.marks + 1)
            } else {
                found.append((mark, 1))
            }
        }
        return found.filter { $0.marks >= 2 }
    }
}
