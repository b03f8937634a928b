import Foundation
import KochCore

/// Reads the keying of a room's recording from the moments the key goes
/// down and up, where the room's echo has made the tone's level useless.
///
/// In a room, the sound at the tone's pitch is the direct sound plus every
/// echo of it; once a mark has sounded for a few tens of milliseconds the
/// echoes can add up to nearly the direct sound's size in the opposite
/// phase, so a mark dies to a murmur while the gap after it rings on. No
/// threshold on the level reads that. What survives is the direct sound's
/// own step: as the key goes down, the baseband changes within the edge's
/// few milliseconds by the direct sound's phasor, and as it goes up, by the
/// same phasor negated, before the echoes have had time to answer
/// (`KeyStepFinder`). Where the tone keeps its phase from mark to mark (an
/// oscillator keyed on and off), every key-down step points one way and
/// every key-up step the other, after turning at the small offset between
/// the tone and the pitch the decoder mixed it down from: so each step
/// says by its direction which way the key went.
///
/// `learn` finds the offset, the key-down direction and the size of a
/// step from a stretch of the recording (the decoder's warm-up); nil when
/// the steps do not keep one direction. The latch then reads steps as they
/// come: one clearly larger than the baseband's busyness around it, near
/// the size of the key's steps, and within `alignment` of the key-down
/// direction or its opposite, sets the key down or up. The direction is
/// followed as it turns. An echo building up right after a step makes a
/// weaker one of the opposite sense, and a key-down's echo dying away one
/// of the same sense as the next key-down: of several steps the same way
/// in a row, the largest is the key's. What comes out is a baseband that
/// is the step's size while the key is down and 0 while it is up, delayed
/// by the finder's reach and, while a step may still be outdone, by as
/// long as the key stays where it is.
struct TransitionLatch: Sendable {
    /// A step must be this many times the median change around it...
    static let contrast = 2.5
    /// ...and this share of the key's steps nearby (at least this share of the steps `learn`
    /// measured: in a long silence the largest steps nearby are the noise's)...
    static let shareOfReference = 0.35
    static let quietShareOfLevel = 0.5
    /// ...and lie within this cosine of the key-down direction or its opposite (37°).
    static let alignment = 0.8
    /// Steps that `learn` measures the direction by are this large a share of the key's steps.
    static let strongShareOfReference = 0.5
    /// The offset searched for, either side of the pitch the decoder mixed down from, and its steps.
    static let offsetRangeHz = 12.0
    static let coarseOffsetStepHz = 0.01
    static let fineOffsetStepHz = 0.0005
    /// `learn` needs this many strong steps...
    static let fewestSteps = 16
    /// ...keeping one direction this well: the length of the mean of their directions, doubled
    /// so that key-down and key-up count alike, as a share of their number.
    static let leastCoherence = 0.6
    /// A step after a spell this many times the typical one between steps follows a word's gap,
    /// and is the key going down (it tells the sense): a dit and the gaps inside a character
    /// last one unit, a dah and the gap between characters three, the gap between words seven.
    static let wordGapSpells = 4.5
    /// The direction followed moves this share of the way to each step's.
    static let followingShare = 0.1
    /// Of steps the same way, those within this long of each other are one: the largest counts.
    static let sameWaySeconds = 4.0

    private var finder: KeyStepFinder
    /// The offset of the tone from the mixing pitch, in radians per sample.
    let turnPerSample: Double
    /// The key-down direction at sample 0 (unit length), followed as the steps come.
    private var directionReal: Double
    private var directionImaginary: Double
    /// What comes out while the key is down: the size of a step.
    let keyDownLevel: Float
    private let sameWaySamples: Int

    /// A step that may still be outdone by a larger one the same way.
    private var pending: (sample: Int, isDown: Bool, magnitude: Double)?
    /// The key's changes not yet given out, and its state after the last one given out.
    private var changes: [(sample: Int, isDown: Bool)] = []
    private var lastChangeIsDown = false
    private var isDown = false
    /// Samples given out so far.
    private var outputCount = 0
    private var inputCount = 0

    private init(rate: Double, turnPerSample: Double, direction: (real: Double, imaginary: Double), keyDownLevel: Float) {
        finder = KeyStepFinder(rate: rate)
        self.turnPerSample = turnPerSample
        directionReal = direction.real
        directionImaginary = direction.imaginary
        self.keyDownLevel = keyDownLevel
        sameWaySamples = Int((Self.sameWaySeconds * rate).rounded())
    }

    /// A latch for a recording whose stretch `real`, `imaginary` (one channel's baseband at
    /// `rate`, from the recording's start) shows the key's steps keeping one direction; nil
    /// where they do not (too few steps, a tone whose phase starts afresh at each mark, talk
    /// or noise).
    static func learn(real: [Float], imaginary: [Float], rate: Double) -> TransitionLatch? {
        var finder = KeyStepFinder(rate: rate)
        let steps = finder.process(real: real[...], imaginary: imaginary[...]) + finder.finish()
        let strong = steps.filter {
            $0.magnitude >= strongShareOfReference * $0.referenceMagnitude && $0.magnitude >= contrast * $0.contextMagnitude
        }
        guard strong.count >= fewestSteps else { return nil }
        // Each step's direction doubled: key-down and key-up steps then point the same way.
        let doubled = strong.map { step -> (real: Double, imaginary: Double, sample: Double) in
            let size = step.magnitude
            let re = step.real / size, im = step.imaginary / size
            return (re * re - im * im, 2 * re * im, Double(step.sample))
        }
        func agreement(turn: Double) -> (real: Double, imaginary: Double) {
            var sumReal = 0.0, sumImaginary = 0.0
            for step in doubled {
                let angle = -2 * turn * step.sample
                let c = cos(angle), s = sin(angle)
                sumReal += step.real * c - step.imaginary * s
                sumImaginary += step.real * s + step.imaginary * c
            }
            return (sumReal, sumImaginary)
        }
        func turn(hertz: Double) -> Double { 2 * Double.pi * hertz / rate }
        func size(_ sum: (real: Double, imaginary: Double)) -> Double { (sum.real * sum.real + sum.imaginary * sum.imaginary).squareRoot() }
        func best(in offsets: [Double]) -> Double {
            offsets.map { (offset: $0, size: size(agreement(turn: turn(hertz: $0)))) }.max { $0.size < $1.size }?.offset ?? 0
        }
        let coarseCount = Int((2 * offsetRangeHz / coarseOffsetStepHz).rounded())
        let coarse = best(in: (0...coarseCount).map { -offsetRangeHz + Double($0) * coarseOffsetStepHz })
        let fineCount = Int((2 * coarseOffsetStepHz / fineOffsetStepHz).rounded())
        let offsetHz = best(in: (0...fineCount).map { coarse - coarseOffsetStepHz + Double($0) * fineOffsetStepHz })
        let turnPerSample = turn(hertz: offsetHz)
        let sum = agreement(turn: turnPerSample)
        let coherence = size(sum) / Double(strong.count)
        guard coherence >= leastCoherence else { return nil }
        // The direction, known up to its sense: half the doubled one's angle.
        let angle = atan2(sum.imaginary, sum.real) / 2
        var direction = (real: cos(angle), imaginary: sin(angle))
        // The sense: the step after a word's gap is the key going down. The longest spells
        // between steps are those gaps: longer than any mark.
        var spells = zip(strong.dropFirst(), strong).map { Double($0.sample - $1.sample) }
        let typicalSpell = spells.withUnsafeMutableBufferPointer { quickSelect($0, $0.count / 2) }
        var vote = 0.0
        for (index, step) in strong.enumerated() where index == 0 || Double(step.sample - strong[index - 1].sample) >= wordGapSpells * typicalSpell {
            let (re, im) = turned(step, by: turnPerSample)
            vote += re * direction.real + im * direction.imaginary > 0 ? 1 : -1
        }
        guard vote != 0 else { return nil }
        if vote < 0 { direction = (-direction.real, -direction.imaginary) }
        var sizes = strong.map(\.magnitude)
        let level = sizes.withUnsafeMutableBufferPointer { quickSelect($0, $0.count / 2) }
        return TransitionLatch(rate: rate, turnPerSample: turnPerSample, direction: direction, keyDownLevel: Float(level))
    }

    /// A step's change with the tone's offset turned back out of it.
    private static func turned(_ step: KeyStepFinder.Step, by turnPerSample: Double) -> (real: Double, imaginary: Double) {
        let angle = -turnPerSample * Double(step.sample)
        let c = cos(angle), s = sin(angle)
        return (step.real * c - step.imaginary * s, step.real * s + step.imaginary * c)
    }

    /// Takes the next samples of the channel learned from; returns the latch's baseband (real
    /// part; the imaginary part is 0) for the samples now decided.
    mutating func process(real: ArraySlice<Float>, imaginary: ArraySlice<Float>) -> [Float] {
        inputCount += real.count
        for step in finder.process(real: real, imaginary: imaginary) { read(step) }
        if let pending, finder.judgedThrough > pending.sample + sameWaySamples { commit() }
        return release(through: min(pending?.sample ?? Int.max, finder.judgedThrough))
    }

    /// The latch's baseband for every sample still held.
    mutating func finish() -> [Float] {
        for step in finder.finish() { read(step) }
        commit()
        return release(through: inputCount)
    }

    private mutating func read(_ step: KeyStepFinder.Step) {
        let size = step.magnitude
        let reference = max(step.referenceMagnitude, Self.quietShareOfLevel * Double(keyDownLevel))
        guard size > 0, size >= Self.contrast * step.contextMagnitude, size >= Self.shareOfReference * reference else {
            return
        }
        let (re, im) = Self.turned(step, by: turnPerSample)
        let unitReal = re / size, unitImaginary = im / size
        let cosine = unitReal * directionReal + unitImaginary * directionImaginary
        guard abs(cosine) >= Self.alignment else { return }
        let stepIsDown = cosine > 0
        // Follow the direction: move it part of the way to this step's (negated for a key-up).
        let sense = stepIsDown ? 1.0 : -1.0
        let sine = sense * (unitImaginary * directionReal - unitReal * directionImaginary)
        let turn = Self.followingShare * atan2(sine, sense * cosine)
        let c = cos(turn), s = sin(turn)
        (directionReal, directionImaginary) = (directionReal * c - directionImaginary * s, directionReal * s + directionImaginary * c)
        if let pending, pending.isDown == stepIsDown, step.sample - pending.sample <= sameWaySamples {
            if size > pending.magnitude { self.pending = (step.sample, stepIsDown, size) }
            return
        }
        commit()
        pending = (step.sample, stepIsDown, size)
    }

    private mutating func commit() {
        guard let step = pending.take() else { return }
        if step.isDown != lastChangeIsDown {
            changes.append((step.sample, step.isDown))
            lastChangeIsDown = step.isDown
        }
    }

    private mutating func release(through end: Int) -> [Float] {
        let end = min(end, inputCount)
        guard end > outputCount else { return [] }
        var output = [Float](repeating: 0, count: end - outputCount)
        var next = 0
        for index in 0..<output.count {
            let sample = outputCount + index
            while next < changes.count, changes[next].sample <= sample {
                isDown = changes[next].isDown
                next += 1
            }
            if isDown { output[index] = keyDownLevel }
        }
        changes.removeFirst(next)
        outputCount = end
        return output
    }
}
