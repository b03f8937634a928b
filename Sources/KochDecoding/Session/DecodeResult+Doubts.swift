import KochCore

extension DecodeResult {
    /// Everything doubtful about this decode as a reading of keying.
    public func implausibilities() -> [DoubtfulReading] {
        var found: [DoubtfulReading] = []
        if let speed = statistics.speedWPM, let dit = statistics.ditSeconds, !DoubtfulReading.speedRangeWPM.contains(speed) {
            found.append(.speedOutOfRange(speedWPM: speed, ditSeconds: dit))
        }
        if let ratio = statistics.dahToDitRatio, !DoubtfulReading.dahDitRatioRange.contains(ratio) {
            found.append(.dahDitRatioOutOfRange(ratio))
        }
        if !toneWasGiven, let chosen = toneHz, let other = toneSearch.nearTie {
            found.append(.toneNearTie(chosenHz: chosen, otherHz: other.frequencyHz))
        }
        if toneWasGiven, let given = toneHz, let keyed = toneSearch.best, toneSearch.searchedHz.contains(given),
            !([keyed] + toneSearch.others).contains(where: { abs($0.frequencyHz - given) <= ToneCandidate.sameToneWithinHz })
        {
            found.append(.toneGivenNotKeyed(givenHz: given, keyedHz: keyed.frequencyHz))
        }
        let offPitch = output.offPitchMarks
        let judged = output.marksJudged
        if offPitch >= DoubtfulReading.fewestOffPitchMarks, Double(offPitch) >= DoubtfulReading.largestOffPitchShare * Double(judged) {
            found.append(.talkAtTheTone(offPitchMarks: offPitch, marks: judged - offPitch))
        }
        // A mean of a few gaps says little of a fist.
        let intraCharacterDits =
            statistics.intraCharacterGaps.count >= DoubtfulReading.fewestGapsForSpacing
            ? statistics.lengthInDits(.intraCharacter) : nil
        let characterDits =
            statistics.characterGaps.count >= DoubtfulReading.fewestGapsForSpacing
            ? statistics.lengthInDits(.character) : nil
        if roomEchoHeard,
            (intraCharacterDits ?? .infinity) < DoubtfulReading.shortestIntraCharacterDits
                || (characterDits ?? .infinity) < DoubtfulReading.shortestCharacterDits
        {
            found.append(.echoFilledTheGaps(intraCharacterDits: intraCharacterDits, characterDits: characterDits))
        }
        return found
    }

    /// The doubts worth telling: none where no character was read, since a doubt is about a reading.
    public var doubts: [DoubtfulReading] { output.characters.isEmpty ? [] : implausibilities() }

    /// Everything a decode warns of beside its text, in the order it is told. Why nothing was read
    /// is left out where a stuck key was read and its warning already says why.
    public var warnings: [DecodeWarning] {
        var found = output.stuckKeys.map(DecodeWarning.stuckKey)
        let doubts = doubts
        if !doubts.isEmpty { found.append(.doubtful(doubts, otherTonesHeardHz: otherTonesHeardHz)) }
        if let caution = waveringToneCaution { found.append(.waveringTone(caution: caution)) }
        if let reason = nothingToDecode, output.stuckKeys.isEmpty || output.characters.isEmpty {
            found.append(.nothingToDecode(reason))
        }
        return found
    }

    /// What made the recording hard to read: a room's echo heard (or undone, `roomEchoEqualized`),
    /// the tone's pitch wavering, talk or music heard (or read past, `readAlongTonePhase`), the
    /// tone under `ReadingHardship.nearTheNoiseBelowDB` over the noise, or another station keyed
    /// (a rival of a tone the search chose).
    public var hardships: [ReadingHardship] {
        var found: [ReadingHardship] = []
        if roomEchoHeard || roomEchoEqualized { found.append(.roomEcho) }
        if toneWavered { found.append(.waveringTone) }
        if toneSearch.heardTalk(besidesHz: toneHz) || readAlongTonePhase { found.append(.talk) }
        if let snr = signalToNoiseDB, snr < ReadingHardship.nearTheNoiseBelowDB { found.append(.nearTheNoise(signalToNoiseDB: snr)) }
        if !toneWasGiven, let other = toneSearch.rivals.first { found.append(.otherTone(frequencyHz: other.frequencyHz)) }
        return found
    }

    /// Whether the recording was hard to read (`hardships`): there a reading that matches an
    /// exercise poorly may hold the recording's mistakes rather than the sender's.
    public var isHardToRead: Bool { !hardships.isEmpty }

    /// Where the tone's pitch wavered (`toneWavered`), a caution for a reading printed without
    /// an exercise to match: a pitch found wavering was taken for keying by its timing alone
    /// (`DecodeSession.readsAsKeying`), one given with `--tone` because it was given; and in an
    /// echoing room such a reading can be far from what was keyed.
    public var waveringToneCaution: String? {
        guard toneWavered, !output.characters.isEmpty, let toneHz else { return nil }
        let why = toneWasGiven ? "it was read there because it was given" : "it was read because its marks keep a fist's timing"
        return "the tone's pitch at \(Int(toneHz.rounded())) Hz wavered as a voice's does (a room's echo?), and \(why): "
            + "the reading may hold the room's mistakes"
    }

    /// The tones heard other than the one decoded, worth trying with `--tone`.
    public var otherTonesHeardHz: [Double] {
        toneCandidatesHz.filter { abs($0 - (toneHz ?? 0)) >= 20 }
    }

    /// The tones worth trying with `--tone`: the one decoded and the other candidates, best first.
    public var toneCandidatesHz: [Double] {
        var tones: [Double] = []
        for tone in [toneHz].compactMap({ $0 }) + ([toneSearch.best].compactMap { $0 } + toneSearch.others).map(\.frequencyHz)
        where !tones.contains(where: { abs($0 - tone) < 20 }) {
            tones.append(tone)
        }
        return tones
    }
}
