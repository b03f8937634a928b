import Foundation

/// How loud one pitch sounds in a recording, frame by frame: the envelope in
/// which a known keying is looked for (`KeyingAlignment`).
///
/// The recording is mixed down at the pitch and averaged over milliseconds,
/// then each 10 ms frame takes a 30 ms Hann window around it: a tone 100 Hz
/// away (a learner's sidetone beside the lesson's) lies in the window's
/// sidelobes, some 30 dB down, while a keyed element of 40 ms still stands out.
public struct ToneEnvelope: Sendable, Hashable {
    /// The amplitude at the pitch in each frame, the frame's centre at `index × frameSeconds`.
    public let levels: [Float]

    public static let frameSeconds = 0.01
    /// The window each frame is measured over.
    static let windowSeconds = 0.03
    /// The step of the mixed-down signal.
    static let stepSeconds = 0.001

    public init(levels: [Float]) {
        self.levels = levels
    }

    /// The envelope of `samples` (mono, at `sampleRate`) at `frequencyHz`.
    public init(samples: [Float], sampleRate: Int, frequencyHz: Double) {
        let (real, imaginary, step) = Self.mixedDown(samples, sampleRate: sampleRate, frequencyHz: frequencyHz)
        let half = Int((Self.windowSeconds / step / 2).rounded())
        let window = (-half...half).map { 0.5 + 0.5 * cos(Double.pi * Double($0) / Double(half + 1)) }
        let windowSum = window.reduce(0, +)
        let frameCount = Int(Double(samples.count) / Double(max(sampleRate, 1)) / Self.frameSeconds)
        var levels = [Float](repeating: 0, count: frameCount)
        for frame in 0..<frameCount {
            // A step is a whole number of samples, so not always exactly a millisecond.
            let centre = Int((Double(frame) * Self.frameSeconds / step - 0.5).rounded())
            var sumReal = 0.0
            var sumImaginary = 0.0
            for (offset, weight) in zip(-half...half, window) {
                let index = centre + offset
                guard index >= 0, index < real.count else { continue }
                sumReal += weight * real[index]
                sumImaginary += weight * imaginary[index]
            }
            levels[frame] = Float((sumReal * sumReal + sumImaginary * sumImaginary).squareRoot() / windowSum)
        }
        self.levels = levels
    }

    public var durationSeconds: Double { Double(levels.count) * Self.frameSeconds }

    /// The recording mixed down to 0 Hz at `frequencyHz` and averaged over steps of about
    /// `stepSeconds` (`step`, a whole number of samples): what sounds within a few hundred hertz
    /// of the pitch, at about a thousand steps a second.
    static func mixedDown(_ samples: [Float], sampleRate: Int, frequencyHz: Double) -> (real: [Double], imaginary: [Double], step: Double) {
        let samplesPerStep = max(1, Int((Double(sampleRate) * stepSeconds).rounded()))
        let stepCount = samples.count / samplesPerStep
        var real = [Double](repeating: 0, count: stepCount)
        var imaginary = [Double](repeating: 0, count: stepCount)
        // The oscillator turns by a fixed angle a sample: a rotation, renormalised each step.
        let angle = 2 * Double.pi * frequencyHz / Double(sampleRate)
        let (turnCos, turnSin) = (cos(angle), -sin(angle))
        var (oscillatorCos, oscillatorSin) = (1.0, 0.0)
        samples.withUnsafeBufferPointer { samples in
            for step in 0..<stepCount {
                var sumReal = 0.0
                var sumImaginary = 0.0
                for index in (step * samplesPerStep)..<((step + 1) * samplesPerStep) {
                    let sample = Double(samples[index])
                    sumReal += sample * oscillatorCos
                    sumImaginary += sample * oscillatorSin
                    (oscillatorCos, oscillatorSin) = (
                        oscillatorCos * turnCos - oscillatorSin * turnSin, oscillatorCos * turnSin + oscillatorSin * turnCos
                    )
                }
                let norm = (oscillatorCos * oscillatorCos + oscillatorSin * oscillatorSin).squareRoot()
                (oscillatorCos, oscillatorSin) = (oscillatorCos / norm, oscillatorSin / norm)
                real[step] = sumReal / Double(samplesPerStep)
                imaginary[step] = sumImaginary / Double(samplesPerStep)
            }
        }
        return (real, imaginary, Double(samplesPerStep) / Double(sampleRate))
    }
}
