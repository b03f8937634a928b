import Foundation

extension DecodeSession {
    /// Where a room's echo was heard, or the plain reading is doubtful as keying, or the tone
    /// stood under `softReadingBelowDB` over the noise (an echo the first seconds did not show
    /// fills the gaps as noise does, and can make a reading far too fast or slow), the
    /// recording read a second time through the filter learned to undo the room
    /// (`RoomEqualizer`), and the reading kept that is plausible as keying and whose keying the
    /// room's response explains better (`KeyingChannel`; at most `mostUnexplainedShare`,
    /// doubtful or not). A reading so equalized is one of a recording hard to read
    /// (`DecodeResult.isHardToRead`): a poor match to an exercise is not graded.
    ///
    /// The filter's output is the keying, about 1 while the key is down and 0 while it is up:
    /// it is keyed onto a clean tone at the refined pitch and read as any recording is, so
    /// every rule of the reading (timing, characters, words) applies to it. The two readings
    /// are then measured against the recording itself: a reading that ran marks together or
    /// broke them up leaves more of it unexplained. A reading doubtful as keying
    /// (`DecodeResult.implausibilities`) gives way to one that is not.
    ///
    /// On `scripts/room_conditions.py`'s phones in echoing rooms (DRR −6 dB, 8 and 16 kHz), the
    /// plain readings of seeds 1–8 misread 33 % of the characters and the kept ones 1.1 %;
    /// of seeds 201–206, 30 % and 2.5 %. Phones beside the speaker read as before or better;
    /// nothing else of the development recordings (noise, fading, other stations, talk, music,
    /// files made elsewhere) reads differently.
    static func equalizedWhereEchoed(
        _ plain: DecodeResult, blocks: [[[Float]]], rateHz: Double, speedWPM: Double?, traceRangeSeconds: ClosedRange<Double>?,
        prior: CharacterPrior
    ) throws -> DecodeResult {
        guard let toneHz = plain.toneHz, !plain.output.characters.isEmpty, let channel = loudestChannel(plain.channelWeights, of: blocks),
            let equalized = equalize(blocks: blocks, channel: channel, rateHz: rateHz, toneHz: toneHz)
        else { return plain }
        let pitchHz = toneHz + equalized.pitchOffsetHz
        let sampleRate = max(8000, Int((4 * pitchHz / 1000).rounded(.up)) * 1000)
        let samples = keyedTone(equalized.envelope, rateHz: equalized.rateHz, pitchHz: pitchHz, sampleRate: sampleRate)
        let reading = try decode(
            channels: [samples], sampleRate: sampleRate, toneHz: pitchHz, speedWPM: speedWPM, traceRangeSeconds: traceRangeSeconds,
            expecting: prior, equalizesRoomEcho: false)
        guard !reading.output.characters.isEmpty else { return plain }
        // The clean tone holds no talk: marks the plain reading passed over for their pitch or
        // phase still cast their doubt.
        var output = reading.output
        output.offPitchMarks = plain.output.offPitchMarks
        let candidate = DecodeResult(
            output: output, toneHz: pitchHz, otherTones: plain.otherTones, channelWeights: plain.channelWeights,
            statistics: reading.statistics, model: reading.model, signalToNoiseDB: plain.signalToNoiseDB, trace: reading.trace,
            nothingToDecode: reading.nothingToDecode, toneSearch: plain.toneSearch, toneWasGiven: plain.toneWasGiven,
            roomEchoTakenOut: false, roomEchoHeard: plain.roomEchoHeard, readFromKeySteps: false, toneWavered: plain.toneWavered,
            roomEchoEqualized: true)
        func unexplained(_ result: DecodeResult) -> Double {
            KeyingChannel.unexplainedShare(
                keying: keying(of: result.output, rateHz: equalized.rateHz, count: equalized.baseband.count), baseband: equalized.baseband)
        }
        let equalizedUnexplained = unexplained(candidate)
        guard equalizedUnexplained <= mostUnexplainedShare else { return plain }
        let plainDoubtful = !plain.implausibilities().isEmpty
        let equalizedDoubtful = !candidate.implausibilities().isEmpty
        if plainDoubtful != equalizedDoubtful { return equalizedDoubtful ? plain : candidate }
        return equalizedUnexplained <= unexplained(plain) ? candidate : plain
    }

    /// A reading that leaves more than this share of the recording unexplained by the room's
    /// response (`KeyingChannel`) is never taken over the plain one: there the recording is not a
    /// room's linear echo of a keyed tone (clipped, say: sox's reverb 10 dB over the direct
    /// sound clipped thousands of samples, and left 83 to 99 % of it unexplained by either
    /// reading). Read right, phones in echoing rooms left 1 to 46 %.
    static let mostUnexplainedShare = 0.5

    /// The channel that counted most in the reading (the first where all counted alike).
    private static func loudestChannel(_ weights: [Double], of blocks: [[[Float]]]) -> Int? {
        guard let count = blocks.first?.count, count > 0 else { return nil }
        guard weights.count == count else { return 0 }
        return weights.indices.max { weights[$0] < weights[$1] }
    }

    /// One channel of `blocks` mixed down at `toneHz` to `RoomEqualizer`'s rate and band, equalized.
    private static func equalize(blocks: [[[Float]]], channel: Int, rateHz: Double, toneHz: Double) -> RoomEqualizer.Equalized? {
        let seconds = Double(blocks.reduce(0) { $0 + ($1.first?.count ?? 0) }) / rateHz
        guard seconds <= RoomEqualizer.longestSeconds else { return nil }
        var converter = BasebandConverter(
            toneHz: toneHz, inputRate: rateHz, targetOutputRate: RoomEqualizer.sampleRateHz, bandwidthHz: RoomEqualizer.bandwidthHz)
        var real: [Float] = [], imaginary: [Float] = []
        for block in blocks {
            let samples = channel < block.count ? block[channel] : [Float](repeating: 0, count: block.first?.count ?? 0)
            converter.process(samples, real: &real, imaginary: &imaginary)
        }
        return RoomEqualizer.equalize(real: real, imaginary: imaginary, rateHz: converter.outputRate)
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
