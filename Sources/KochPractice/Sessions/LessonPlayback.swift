import KochAudio

/// A lesson's sound as it is played, block by block, and how a pause sounds: with no hard edge.
///
/// A pause asked for while the tone sounds takes effect at the end of that element (`toneSpans`),
/// so no element is cut short and the lesson goes on, when resumed, from a silence between
/// elements, the characters whole. At the pause the sound fades out over `fadeFrames`, and at the
/// resumption in again, so that whatever else sounds there (band noise, another station) has no
/// hard edge either. Resumed before the pause has taken effect, the lesson plays on as if never
/// paused. It reads the lesson's sound and keeps its place: no device, no clock (`LessonPlayer`).
struct LessonPlayback {
    let sound: SampleSource
    /// Where the lesson's tone sounds, in samples, in order, its shaped edges included.
    let toneSpans: [Range<Int>]
    let fadeFrames: Int
    /// The next sample of the lesson to play (never past its end).
    private(set) var positionSamples = 0
    /// Where the pause asked for takes effect; nil while the lesson plays.
    private(set) var pauseAtSample: Int?
    /// How far the sound is faded in, in samples of the fade: `fadeFrames` while it plays, 0 once
    /// a pause has taken effect (counted whole, so that both ends are reached exactly).
    private var levelFrames: Int

    init(sound: SampleSource, toneSpans: [Range<Int>], fadeFrames: Int) {
        self.sound = sound
        self.toneSpans = toneSpans
        self.fadeFrames = max(1, fadeFrames)
        levelFrames = self.fadeFrames
    }

    /// Whether the pause has taken effect: the sound faded out, the place kept.
    var isSilent: Bool { pauseAtSample.map { positionSamples >= $0 } == true && levelFrames == 0 }

    /// Asks for a pause; returns how many samples play before it takes effect (the rest of the
    /// element sounding). Asking again while paused changes nothing.
    mutating func pause() -> Int {
        if let pauseAtSample { return max(0, pauseAtSample - positionSamples) }
        let position = positionSamples
        let sounding = toneSpans.first { $0.upperBound > position }.flatMap { $0.contains(position) ? $0 : nil }
        let pauseAt = min(sound.count, sounding?.upperBound ?? position)
        pauseAtSample = pauseAt
        return pauseAt - position
    }

    /// Lets the lesson go on from where the pause took effect, fading in.
    mutating func resume() { pauseAtSample = nil }

    /// Fills `block` with the next samples to play: the lesson's, faded at a pause, or silence.
    mutating func fill(_ block: UnsafeMutableBufferPointer<Float>) {
        block.update(repeating: 0)
        if isSilent { return }
        let start = positionSamples
        let available = max(0, min(block.count, sound.count - start))
        if available > 0 {
            sound.read(start..<(start + available), into: UnsafeMutableBufferPointer(rebasing: block[0..<available]))
        }
        if pauseAtSample == nil, levelFrames == fadeFrames {
            positionSamples += available
            return
        }
        for index in block.indices {
            let fadingOut = pauseAtSample.map { positionSamples >= $0 } ?? false
            levelFrames = fadingOut ? max(0, levelFrames - 1) : min(fadeFrames, levelFrames + 1)
            if fadingOut, levelFrames == 0, let pauseAtSample {
                // Faded out: silence from here, and the lesson resumes where the pause took effect.
                for rest in index..<block.count { block[rest] = 0 }
                positionSamples = pauseAtSample
                return
            }
            block[index] *= Self.shape(Float(levelFrames) / Float(fadeFrames))
            if positionSamples < sound.count { positionSamples += 1 }
        }
    }

    /// A smooth fade (smoothstep) from a linear `level`: no corner at either end.
    static func shape(_ level: Float) -> Float { level * level * (3 - 2 * level) }
}
