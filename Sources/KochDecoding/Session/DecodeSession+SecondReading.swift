import Foundation
import KochCore

/// What the second readings of a recording share (`SecondReading`): the recording mixed down at
/// the tone's pitch, the keying read again from a clean tone, and the choice between the plain
/// reading and the second.
extension DecodeSession {
    /// `envelope` (the keying at `rateHz`, about 1 while the key is down) keyed onto a clean
    /// tone at `pitchHz` and read as any recording is, so that every rule of the reading
    /// (timing, characters, words) applies to it; nil where it reads as nothing. The clean
    /// tone holds no talk: marks the plain reading passed over for their pitch or phase still
    /// cast their doubt, and where they were talk's (`DecodeResult.talkThroughTheFilter`) its
    /// words are read again as the plain reading's are where talk sounded (`WordRereader`:
    /// talk's breaks and bursts are in the keying read), from `evidence` where it is given
    /// (`InPhaseEvidence`).
    static func readAgain(
        _ plain: DecodeResult, as strategy: SecondReading, envelope: [Double], rateHz: Double, pitchHz: Double, request: DecodeRequest,
        evidence: MarkEvidence? = nil
    ) throws -> DecodeResult? {
        let sampleRate = max(8000, Int((4 * pitchHz / 1000).rounded(.up)) * 1000)
        let samples = keyedTone(envelope, rateHz: rateHz, pitchHz: pitchHz, sampleRate: sampleRate)
        var clean = request
        clean.sampleRate = sampleRate
        clean.channelCount = 1
        clean.toneHz = pitchHz
        let reading = try decode(
            channels: [samples], request: clean, pass: .alone(talkSounded: plain.talkThroughTheFilter, evidence: evidence))
        guard !reading.output.characters.isEmpty else { return nil }
        var result = plain
        result.output = reading.output
        result.output.offPitchMarks = plain.output.offPitchMarks
        result.output.marksJudgedForTalk = plain.output.marksJudged
        result.toneHz = pitchHz
        result.statistics = reading.statistics
        result.model = reading.model
        result.trace = reading.trace
        result.nothingToDecode = reading.nothingToDecode
        result.roomEchoTakenOut = false
        result.readFromKeySteps = false
        result.secondReading = strategy
        return result
    }

    /// Of the plain reading and a second one, the one kept: both are measured against the
    /// recording itself (`baseband`, the tone's amplitude at the second reading's pitch and
    /// `rateHz`), where a reading that ran marks together or broke them up leaves more of it
    /// unexplained. A reading doubtful as keying (`DecodeResult.implausibilities`) gives way to
    /// one that is not; otherwise the one the recording's response explains better is kept (the
    /// second one while it leaves at most `allowance` times what the plain one leaves), and the
    /// second one only where it leaves at most `mostUnexplainedShare`.
    static func kept(
        _ plain: DecodeResult, or candidate: DecodeResult, measuredAgainst baseband: [ComplexValue], rateHz: Double, allowance: Double = 1
    ) -> DecodeResult {
        func unexplained(_ result: DecodeResult) -> Double {
            KeyingChannel.unexplainedShare(keying: keying(of: result.output, rateHz: rateHz, count: baseband.count), baseband: baseband)
        }
        let candidateUnexplained = unexplained(candidate)
        guard candidateUnexplained <= mostUnexplainedShare else { return plain }
        let plainDoubtful = !plain.implausibilities().isEmpty
        let candidateDoubtful = !candidate.implausibilities().isEmpty
        if plainDoubtful != candidateDoubtful { return candidateDoubtful ? plain : candidate }
        return candidateUnexplained <= allowance * unexplained(plain) ? candidate : plain
    }

    /// A reading that leaves more than this share of the recording unexplained by the room's
    /// response (`KeyingChannel`) is never taken over the plain one: there the recording is not a
    /// room's linear echo of a keyed tone (clipped, say), and neither reading can be measured
    /// against it. Readings that are right leave well under half of it unexplained.
    static let mostUnexplainedShare = 0.5

    /// The channel that counted most in the reading (`weights`; the first where all counted
    /// alike) of `blocks`, mixed down at `toneHz` to `RoomEqualizer`'s rate and band; nil where there is none, or the recording is longer than
    /// `RoomEqualizer.longestSeconds` (over ten minutes an oscillator's pitch moves more than one
    /// refined pitch can follow).
    static func mixedDown(_ blocks: [[[Float]]], weights: [Double], rateHz: Double, toneHz: Double) -> (
        real: [Float], imaginary: [Float], rateHz: Double
    )? {
        guard let count = blocks.first?.count, count > 0 else { return nil }
        let channel = weights.count == count ? weights.indices.max { weights[$0] < weights[$1] } ?? 0 : 0
        let seconds = Double(blocks.reduce(0) { $0 + ($1.first?.count ?? 0) }) / rateHz
        guard seconds <= RoomEqualizer.longestSeconds else { return nil }
        var converter = BasebandConverter(
            toneHz: toneHz, inputRate: rateHz, targetOutputRate: RoomEqualizer.sampleRateHz, bandwidthHz: RoomEqualizer.bandwidthHz)
        var real: [Float] = [], imaginary: [Float] = []
        for block in blocks {
            let samples = channel < block.count ? block[channel] : [Float](repeating: 0, count: block.first?.count ?? 0)
            converter.process(samples, real: &real, imaginary: &imaginary)
        }
        return (real, imaginary, converter.outputRate)
    }

    /// A tone at `pitchHz` keyed by `envelope` (at `rateHz`, its loud level about 1, read
    /// between its samples in straight lines, and never below 0), at `sampleRate`.
    static func keyedTone(_ envelope: [Double], rateHz: Double, pitchHz: Double, sampleRate: Int) -> [Float] {
        guard envelope.count > 1 else { return [] }
        let count = Int(Double(envelope.count - 1) / rateHz * Double(sampleRate))
        let step = 2 * Double.pi * pitchHz / Double(sampleRate)
        return (0..<count).map { index in
            let position = Double(index) * rateHz / Double(sampleRate)
            let below = min(envelope.count - 2, Int(position))
            let fraction = position - Double(below)
            // The filter's undershoot in a gap is no mark: a tone's level is not below silence.
            let level = max(0, envelope[below] + fraction * (envelope[below + 1] - envelope[below]))
            return Float(0.5 * level * sin(step * Double(index)))
        }
    }

    /// A reading's keying sampled at `rateHz`: true where a mark was read.
    static func keying(of output: DecoderOutput, rateHz: Double, count: Int) -> [Bool] {
        var keying = [Bool](repeating: false, count: count)
        for mark in output.elements {
            let start = max(0, Int((mark.startSeconds * rateHz).rounded()))
            let end = min(count, Int(((mark.startSeconds + mark.durationSeconds) * rateHz).rounded()))
            if start < end { for index in start..<end { keying[index] = true } }
        }
        return keying
    }
}
