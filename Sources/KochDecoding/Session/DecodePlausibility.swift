import KochCore

/// Why a decode cannot be trusted as a reading of an exercise: what a grade
/// must not be recorded from.
///
/// A learner keys an exercise at a human speed (about 5 to 50 WPM: 4 to 60 are
/// accepted, as a speed read from few marks can be a little off), with dahs of
/// 1.5 to 6 dits, and sends about the characters on the sheet. A decode that breaks one of these read something else: talk,
/// music, a carrier, another tone, or the right tone through too much echo.
///
/// Where the recording was hard to read (a room's echo, a wavering pitch, talk, the tone near
/// the noise, another station keyed), a reading of the exercise that matches it poorly is refused too: the
/// mistakes may be the recording's rather than the sender's. A clean recording's poor match
/// is the sender's, and is graded.
public enum ImplausibleDecode: Sendable, Hashable, CustomStringConvertible {
    case speedOutOfRange(speedWPM: Double, ditSeconds: Double)
    case dahDitRatioOutOfRange(Double)
    /// Two tones scored too close to tell which one is the sender's.
    case toneNearTie(chosenHz: Double, otherHz: Double)
    /// A tone was given where the search, which covers it, found nothing keyed, and found keying elsewhere:
    /// what was read is the keyed tone's leakage through the filter, weakened and broken.
    case toneGivenNotKeyed(givenHz: Double, keyedHz: Double)
    /// Many marks read at other pitches (or phases) than the tone's: talk or music sounded
    /// through its filter, and may have bent the marks that were read.
    case talkAtTheTone(offPitchMarks: Int, marks: Int)
    /// A room's echo trailed the marks (or the reading is of a room undone, `roomEchoEqualized`),
    /// and the reading matches the exercise poorly: the mistakes may be the echo's (marks it ran
    /// together) rather than the sender's.
    case echoWithPoorMatch(accuracy: Double)
    /// The tone stood near the noise (under `nearTheNoiseBelowDB`), and the reading matches
    /// the exercise poorly: the mistakes may be the noise's.
    case noiseWithPoorMatch(signalToNoiseDB: Double, accuracy: Double)
    /// The tone's pitch wavered as a voice's does (`DecodeResult.toneWavered`: a room's echo, or talk at its pitch),
    /// and the reading matches the exercise poorly: the mistakes may be the room's.
    case waveringToneWithPoorMatch(accuracy: Double)
    /// Talk or music sounded (`ToneSearchResult.heardTalk(besidesHz:)`), and the reading matches the
    /// exercise poorly: talk through the tone's filter makes and breaks marks, and a phone's
    /// automatic gain can hide it from the marks' pitch.
    case talkWithPoorMatch(accuracy: Double)
    /// Another tone was keyed too (`ToneSearchResult.rivals`), and the reading matches the
    /// exercise poorly: what was read may be the other station's keying, or the sender's
    /// broken by it.
    case otherToneWithPoorMatch(otherHz: Double, accuracy: Double)
    /// A room's echo trailed the marks, and the gaps read were shorter than a fist's (on the
    /// whole, under `shortestIntraCharacterDits` inside characters or `shortestCharacterDits`
    /// between them): the tails filled the gaps, and the marks read are the echo's as much as
    /// the sender's.
    case echoFilledTheGaps(intraCharacterDits: Double?, characterDits: Double?)
    case tooFewCharacters(decoded: Int, expected: Int)
    case tooManyCharacters(decoded: Int, expected: Int)

    public static let speedRangeWPM = 4.0...60.0
    public static let dahDitRatioRange = 1.5...6.0
    /// The decoded characters must be at least this fraction of the exercise's, and at most its inverse.
    public static let smallestCharacterShare = 0.5
    /// Marks off the tone's pitch, as a share of all marks (and at least `fewestOffPitchMarks` of them), that make a decode doubtful.
    public static let largestOffPitchShare = 0.01
    public static let fewestOffPitchMarks = 2
    /// Where the recording was hard to read (`DecodeResult.isHardToRead`), a reading that
    /// matches under this share of the exercise is not graded: the share a
    /// session needs to move the level (`DirectionProgress.advancementPercent`), so that no
    /// mistake of the recording's holds a learner back. Such recordings can read several percent
    /// wrong where the sender made no mistake.
    public static let poorMatchBelowAccuracy = Double(DirectionProgress.advancementPercent) / 100
    /// The tone's level over the noise (in 500 Hz) under which its reading is hard: the level
    /// under which the decoder reads every sample's evidence again (`DecodeSession`). A reading
    /// with many mistakes that passes the other checks (hand keying's aside, whose mistakes are
    /// the fist's) is of a recording with an echo heard, another station keyed, or the tone
    /// under this.
    public static let nearTheNoiseBelowDB = DecodeSession.softReadingBelowDB
    /// A fist leaves about a dit between the elements of a character and three between
    /// characters. An echo lengthens the marks read and shortens the gaps, but where the reading
    /// is right they stay near a fist's; where an echo was heard, a mean under these (in the
    /// reading's own dits) read the echo. The gap between characters is allowed a little under
    /// what a right reading of another simulated room keeps (`DecodingReverberationTests`).
    public static let shortestIntraCharacterDits = 0.5
    public static let shortestCharacterDits = 1.7
    public static let fewestGapsForSpacing = 5

    public var description: String {
        switch self {
        case let .speedOutOfRange(speedWPM, ditSeconds):
            return "the speed read was \(Int(speedWPM.rounded())) WPM (dits of \(Int((ditSeconds * 1000).rounded())) ms), "
                + "outside the \(Int(Self.speedRangeWPM.lowerBound)) to \(Int(Self.speedRangeWPM.upperBound)) WPM of human keying"
        case let .dahDitRatioOutOfRange(ratio):
            return "the dahs read were \(String(format: "%.1f", ratio)) dits long, outside the 1.5 to 6 of any fist"
        case let .toneNearTie(chosenHz, otherHz):
            return "two tones, at \(Int(chosenHz.rounded())) Hz and \(Int(otherHz.rounded())) Hz, were keyed about as clearly, "
                + "and the search cannot tell which one is yours"
        case let .toneGivenNotKeyed(givenHz, keyedHz):
            return "nothing is keyed at the tone given, \(Int(givenHz.rounded())) Hz: the keying is at \(Int(keyedHz.rounded())) Hz"
        case let .talkAtTheTone(offPitchMarks, marks):
            return "\(offPitchMarks) of \(offPitchMarks + marks) marks were at another pitch or phase than the tone's: "
                + "talk or music sounded through it, and may have changed the marks read"
        case let .echoWithPoorMatch(accuracy):
            return Self.poorMatch(
                "a room's echo trailed the marks", accuracy, "koch cannot tell mistakes in the keying from marks the echo ran together")
        case let .noiseWithPoorMatch(signalToNoiseDB, accuracy):
            return Self.poorMatch(
                "the tone stood only \(Int(signalToNoiseDB.rounded())) dB over the noise", accuracy,
                "koch cannot tell mistakes in the keying from the noise's")
        case let .waveringToneWithPoorMatch(accuracy):
            return Self.poorMatch(
                "the tone's pitch wavered as a voice's does (a room's echo, or talk at its pitch)", accuracy,
                "koch cannot tell mistakes in the keying from the room's")
        case let .talkWithPoorMatch(accuracy):
            return Self.poorMatch(
                "talk or music sounded in the recording", accuracy, "koch cannot tell mistakes in the keying from marks the talk made or broke")
        case let .otherToneWithPoorMatch(otherHz, accuracy):
            return Self.poorMatch(
                "another tone was keyed at \(Int(otherHz.rounded())) Hz", accuracy, "what was read may be the other tone's keying")
        case let .echoFilledTheGaps(intraCharacterDits, characterDits):
            let read = [
                intraCharacterDits.map { String(format: "%.1f dits inside characters", $0) },
                characterDits.map { String(format: "%.1f between them", $0) },
            ].compactMap { $0 }.joined(separator: ", ")
            return "a room's echo trailed the marks, and the gaps read were shorter than any fist's (\(read); "
                + "a fist leaves about 1 and 3): the echo filled them, and may have made the marks read"
        case let .tooFewCharacters(decoded, expected):
            return "only \(decoded) characters were read, of the \(expected) the exercise sends"
        case let .tooManyCharacters(decoded, expected):
            return "\(decoded) characters were read, more than twice the \(expected) the exercise sends"
        }
    }

    /// What made the recording hard, the share of the exercise the reading matches, and why
    /// the mistakes may not be the sender's.
    private static func poorMatch(_ hardship: String, _ accuracy: Double, _ why: String) -> String {
        "\(hardship), and the reading matches only \(Int((100 * accuracy).rounded())) % of the exercise: \(why)"
    }
}

extension DecodeResult {
    /// Everything implausible about this decode as a reading of keying, and of an exercise
    /// of `expectedCharacters` characters when one is given. `matchAccuracy`, the share of the
    /// exercise the reading matches when it was scored: in an echoing room, where the tone's
    /// pitch wavered, near the noise or beside another station a misreading can look like any other reading (a plausible speed,
    /// about the exercise's length), so there a poor match is not taken for the sender's
    /// (`poorMatchBelowAccuracy`).
    public func implausibilities(expectedCharacters: Int? = nil, matchAccuracy: Double? = nil) -> [ImplausibleDecode] {
        var found: [ImplausibleDecode] = []
        if let speed = statistics.speedWPM, let dit = statistics.ditSeconds, !ImplausibleDecode.speedRangeWPM.contains(speed) {
            found.append(.speedOutOfRange(speedWPM: speed, ditSeconds: dit))
        }
        if let ratio = statistics.dahToDitRatio, !ImplausibleDecode.dahDitRatioRange.contains(ratio) {
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
        if offPitch >= ImplausibleDecode.fewestOffPitchMarks, Double(offPitch) >= ImplausibleDecode.largestOffPitchShare * Double(judged) {
            found.append(.talkAtTheTone(offPitchMarks: offPitch, marks: judged - offPitch))
        }
        if let matchAccuracy, matchAccuracy < ImplausibleDecode.poorMatchBelowAccuracy {
            found += poorMatchDoubts(accuracy: matchAccuracy)
        }
        // A mean of a few gaps says little of a fist.
        let intraCharacterDits =
            statistics.intraCharacterGaps.count >= ImplausibleDecode.fewestGapsForSpacing
            ? statistics.lengthInDits(.intraCharacter) : nil
        let characterDits =
            statistics.characterGaps.count >= ImplausibleDecode.fewestGapsForSpacing
            ? statistics.lengthInDits(.character) : nil
        if roomEchoHeard,
            (intraCharacterDits ?? .infinity) < ImplausibleDecode.shortestIntraCharacterDits
                || (characterDits ?? .infinity) < ImplausibleDecode.shortestCharacterDits
        {
            found.append(.echoFilledTheGaps(intraCharacterDits: intraCharacterDits, characterDits: characterDits))
        }
        guard let expectedCharacters else { return found }
        let decoded = output.characters.count
        if Double(decoded) < ImplausibleDecode.smallestCharacterShare * Double(expectedCharacters) {
            found.append(.tooFewCharacters(decoded: decoded, expected: expectedCharacters))
        } else if Double(decoded) > Double(expectedCharacters) / ImplausibleDecode.smallestCharacterShare {
            found.append(.tooManyCharacters(decoded: decoded, expected: expectedCharacters))
        }
        return found
    }

    /// Whether the recording was hard to read: a room's echo heard (or undone, `roomEchoEqualized`), the tone's pitch wavering,
    /// talk or music heard (or read past, `readAlongTonePhase`), the tone under `ImplausibleDecode.nearTheNoiseBelowDB` over the
    /// noise, or another station keyed (a rival of a tone the search chose). There a reading that matches an exercise
    /// poorly may hold the recording's mistakes rather than the sender's.
    public var isHardToRead: Bool { !poorMatchDoubts(accuracy: 0).isEmpty }

    /// What made the recording hard to read, each as the doubt it casts on a reading that
    /// matches only `accuracy` of an exercise.
    private func poorMatchDoubts(accuracy: Double) -> [ImplausibleDecode] {
        var found: [ImplausibleDecode] = []
        if roomEchoHeard || roomEchoEqualized { found.append(.echoWithPoorMatch(accuracy: accuracy)) }
        if toneWavered { found.append(.waveringToneWithPoorMatch(accuracy: accuracy)) }
        if toneSearch.heardTalk(besidesHz: toneHz) || readAlongTonePhase { found.append(.talkWithPoorMatch(accuracy: accuracy)) }
        if let snr = signalToNoiseDB, snr < ImplausibleDecode.nearTheNoiseBelowDB {
            found.append(.noiseWithPoorMatch(signalToNoiseDB: snr, accuracy: accuracy))
        }
        if !toneWasGiven, let other = toneSearch.rivals.first {
            found.append(.otherToneWithPoorMatch(otherHz: other.frequencyHz, accuracy: accuracy))
        }
        return found
    }

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
