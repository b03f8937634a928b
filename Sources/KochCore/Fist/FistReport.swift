import Foundation

/// How a learner's keying sounds, measured from the marks and gaps the
/// decoder found in their recording: speed, the dah/dit ratio against 3,
/// the gaps against 1, 3 and 7 dits (or the exercise's Farnsworth spacing),
/// how even the dits and dahs are, where the timing was ambiguous, and a
/// sentence of advice for each figure outside its tolerance (`FistAdvice`).
///
/// Marks are measured as keyed: a dit or a dah as the decoder read it from
/// its length and the character it made, never as the exercise's script
/// would have it, so that a character keyed wrong (W for U) is measured as
/// the W it was and leaves the figures of the rest as they are. Gaps
/// between characters are measured as what they were meant to be: one
/// between two characters meant for different groups counts as a gap
/// between words, one between characters of the same group as a gap
/// between characters, however the decoder heard them. A learner who runs
/// words together is told so, although the decoder heard one long word.
/// Elsewhere (extra characters) the decoder's reading stands.
///
/// Lengths are in dits of the learner's own speed (the mean dit), so a
/// slow but well-proportioned fist scores as well as a fast one. A gap
/// between words more than `pauseFactor` times the typical one is a pause
/// (to turn a page, say), not part of the rhythm, and is left out.
public struct FistReport: Sendable, Hashable, Encodable {
    /// Character speed by PARIS timing from the mean dit, to 0.1 WPM.
    public let speedWPM: Double
    /// Overall pace, gaps included, as PARIS words per minute, to 0.1 WPM.
    public let effectiveSpeedWPM: Double
    public let ditMilliseconds: Double
    public let dahToDitRatio: Double?
    public let dits: TimingSpread
    public let dahs: TimingSpread?
    public let intraCharacterGaps: TimingSpread?
    public let characterGaps: TimingSpread?
    public let wordGaps: TimingSpread?
    /// Gaps between words left out as pauses.
    public let pauses: Int
    public let targets: FistTargets
    /// Marks and gaps that lay between two clusters, in order.
    public let ambiguous: [AmbiguousTiming]
    /// Most important first; empty for a fist with nothing to fix.
    public private(set) var advice: [FistAdvice]
    /// Whether an electronic keyer made the marks (`keyerMade()`).
    public private(set) var marksAreTheKeyers = false

    /// A word gap this many times the median word gap is a pause.
    public static let pauseFactor = 2.5
    /// The middle part of the log interval between two cluster centres in which a length is ambiguous.
    public static let ambiguousBand = 0.4

    /// The report on `elements` and `gaps` as decoded, with `characters`
    /// the decoded characters and `meant` what each was meant to be (from
    /// `KeyedCopy`); nil when there is not a single mark to measure.
    public init?(
        elements decodedElements: [TimedElement], gaps decodedGaps: [TimedGap], characters: [DecodedCharacter],
        meant: [MeantCharacter?], exercise: Timing
    ) {
        let (elements, gaps) = Self.asMeant(elements: decodedElements, gaps: decodedGaps, characters: characters, meant: meant)
        let ditDurations = elements.filter { $0.element == .dit }.map(\.durationSeconds)
        let dahDurations = elements.filter { $0.element == .dah }.map(\.durationSeconds)
        let ditSeconds: Double
        if !ditDurations.isEmpty {
            ditSeconds = ditDurations.reduce(0, +) / Double(ditDurations.count)
        } else if !dahDurations.isEmpty {
            ditSeconds = dahDurations.reduce(0, +) / Double(dahDurations.count) / 3
        } else {
            return nil
        }
        guard ditSeconds > 0 else { return nil }
        let sortedGaps = gaps.sorted { $0.startSeconds < $1.startSeconds }
        let allWordGaps = sortedGaps.filter { $0.gap == .word }.map(\.durationSeconds)
        let medianWordGap = allWordGaps.sorted()[safeMiddle: allWordGaps.count]
        let isPause: (TimedGap) -> Bool = { gap in
            gap.gap == .word && medianWordGap.map { gap.durationSeconds > Self.pauseFactor * $0 } == true
        }
        let rhythmGaps = sortedGaps.filter { !isPause($0) }
        func spread(_ gap: Gap) -> TimingSpread? {
            TimingSpread(durationsSeconds: rhythmGaps.filter { $0.gap == gap }.map(\.durationSeconds), ditSeconds: ditSeconds)
        }

        speedWPM = FistNumber.rounded(Timing.speedWPM(unitSeconds: ditSeconds), places: 1)
        ditMilliseconds = FistNumber.rounded(ditSeconds * 1000, places: 1)
        dits =
            TimingSpread(durationsSeconds: ditDurations, ditSeconds: ditSeconds)
            ?? TimingSpread(count: 0, meanDits: 1, variationPercent: nil)
        dahs = TimingSpread(durationsSeconds: dahDurations, ditSeconds: ditSeconds)
        dahToDitRatio = ditDurations.isEmpty ? nil : dahs?.meanDits
        intraCharacterGaps = spread(.intraCharacter)
        characterGaps = spread(.character)
        wordGaps = spread(.word)
        pauses = sortedGaps.count - rhythmGaps.count
        targets = FistTargets(exercise: exercise, ditSeconds: ditSeconds)
        effectiveSpeedWPM = FistNumber.rounded(
            Self.effectiveSpeedWPM(elements: elements, gaps: sortedGaps, isPause: isPause), places: 1)
        ambiguous = Self.ambiguities(
            elements: elements, gaps: rhythmGaps, characters: characters, meant: meant, ditSeconds: ditSeconds,
            centres: (
                dit: 1, dah: dahs?.meanDits ?? 3, intra: intraCharacterGaps?.meanDits ?? 1,
                character: characterGaps?.meanDits ?? 3, word: wordGaps?.meanDits ?? 7 * (characterGaps?.meanDits ?? 3) / 3
            ))
        advice = []
        advice = FistAdvice.advice(for: self)
    }

    /// The report on marks an electronic keyer made from the learner's paddles: the dits and dahs
    /// are the keyer's, exact whatever the hand, so only what the learner controls (the gaps) is
    /// judged; their figures stay as measured.
    public func keyerMade() -> FistReport {
        var report = self
        report.marksAreTheKeyers = true
        report.advice = FistAdvice.advice(for: report)
        return report
    }

    /// The report on a decoded recording of a send exercise.
    public init?(output: DecoderOutput, copy: KeyedCopy, exercise: Timing) {
        self.init(elements: output.elements, gaps: output.gaps, characters: output.characters, meant: copy.meant, exercise: exercise)
    }

    /// The elements as keyed, and the gaps between them (not the silence before the first mark
    /// or after the last, which is no part of the keying) with the classes the exercise meant
    /// them to have, where the alignment says what that was.
    static func asMeant(
        elements: [TimedElement], gaps: [TimedGap], characters: [DecodedCharacter],
        meant: [MeantCharacter?]
    ) -> (elements: [TimedElement], gaps: [TimedGap]) {
        let index = CharacterIndex(characters)
        let sorted = elements.sorted { $0.startSeconds < $1.startSeconds }
        guard let first = sorted.first?.startSeconds, let last = sorted.map({ $0.startSeconds + $0.durationSeconds }).max() else {
            return ([], [])
        }
        let keyedGaps = gaps.filter { $0.startSeconds >= first && $0.startSeconds < last }
        let asMeantGaps = keyedGaps.map { gap -> TimedGap in
            guard gap.gap != .intraCharacter, let before = index.at(gap.startSeconds), before + 1 < characters.count,
                meant.indices.contains(before + 1), let first = meant[before], let second = meant[before + 1]
            else { return gap }
            let intended: Gap = first.groupNumber == second.groupNumber ? .character : .word
            return TimedGap(gap: intended, startSeconds: gap.startSeconds, durationSeconds: gap.durationSeconds)
        }
        return (sorted, asMeantGaps)
    }

    /// PARIS units keyed (a dit and the gap inside a character 1, a dah 3,
    /// a gap between characters 3, between words 7) over the time they
    /// took, from the first key-down to the last key-up, pauses counted
    /// as word gaps.
    static func effectiveSpeedWPM(elements: [TimedElement], gaps: [TimedGap], isPause: (TimedGap) -> Bool) -> Double {
        guard let first = elements.map(\.startSeconds).min(),
            let last = elements.map({ $0.startSeconds + $0.durationSeconds }).max()
        else { return 0 }
        var units = elements.reduce(0) { $0 + $1.element.units }
        var seconds = last - first
        for gap in gaps where gap.startSeconds >= first && gap.startSeconds < last {
            switch gap.gap {
            case .intraCharacter: units += 1
            case .character: units += 3
            case .word: units += 7
            }
            if isPause(gap) { seconds -= gap.durationSeconds }
        }
        guard seconds > 0 else { return 0 }
        // Pauses are counted at the mean length of the other word gaps.
        let rhythmWordGaps = gaps.filter { $0.gap == .word && !isPause($0) && $0.startSeconds < last }
        if !rhythmWordGaps.isEmpty {
            let mean = rhythmWordGaps.reduce(0) { $0 + $1.durationSeconds } / Double(rhythmWordGaps.count)
            seconds += mean * Double(gaps.filter { isPause($0) && $0.startSeconds < last }.count)
        }
        return 1.2 * Double(units) / seconds
    }

    /// Marks and gaps whose length lies in the middle of the log interval
    /// between two cluster centres (in dits).
    static func ambiguities(
        elements: [TimedElement], gaps: [TimedGap], characters: [DecodedCharacter], meant: [MeantCharacter?], ditSeconds: Double,
        centres: (dit: Double, dah: Double, intra: Double, character: Double, word: Double)
    ) -> [AmbiguousTiming] {
        let index = CharacterIndex(characters)
        func isBetween(_ length: Double, _ lower: Double, _ upper: Double) -> Bool {
            guard length > 0, lower > 0, upper > lower * 1.05 else { return false }
            let logLower = log(lower), logUpper = log(upper)
            let middle = (logLower + logUpper) / 2
            return abs(log(length) - middle) <= ambiguousBand / 2 * (logUpper - logLower)
        }
        var found: [(AmbiguousTiming.Kind, String, Double, Double)] = []
        for element in elements {
            let length = element.durationSeconds / ditSeconds
            if isBetween(length, centres.dit, centres.dah) {
                found.append((.ditOrDah, element.element == .dit ? "dit" : "dah", length, element.startSeconds))
            }
        }
        for gap in gaps {
            let length = gap.durationSeconds / ditSeconds
            switch gap.gap {
            case .intraCharacter:
                if isBetween(length, centres.intra, centres.character) {
                    found.append((.oneCharacterOrTwo, gap.gap.rawValue, length, gap.startSeconds))
                }
            case .character:
                if isBetween(length, centres.intra, centres.character) {
                    found.append((.oneCharacterOrTwo, gap.gap.rawValue, length, gap.startSeconds))
                } else if isBetween(length, centres.character, centres.word) {
                    found.append((.sameWordOrNext, gap.gap.rawValue, length, gap.startSeconds))
                }
            case .word:
                if isBetween(length, centres.character, centres.word) {
                    found.append((.sameWordOrNext, gap.gap.rawValue, length, gap.startSeconds))
                }
            }
        }
        return found.sorted { $0.3 < $1.3 }.map { kind, readAs, length, seconds in
            let position = index.at(seconds)
            return AmbiguousTiming(
                kind: kind, readAs: readAs, lengthDits: FistNumber.rounded(length, places: 2),
                atSeconds: FistNumber.rounded(seconds, places: 3),
                decoded: position.map { characters[$0].text } ?? "?",
                meant: position.flatMap { meant.indices.contains($0) ? meant[$0] : nil })
        }
    }
}

extension Array where Element == Double {
    /// The middle element of a sorted array of `count` elements; nil when empty.
    fileprivate subscript(safeMiddle count: Int) -> Double? {
        count > 0 && count <= self.count ? self[count / 2] : nil
    }
}
