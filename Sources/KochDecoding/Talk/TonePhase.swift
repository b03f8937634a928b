import Foundation
import KochCore

/// The keyed tone's phase from mark to mark: whether a mark is the tone, or
/// talk sounding through its filter.
///
/// An oscillator that runs on while the key is up (a sidetone, a lesson's
/// tone) comes back at each key-down with the phase it would have had: at
/// baseband its marks' mean outputs turn at one small, steady rate (the
/// tone's offset from the mixing pitch). A voice's harmonic crossing the
/// filter arrives at any phase. Where the recent marks agree on such a
/// rate (`leastCoherence`), a mark is the tone's when its phase is within
/// `agreementRadians` of the one they foretell: a mark that talk bent off
/// the tone's pitch is kept if it is still as loud as the tone in that phase
/// (`rescueShare`), and a mark at the tone's pitch whose phase is another
/// is passed over. Where the tone restarts its phase at each mark, the marks
/// never agree and nothing is judged by it.
///
/// The tone's marks read at its pitch agree with the phase foretold, and so
/// do most that talk bent off it; of talk's marks that pass the pitch test,
/// few do.
struct TonePhase: Sendable {
    /// A mark's mean output over its middle, when it was (in seconds) and its mean pitch.
    struct Mark: Sendable {
        let timeSeconds: Double
        let real: Double
        let imaginary: Double
        let offsetHz: Double
    }

    /// The marks that taught the phase, in the order they did: their time, unit phasor and pitch.
    private var recent: [(timeSeconds: Double, real: Double, imaginary: Double, offsetHz: Double)] = []

    private var unforetoldInRow = 0

    /// The phase as learned so far, to judge the same recording again from its start.
    var primed: TonePhase {
        var phase = self
        phase.unforetoldInRow = 0
        return phase
    }

    static let recentCount = 20
    /// This many marks in a row at the tone's pitch and another phase start the phase afresh.
    static let unforetoldToRelearn = 3
    static let fewestMarks = 8
    /// The marks nearest a mark in time whose phases, turned to its time, foretell its phase.
    static let referenceCount = 5
    /// The newest marks whose median pitch centres the search for the rate.
    static let pitchCount = 15
    /// The rate is searched this far either side of the recent marks' median pitch...
    static let searchHz = 0.5
    /// ...in steps of this much.
    static let searchStepHz = 0.002
    /// The recent marks, turned at the rate found, must agree this well (the length of their
    /// mean unit phasor) for a mark to be judged by its phase.
    static let leastCoherence = 0.9
    static let agreementRadians = 35.0 * Double.pi / 180
    /// A mark bent off the tone's pitch is the tone's when its output in the phase foretold
    /// is at least this share of the tone's level: the tone's own and the talk's over it.
    static let rescueShare = 0.85

    /// What the phase made of a mark: whether it is the tone's, and whether its phase agreed
    /// within `closeAgreementRadians` of the one foretold (true where the phase did not judge it).
    struct Judgement: Sendable {
        let isTone: Bool
        let agreesClosely: Bool
    }

    /// A mark that may be read alone as an E (`mayStandAlone`) is the tone's only if its phase
    /// agrees this closely (`EnvelopePipeline` holds it until the space after it shows whether
    /// it does stand alone). Where talk is heard, a voice's harmonic at the tone's pitch by
    /// chance makes short marks in the gaps, at any phase; the tone's short marks mostly agree
    /// within this, and most of those that agree less closely (though within
    /// `agreementRadians`) are talk's. It is asked only of a mark that stands alone: asked of
    /// every short mark, it passes over too many of the tone's inside characters.
    static let closeAgreementRadians = 15.0 * Double.pi / 180

    /// Judges `mark`, given whether its pitch was read as another (`offPitch`) and the tone's
    /// level. Unless the phase `judges` (once talk is heard), a mark is the tone's by its pitch
    /// alone, and teaches the phase if so (foretelling each mark, a search over 500 rates, would
    /// cost time and tell nothing while the pitch judges); once it judges, only marks that
    /// agree with the phase foretold teach it, and a mark that may be read alone as an E
    /// (`mayStandAlone`) only where it agrees closely.
    mutating func judge(_ mark: Mark, offPitch: Bool, markLevel: Double, judges: Bool, mayStandAlone: Bool = false) -> Judgement {
        let magnitude = (mark.real * mark.real + mark.imaginary * mark.imaginary).squareRoot()
        guard magnitude > 0 else { return Judgement(isTone: !offPitch, agreesClosely: true) }
        var isTone = !offPitch
        var agreesClosely = true
        if judges, let foretold = foretold(atSeconds: mark.timeSeconds) {
            let cosine = (mark.real * foretold.real + mark.imaginary * foretold.imaginary) / magnitude
            let agrees = cosine >= cos(Self.agreementRadians)
            agreesClosely = cosine >= cos(Self.closeAgreementRadians)
            isTone = agrees && (!offPitch || magnitude * cosine >= Self.rescueShare * markLevel)
            // Marks at the tone's pitch, one after another at another phase: the tone's phase
            // moved (a new take, the oscillator restarted). It is learned again from them.
            unforetoldInRow = !offPitch && !agrees ? unforetoldInRow + 1 : 0
            if unforetoldInRow >= Self.unforetoldToRelearn {
                recent.removeAll()
                unforetoldInRow = 0
                isTone = true
                agreesClosely = true
            }
        }
        if isTone && (agreesClosely || !mayStandAlone) {
            recent.append((mark.timeSeconds, mark.real / magnitude, mark.imaginary / magnitude, mark.offsetHz))
            if recent.count > Self.recentCount { recent.removeFirst() }
        }
        return Judgement(isTone: isTone, agreesClosely: agreesClosely)
    }

    /// The unit phasor the recent marks foretell at `seconds`; nil until they agree on a rate.
    private func foretold(atSeconds seconds: Double) -> (real: Double, imaginary: Double)? {
        guard recent.count >= Self.fewestMarks else { return nil }
        let pitches = recent.suffix(Self.pitchCount).map(\.offsetHz).sorted()
        let centreHz = pitches[pitches.count / 2]
        let steps = Int((2 * Self.searchHz / Self.searchStepHz).rounded())
        let firstHz = centreHz - Self.searchHz
        // Each mark's phasor turned back by the trial rate, the rate stepped by a rotation per mark.
        var turnedReal = [Double](repeating: 0, count: recent.count)
        var turnedImaginary = [Double](repeating: 0, count: recent.count)
        for (index, mark) in recent.enumerated() {
            let angle = -2 * Double.pi * firstHz * mark.timeSeconds
            turnedReal[index] = mark.real * cos(angle) - mark.imaginary * sin(angle)
            turnedImaginary[index] = mark.real * sin(angle) + mark.imaginary * cos(angle)
        }
        let stepReal = recent.map { cos(-2 * Double.pi * Self.searchStepHz * $0.timeSeconds) }
        let stepImaginary = recent.map { sin(-2 * Double.pi * Self.searchStepHz * $0.timeSeconds) }
        var bestHz = centreHz
        var bestLength = -1.0
        for step in 0...steps {
            var sumReal = 0.0
            var sumImaginary = 0.0
            for index in recent.indices {
                sumReal += turnedReal[index]
                sumImaginary += turnedImaginary[index]
                let real = turnedReal[index] * stepReal[index] - turnedImaginary[index] * stepImaginary[index]
                turnedImaginary[index] = turnedReal[index] * stepImaginary[index] + turnedImaginary[index] * stepReal[index]
                turnedReal[index] = real
            }
            let length = sumReal * sumReal + sumImaginary * sumImaginary
            if length > bestLength {
                bestLength = length
                bestHz = firstHz + Double(step) * Self.searchStepHz
            }
        }
        guard bestLength.squareRoot() >= Self.leastCoherence * Double(recent.count) else { return nil }
        var referenceReal = 0.0
        var referenceImaginary = 0.0
        // The marks nearest in time: after a warm-up learned first, the newest are the warm-up's last.
        for mark in recent.sorted(by: { abs($0.timeSeconds - seconds) < abs($1.timeSeconds - seconds) }).prefix(Self.referenceCount) {
            let angle = 2 * Double.pi * bestHz * (seconds - mark.timeSeconds)
            referenceReal += mark.real * cos(angle) - mark.imaginary * sin(angle)
            referenceImaginary += mark.real * sin(angle) + mark.imaginary * cos(angle)
        }
        let length = (referenceReal * referenceReal + referenceImaginary * referenceImaginary).squareRoot()
        guard length > 0 else { return nil }
        return (referenceReal / length, referenceImaginary / length)
    }
}
