import KochCore
import KochSound

/// Runs the two passes of a decode over any source of sample blocks: the
/// first finds the keyed tone and the channels that carry it, the second
/// decodes. Each pass sees the blocks once, so memory stays bounded.
/// A sample that is not a number or is infinite (a damaged recording in
/// floating point) is read as silence, and one beyond ±100 (40 dB over full
/// scale: the top of the levels the tone search measures; far louder, the
/// filters' single-precision sums overflow) is clipped there.
public enum DecodeSession {
    /// `pass` must feed every block of the recording, in order, to the closure it is given;
    /// it is called once for the tone search, and again for the decode unless the search's
    /// decimated blocks were kept for it (`DecimatedRecording`); there is no decode where
    /// nothing was heard keyed, unless a pitch that wavered is tried (`readsAsKeying`).
    /// `expecting`: what the recording holds, ordinary text unless an exercise says otherwise.
    public static func run(
        sampleRate: Int, channelCount: Int, toneHz: Double? = nil, speedWPM: Double? = nil,
        traceRangeSeconds: ClosedRange<Double>? = nil, expecting prior: CharacterPrior = .text,
        pass: (_ consume: ([[Float]]) -> Void) throws -> Void
    ) throws -> DecodeResult {
        let request = DecodeRequest(
            sampleRate: sampleRate, channelCount: channelCount, toneHz: toneHz, speedWPM: speedWPM, traceRangeSeconds: traceRangeSeconds,
            prior: prior)
        return try run(request, pass: .withSecondReadings, blocks: pass)
    }

    /// Reads the recording `blocks` feeds as `request` asks. A first reading may be followed by a
    /// second (`SecondReading`), from the tone search's decimated blocks, where the first may be
    /// the room's or the talk's as much as the keying's.
    static func run(
        _ request: DecodeRequest, pass reading: ReadingPass, blocks pass: (_ consume: ([[Float]]) -> Void) throws -> Void
    ) throws -> DecodeResult {
        // Each pass decimates on the calling core while another analyses what was decimated.
        var intake = ToneFinderIntake(sampleRate: request.sampleRate, channelCount: request.channelCount)
        var kept = DecimatedRecording()
        let finder = try overlapped(ToneFinder(sampleRate: request.sampleRate, channelCount: request.channelCount), pass: pass) {
            let (channels, largest) = usableWithLargest($0)
            return kept.keep(intake.process(channels, largestMagnitudes: largest))
        } work: {
            $0.process(decimated: $1)
        }
        let search = finder.result()
        func decoded(toneHz: Double, weights: [Double], search: ToneSearchResult, toneWavered: Bool) throws -> DecodeResult {
            let configuration = request.configuration(toneHz: toneHz, channelWeights: weights, search: search)
            let plain = try decode(
                configuration, search: search, toneGiven: request.toneHz != nil, toneWavered: toneWavered, pass: reading,
                kept: &kept, intake: intake, blocks: pass)
            guard case .withSecondReadings = reading, let blocks = kept.blocks else { return plain }
            for strategy in SecondReading.allCases where strategy.isTried(after: plain) {
                let result = try strategy.read(plain, blocks: blocks, rateHz: intake.outputRate, request: request)
                if result.secondReading == strategy { return result }
            }
            return plain
        }
        if let toneHz = request.toneHz {
            func near(_ candidate: ToneCandidate) -> Bool { abs(candidate.frequencyHz - toneHz) <= ToneCandidate.sameToneWithinHz }
            let keyedElsewhere = search.best.map { !near($0) } ?? false
            // A tone given where the search heard only a wavering pitch wavers as much read there.
            let wavered = !([search.best].compactMap { $0 } + search.others).contains(where: near) && search.unsteady.contains(where: near)
            // Where nothing is keyed at the tone given, there is no line of it to read; one given
            // within `givenToneWithinHz` of its line is read as given.
            let line = keyedElsewhere ? nil : linePitchHz(near: toneHz, search: search, kept: kept, rateHz: intake.outputRate)
            return try decoded(
                toneHz: line.flatMap { abs($0 - toneHz) > givenToneWithinHz ? $0 : nil } ?? toneHz,
                weights: keyedElsewhere ? [] : search.channelWeights, search: search, toneWavered: wavered)
        }
        if let best = search.best {
            let line =
                readsAtLine(search, toneHz: best.frequencyHz)
                ? linePitchHz(near: best.frequencyHz, search: search, kept: kept, rateHz: intake.outputRate) : nil
            return try decoded(toneHz: line ?? best.frequencyHz, weights: search.channelWeights, search: search, toneWavered: false)
        }
        // A room's echo makes a sidetone's pitch waver as a voice's does: the best-scored of the
        // pitches passed over as unsteady is read, and taken for the tone if its reading keeps a
        // fist's timing (only where nothing steady was heard: then `unsteady` holds them).
        if let wavering = search.unsteady.first {
            let trial = try decoded(
                toneHz: wavering.frequencyHz, weights: search.channelWeights, search: search.taking(wavering), toneWavered: true)
            if readsAsKeying(trial) { return trial }
        }
        return DecodeResult(nothingHeardIn: search, reason: search.reason ?? .noKeyedTone(searchedHz: finder.searchRangeHz))
    }

    /// Whether the pitch the search found gives way to its line's (`linePitchHz`): where it
    /// heard talk beside the tone and followed no drift. Talk pulls the search's pitch off the
    /// tone's, and the line, which the oscillator leaves and a voice does not, holds it. Elsewhere
    /// the search's pitch lies within a hertz or two of the line, where the readings of phones in
    /// echoing rooms change chaotically from one pitch to the next: they are read at the
    /// search's. Whether talk was heard is asked again at the line's pitch when the marks are
    /// judged (`DecoderConfiguration.talkHeard`). The measurements are in docs/decoder.md.
    static func readsAtLine(_ search: ToneSearchResult, toneHz: Double) -> Bool {
        search.heardTalk(besidesHz: toneHz) && search.track == nil
    }

    /// The pitch of the tone's spectral line near `toneHz` (`ToneLine`), read from the search's
    /// decimated blocks (`kept`, at `rateHz`); nil where the blocks were not kept (a recording
    /// longer than `DecimatedRecording` keeps: 22 minutes of a mono recording at 6.3 kHz) or
    /// `ToneLine` finds no line (none stands clear, or the strongest is a steady carrier's).
    static func linePitchHz(near toneHz: Double, search: ToneSearchResult, kept: DecimatedRecording, rateHz: Double) -> Double? {
        guard let blocks = kept.blocks else { return nil }
        return ToneLine.pitchHz(nearHz: toneHz, blocks: blocks, rateHz: rateHz, weights: search.channelWeights, carriersHz: search.steadyTonesHz)
    }

    /// A tone given (`--tone`) more than this from its line is read at the line, talk or none: a
    /// pitch read off a tuner or a keyer's setting may be a few hertz off the oscillator's, and
    /// under talk a few hertz cost as much as the talk itself. One given this near its line is
    /// read as given: the learner's pitch stands unless it is clearly off, since phones in
    /// echoing rooms read chaotically at pitches a hertz or two apart.
    static let givenToneWithinHz = 1.5

    /// Whether a reading of a pitch that wavered as a voice's does is a reading of keying: at
    /// least `fewestWaveringCharacters` characters, nothing doubtful about it, no mark passed
    /// over for its pitch or phase, and marks about a dit apart inside characters, on the whole
    /// (`waveringIntraCharacterDits`). Talk read at its clearest pitch breaks the second and
    /// third (its readings pass marks over and are doubtful, and leave well over a dit inside
    /// characters), while a sidetone whose pitch a room's echo made waver keeps them all.
    static func readsAsKeying(_ result: DecodeResult) -> Bool {
        guard result.output.characters.count >= fewestWaveringCharacters, result.output.offPitchMarks == 0,
            result.implausibilities().isEmpty, result.statistics.intraCharacterGaps.count >= DoubtfulReading.fewestGapsForSpacing,
            let intraCharacterDits = result.statistics.lengthInDits(.intraCharacter)
        else { return false }
        return waveringIntraCharacterDits.contains(intraCharacterDits)
    }

    /// The fewest characters a wavering pitch's reading must hold to be taken for keying.
    static let fewestWaveringCharacters = 10
    /// The mean gap inside characters, in the reading's own dits, of a wavering pitch's reading
    /// taken for keying: a fist leaves about one.
    static let waveringIntraCharacterDits = 0.6...1.4

    /// Decodes the recording the tone search went over as `configuration` says, reads its words
    /// again (`WordRereader`), and sums up what was read.
    private static func decode(
        _ configuration: DecoderConfiguration, search: ToneSearchResult, toneGiven: Bool, toneWavered: Bool, pass reading: ReadingPass,
        kept: inout DecimatedRecording, intake: ToneFinderIntake, blocks pass: (_ consume: ([[Float]]) -> Void) throws -> Void
    ) throws -> DecodeResult {
        let toneHz = configuration.toneHz
        var (decoder, output) = try decodingPass(configuration: configuration, kept: &kept, intake: intake, pass: pass)
        output.append(decoder.finish())
        var statistics = decoder.statistics
        // Talk through the tone's filter breaks marks, makes short ones and fills gaps, as noise
        // does (`WordRereader.repaired`): where a mark was heard off the tone's pitch, each word is
        // read again with its suspects repaired, whatever the SNR.
        // (A room's echo also bends marks' pitch: there the marks are not talk's.)
        let talkSounded =
            reading.talkSounded || DecodeResult.talkSounded(offPitchMarks: output.offPitchMarks, roomEchoHeard: decoder.heardRoomEcho)
        let plan = WordRereader.Plan.forReading(
            signalToNoiseDB: decoder.signalToNoiseDB, talkSounded: talkSounded, givenEvidence: reading.evidence,
            sampleEvidence: decoder.evidence)
        if let reread = WordRereader.reread(
            output, model: decoder.model, assembler: CharacterAssembler(prior: configuration.characterPrior), plan: plan)
        {
            output = reread.output
            statistics = reread.statistics
        }
        var reason: NothingToDecodeReason?
        if output.characters.isEmpty {
            if let stuck = output.stuckKeys.first, stuck.lastsToEnd {
                reason = .steadyCarrier(frequencyHz: toneHz)
            } else {
                reason = search.reason ?? .tooWeak(frequencyHz: toneHz)
            }
        }
        let weights = configuration.channelWeights
        return DecodeResult(
            output: output, toneHz: toneHz,
            otherTones: search.others.filter { abs($0.frequencyHz - toneHz) > ToneCandidate.sameToneWithinHz },
            channelWeights: weights.isEmpty ? Array(repeating: 1, count: configuration.channelCount) : weights,
            statistics: statistics, model: decoder.model, signalToNoiseDB: decoder.signalToNoiseDB,
            trace: decoder.trace, nothingToDecode: reason, toneSearch: search, toneWasGiven: toneGiven,
            roomEchoTakenOut: decoder.takesOutRoomEcho, roomEchoHeard: decoder.heardRoomEcho,
            readFromKeySteps: decoder.readsKeySteps, toneWavered: toneWavered)
    }

    /// The decoding pass: over the tone search's decimated blocks when they were kept and are
    /// what this pass would make (`kept` is let go otherwise, before the recording is read again).
    private static func decodingPass(
        configuration: DecoderConfiguration, kept: inout DecimatedRecording, intake: ToneFinderIntake,
        pass: (_ consume: ([[Float]]) -> Void) throws -> Void
    ) throws -> (CWDecoder, DecoderOutput) {
        var frontEnd = BasebandFrontEnd(configuration: configuration)
        let decoding = (try CWDecoder(configuration: configuration), DecoderOutput())
        let decode: (inout (CWDecoder, DecoderOutput), BasebandBlock) -> Void = { $0.1.append($0.0.process(baseband: $1)) }
        if let blocks = kept.blocks, frontEnd.decimatesLike(intake) {
            return overlapped(decoding, pass: { consume in blocks.forEach(consume) }, first: { frontEnd.process(decimated: $0) }, work: decode)
        }
        kept = DecimatedRecording()
        return try overlapped(decoding, pass: pass, first: { frontEnd.process(usable($0)) }, work: decode)
    }

    /// Runs one pass: `first` on each block on the calling core, `work` on
    /// what it made on another, in order; returns the state `work` left.
    private static func overlapped<State, Block: Sendable>(
        _ state: State, pass: (_ consume: ([[Float]]) -> Void) throws -> Void, first: @escaping ([[Float]]) -> Block,
        work: @escaping (inout State, Block) -> Void
    ) rethrows -> State {
        let stage = OverlappedStage(state, work: work)
        do {
            try pass { stage.submit(first($0)) }
        } catch {
            _ = stage.finish()
            throw error
        }
        return stage.finish()
    }

    /// The largest sample the decoder reads as it is: 40 dB over full scale.
    static let largestSample: Float = 100

    /// The block with every sample that is NaN or infinite made 0, and every
    /// sample beyond ±`largestSample` clipped there.
    static func usable(_ channels: [[Float]]) -> [[Float]] {
        usableWithLargest(channels).channels
    }

    /// `usable(channels)`, and the largest magnitude of each channel it returns.
    static func usableWithLargest(_ channels: [[Float]]) -> (channels: [[Float]], largest: [Float]) {
        let largest = channels.map(LargestMagnitude.of)
        guard !largest.allSatisfy({ $0 <= largestSample }) else { return (channels, largest) }
        let cleaned = channels.map { channel in channel.map { $0.isFinite ? min(max($0, -largestSample), largestSample) : 0 } }
        return (cleaned, cleaned.map(LargestMagnitude.of))
    }

    /// Above this SNR (in 500 Hz) noise hardly moves an edge, and what spreads the durations
    /// is the hand that keyed them: they are read under the proportional normal law.
    /// Below it the noise's own jitter, which that law does not describe, dominates.
    static let handTimingAboveDB = 10.0

    /// Below this SNR (in 500 Hz) words are read again from the evidence of their samples (`SoftWordReader`).
    static let softReadingBelowDB = 6.0

    /// Below this SNR (in 500 Hz), broken marks and noise bursts are repaired in a second reading.
    static let repairBelowDB = 6.0

    /// The fewest marks a word must hold to be printed at a signal-to-noise ratio.
    ///
    /// At a low SNR, noise bursts, static crashes and the remains of a signal
    /// in a deep fade make short isolated marks: a word of one mark (E, T), or
    /// of two below 0 dB (I, A, N, M, ET…), then carries too little evidence to
    /// tell keying from noise, and printing it invents more often than it reads.
    /// Printing fewer characters is the better failure.
    public static func minimumMarksPerWord(signalToNoiseDB: Double?) -> Int {
        guard let signalToNoiseDB else { return 1 }
        if signalToNoiseDB < 0 { return 3 }
        return signalToNoiseDB < 3 ? 2 : 1
    }

    /// Decodes samples held in memory (one array per channel), in blocks of a second.
    public static func decode(
        channels: [[Float]], sampleRate: Int, toneHz: Double? = nil, speedWPM: Double? = nil,
        traceRangeSeconds: ClosedRange<Double>? = nil, expecting prior: CharacterPrior = .text
    ) throws -> DecodeResult {
        let request = DecodeRequest(
            sampleRate: sampleRate, channelCount: channels.count, toneHz: toneHz, speedWPM: speedWPM,
            traceRangeSeconds: traceRangeSeconds, prior: prior)
        return try decode(channels: channels, request: request, pass: .withSecondReadings)
    }

    /// `decode`, as a first reading or a second (`run`).
    static func decode(channels: [[Float]], request: DecodeRequest, pass reading: ReadingPass) throws -> DecodeResult {
        let length = channels.map(\.count).min() ?? 0
        return try run(request, pass: reading) { consume in
            var start = 0
            while start < length {
                let end = min(length, start + request.sampleRate)
                consume(channels.map { Array($0[start..<end]) })
                start = end
            }
        }
    }
}
